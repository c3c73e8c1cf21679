#include "validator/input/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

}  // namespace

MappedFile::OpenResult MappedFile::open(const std::filesystem::path& path, std::uint64_t max_size,
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
  if (result.size == 0) {
    result.file.emplace(MappedFile(nullptr, 0));
    return result;
  }
  // Checking reads every page (SHA-256 at least): mapping them at once beats faulting each in.
  const int flags = MAP_PRIVATE | (read_all ? MAP_POPULATE : 0);
  void* data = ::mmap(nullptr, result.size, PROT_READ, flags, descriptor.fd, 0);
  if (data == MAP_FAILED) {
    result.error = describe_errno("cannot map");
    return result;
  }
  result.file.emplace(MappedFile(data, result.size));
  return result;
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
  if (this != &other) {
    if (data_) ::munmap(data_, size_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

MappedFile::~MappedFile() {
  if (data_) ::munmap(data_, size_);
}

}  // namespace gafcheck
