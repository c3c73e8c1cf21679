#include "validator/input/input_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <utility>

namespace gafcheck {

namespace input_hooks {
constinit AfterOpen after_open = nullptr;
}  // namespace input_hooks

namespace {

struct FileDescriptor {
  int fd = -1;
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

std::string describe_errno(const char* what) {
  return std::string(what) + ": " + std::strerror(errno);
}

std::string file_type_name(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "not a regular file";
}

// The reason given for a file that changed while it was read, as input.unreadable reports it.
std::string changed(const std::string& detail) {
  return "changed while it was read: " + detail;
}

// Reads from the start of the file until want bytes are in or the file ends, asking for up to
// ask bytes (ask > want asks for a byte past the expected end in the same call, so a file that
// grew is seen without another system call). The count read, or -1 with errno set.
std::int64_t read_from_start(int fd, std::uint8_t* into, std::size_t want, std::size_t ask) {
  std::size_t done = 0;
  // At least one call, so that an empty file that grew is seen too.
  while (done < ask && (done < want || done == 0)) {
    const ssize_t got = ::pread(fd, into + done, ask - done, static_cast<off_t>(done));
    if (got < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (got == 0) break;  // the file shrank since fstat
    done += static_cast<std::size_t>(got);
  }
  return static_cast<std::int64_t>(done);
}

// ctime is left out on purpose: it also moves when the file is unlinked or renamed over, which
// does not change the bytes the open descriptor reads. The inode and device of a descriptor
// never change.
bool same_state(const struct stat& before, const struct stat& after) {
  return before.st_size == after.st_size && before.st_mtim.tv_sec == after.st_mtim.tv_sec &&
         before.st_mtim.tv_nsec == after.st_mtim.tv_nsec;
}

// Reads [offset, offset + length) exactly; false with errno set, or errno 0 when the file ended
// first (it shrank since fstat).
bool read_range(int fd, std::uint8_t* into, std::uint64_t offset, std::uint64_t length) {
  std::uint64_t done = 0;
  while (done < length) {
    const ssize_t got = ::pread(fd, into + done, static_cast<std::size_t>(length - done),
                                static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      if (got == 0) errno = 0;
      return false;
    }
    done += static_cast<std::uint64_t>(got);
  }
  return true;
}

// Opens a regular file (never blocking on a FIFO) and takes its state, then calls the after-open
// hook: the descriptor, or -1 with failure's reason set (too_large above max_size). failure.size
// is the size fstat gave.
int open_regular(int directory, const std::filesystem::path& path, int extra_flags,
                 std::uint64_t max_size, ReadFailure& failure, struct stat& before) {
  FileDescriptor descriptor;
  descriptor.fd =
      ::openat(directory, path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | extra_flags);
  if (descriptor.fd < 0) {
    failure.reason = describe_errno("cannot open");
  } else if (::fstat(descriptor.fd, &before) != 0) {
    failure.reason = describe_errno("cannot stat");
  } else if (!S_ISREG(before.st_mode)) {
    failure.reason = "cannot read: " + file_type_name(before.st_mode);
  } else if (failure.size = static_cast<std::uint64_t>(before.st_size); failure.size > max_size) {
    failure.too_large = true;
    failure.reason = "file is larger than the file size budget";
  } else {
    if (input_hooks::after_open) input_hooks::after_open(path);
    return std::exchange(descriptor.fd, -1);
  }
  return -1;
}

}  // namespace

InputFile::Buffer InputFile::Buffer::allocate(std::size_t capacity) {
  if (capacity > read_limit) return mapped(capacity, MAP_POPULATE);
  Buffer buffer;
  buffer.bytes_ = new std::uint8_t[capacity];
  buffer.capacity_ = capacity;
  return buffer;
}

InputFile::Buffer InputFile::Buffer::allocate_sparse(std::size_t capacity) {
  if (capacity == 0) return {};
  return mapped(capacity, MAP_NORESERVE);
}

InputFile::Buffer InputFile::Buffer::mapped(std::size_t capacity, int extra_flags) {
  Buffer buffer;
  void* data = ::mmap(nullptr, capacity, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | extra_flags, -1, 0);
  if (data == MAP_FAILED) return buffer;
  buffer.bytes_ = static_cast<std::uint8_t*>(data);
  buffer.mapped_ = true;
  buffer.capacity_ = capacity;
  return buffer;
}

InputFile::Buffer::Buffer(Buffer&& other) noexcept
    : bytes_(std::exchange(other.bytes_, nullptr)),
      capacity_(std::exchange(other.capacity_, 0)),
      mapped_(std::exchange(other.mapped_, false)) {}

InputFile::Buffer& InputFile::Buffer::operator=(Buffer&& other) noexcept {
  if (this != &other) {
    Buffer old(std::move(*this));
    bytes_ = std::exchange(other.bytes_, nullptr);
    capacity_ = std::exchange(other.capacity_, 0);
    mapped_ = std::exchange(other.mapped_, false);
  }
  return *this;
}

InputFile::Buffer::~Buffer() {
  if (mapped_)
    ::munmap(bytes_, capacity_);
  else
    delete[] bytes_;
}

InputFile::Buffer& InputFile::spare() {
  thread_local Buffer buffer;
  return buffer;
}

OpenedInput InputFile::open(const std::filesystem::path& path, std::uint64_t max_size) {
  return read(AT_FDCWD, path, 0, max_size, UINT64_MAX);
}

OpenedInput InputFile::open_head(const std::filesystem::path& path, std::uint64_t head_size) {
  return read(AT_FDCWD, path, 0, UINT64_MAX, head_size);
}

OpenedInput InputFile::open_at(int directory, const std::filesystem::path& name,
                               std::uint64_t max_size) {
  return read(directory, name, O_NOFOLLOW, max_size, UINT64_MAX);
}

OpenedInput InputFile::read(int directory, const std::filesystem::path& path, int extra_flags,
                            std::uint64_t max_size, std::uint64_t read_at_most) {
  ReadFailure failure;
  const auto fail = [&failure](std::string reason) {
    failure.reason = std::move(reason);
    return failure;
  };
  struct stat before {};
  FileDescriptor descriptor{open_regular(directory, path, extra_flags, max_size, failure, before)};
  if (descriptor.fd < 0) return failure;

  // A whole-file read asks for one byte more than fstat gave, to see a file that grew.
  const bool whole = failure.size <= read_at_most;
  const std::uint64_t want = whole ? failure.size : read_at_most;
  const std::uint64_t ask = whole ? want + 1 : want;
  if (ask > SIZE_MAX)
    return fail("cannot read: " + std::to_string(failure.size) + " bytes do not fit in memory");
  InputFile file;
  if (Buffer& kept = spare(); kept.capacity() >= ask) {
    file.buffer_ = std::exchange(kept, {});
  } else {
    const std::size_t capacity =
        ask <= read_limit ? std::bit_ceil(static_cast<std::size_t>(ask)) : ask;
    file.buffer_ = Buffer::allocate(capacity);
    if (!file.buffer_.bytes()) return fail(describe_errno("cannot allocate memory to read it"));
  }
  const std::int64_t got = read_from_start(descriptor.fd, file.buffer_.bytes(), want, ask);
  if (got < 0) return fail(describe_errno("cannot read"));
  const auto read_count = static_cast<std::uint64_t>(got);
  if (read_count < want)
    return fail(changed(std::to_string(failure.size) + " bytes when it was opened, " +
                        std::to_string(read_count) + " could be read"));
  if (read_count > want)
    return fail(
        changed("it grew past the " + std::to_string(failure.size) + " bytes it had when opened"));
  struct stat after {};
  if (::fstat(descriptor.fd, &after) != 0) return fail(describe_errno("cannot stat"));
  if (!same_state(before, after)) return fail(changed("its size or modification time changed"));
  file.size_ = static_cast<std::size_t>(want);
  file.identity_ = {before.st_dev, before.st_ino};
  return file;
}

OpenedInput InputFile::open_ranges(const std::filesystem::path& path, std::uint64_t max_size,
                                   std::uint64_t head_size, const RangePlan& plan) {
  ReadFailure failure;
  const auto fail = [&failure](std::string reason) {
    failure.reason = std::move(reason);
    return failure;
  };
  struct stat before {};
  FileDescriptor descriptor{open_regular(AT_FDCWD, path, 0, max_size, failure, before)};
  if (descriptor.fd < 0) return failure;
  if (failure.size > SIZE_MAX)
    return fail("cannot read: " + std::to_string(failure.size) + " bytes do not fit in memory");
  // The ranges are scattered and small: read-ahead would read the whole of a small file from
  // disk. Advice only; a refusal changes nothing.
  ::posix_fadvise(descriptor.fd, 0, 0, POSIX_FADV_RANDOM);
  InputFile file;
  file.size_ = static_cast<std::size_t>(failure.size);
  file.buffer_ = Buffer::allocate_sparse(file.size_);
  if (file.size_ != 0 && !file.buffer_.bytes())
    return fail(describe_errno("cannot reserve memory to read it"));
  const std::uint64_t head = std::min<std::uint64_t>(head_size, file.size_);
  // Ranges are clipped to the file and to what the head did not already read.
  const auto read_clipped = [&](hpi::ByteRange range, std::uint64_t read_before) {
    const std::uint64_t end = std::min<std::uint64_t>(
        file.size_, range.offset + std::min(range.length, UINT64_MAX - range.offset));
    const std::uint64_t begin = std::min<std::uint64_t>(std::max(range.offset, read_before), end);
    return read_range(descriptor.fd, file.buffer_.bytes() + begin, begin, end - begin);
  };
  const auto read_failure = [&] {
    return errno == 0 ? fail(changed("it ended before the " + std::to_string(failure.size) +
                                     " bytes it had when opened"))
                      : fail(describe_errno("cannot read"));
  };
  if (!read_clipped({0, head}, 0)) return read_failure();
  for (const hpi::ByteRange& range : plan(ByteView(file.buffer_.bytes(), head), failure.size))
    if (!read_clipped(range, head)) return read_failure();
  struct stat after {};
  if (::fstat(descriptor.fd, &after) != 0) return fail(describe_errno("cannot stat"));
  if (!same_state(before, after)) return fail(changed("its size or modification time changed"));
  file.identity_ = {before.st_dev, before.st_ino};
  return file;
}

InputFile::InputFile(InputFile&& other) noexcept
    : size_(std::exchange(other.size_, 0)),
      buffer_(std::move(other.buffer_)),
      identity_(std::exchange(other.identity_, {})) {}

InputFile& InputFile::operator=(InputFile&& other) noexcept {
  if (this != &other) {
    release();
    size_ = std::exchange(other.size_, 0);
    buffer_ = std::move(other.buffer_);
    identity_ = std::exchange(other.identity_, {});
  }
  return *this;
}

InputFile::~InputFile() {
  release();
}

void InputFile::release() {
  // A small file's buffer is kept for the next one if it is the largest yet; a large file's is
  // returned to the system.
  if (Buffer& kept = spare(); !buffer_.mapped() && buffer_.capacity() > kept.capacity())
    kept = std::move(buffer_);
  buffer_ = {};
  size_ = 0;
}

}  // namespace gafcheck
