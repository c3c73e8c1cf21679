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

// Reads up to size bytes from the start of the file; the count read, or -1 with errno set.
std::int64_t read_from_start(int fd, std::uint8_t* into, std::size_t size) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t got = ::pread(fd, into + done, size - done, static_cast<off_t>(done));
    if (got < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (got == 0) break;  // the file shrank since fstat
    done += static_cast<std::size_t>(got);
  }
  return static_cast<std::int64_t>(done);
}

}  // namespace

InputFile::Buffer& InputFile::spare() {
  thread_local Buffer buffer;
  return buffer;
}

InputFile::OpenResult InputFile::open(const std::filesystem::path& path, std::uint64_t max_size,
                                      bool read_all) {
  OpenResult result;
  FileDescriptor descriptor;
  descriptor.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (descriptor.fd < 0) {
    result.error = describe_errno("cannot open");
    return result;
  }
  struct stat info {};
  if (::fstat(descriptor.fd, &info) != 0) {
    result.error = describe_errno("cannot stat");
    return result;
  }
  if (!S_ISREG(info.st_mode)) {
    result.error = "cannot read: " + file_type_name(info.st_mode);
    return result;
  }
  result.size = static_cast<std::uint64_t>(info.st_size);
  if (result.size > max_size) {
    result.too_large = true;
    result.error = "file is larger than the file size budget";
    return result;
  }
  InputFile file;
  if (result.size == 0) {
    result.file.emplace(std::move(file));
    return result;
  }
  if (read_all && result.size <= read_limit) {
    const std::size_t size = result.size;
    if (Buffer& kept = spare(); kept.capacity >= size) {
      file.buffer_ = std::exchange(kept, {});
    } else {
      file.buffer_.capacity = std::min<std::size_t>(std::bit_ceil(size), read_limit);
      file.buffer_.bytes.reset(new std::uint8_t[file.buffer_.capacity]);
    }
    const std::int64_t got = read_from_start(descriptor.fd, file.buffer_.bytes.get(), size);
    if (got < 0) {
      result.error = describe_errno("cannot read");
      return result;
    }
    file.data_ = file.buffer_.bytes.get();
    file.size_ = static_cast<std::size_t>(got);
    result.file.emplace(std::move(file));
    return result;
  }
  // Checking reads every page (SHA-256 at least): mapping them at once beats faulting each in.
  const int flags = MAP_PRIVATE | (read_all ? MAP_POPULATE : 0);
  void* data = ::mmap(nullptr, result.size, PROT_READ, flags, descriptor.fd, 0);
  if (data == MAP_FAILED) {
    result.error = describe_errno("cannot map");
    return result;
  }
  file.mapping_ = data;
  file.data_ = static_cast<const std::uint8_t*>(data);
  file.size_ = result.size;
  result.file.emplace(std::move(file));
  return result;
}

InputFile::InputFile(InputFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      mapping_(std::exchange(other.mapping_, nullptr)),
      buffer_(std::exchange(other.buffer_, {})) {}

InputFile& InputFile::operator=(InputFile&& other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    mapping_ = std::exchange(other.mapping_, nullptr);
    buffer_ = std::exchange(other.buffer_, {});
  }
  return *this;
}

InputFile::~InputFile() {
  release();
}

void InputFile::release() {
  if (mapping_) ::munmap(mapping_, size_);
  mapping_ = nullptr;
  if (Buffer& kept = spare(); buffer_.capacity > kept.capacity) kept = std::move(buffer_);
  buffer_ = {};
  data_ = nullptr;
  size_ = 0;
}

}  // namespace gafcheck
