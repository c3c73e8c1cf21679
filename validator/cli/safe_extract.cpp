#include "validator/cli/safe_extract.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "validator/core/text.hpp"
#include "validator/hpi/member_paths.hpp"

namespace gafcheck::cli {
namespace {

constexpr int directory_flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

// Why opening component (relative to directory_fd, or a path when directory_fd is AT_FDCWD)
// failed with error; O_NOFOLLOW reports a symlink as ELOOP or, with O_DIRECTORY, ENOTDIR.
std::string reason(std::string_view what, int directory_fd, const std::string& component,
                   int error) {
  const std::string name = "'" + escape_bytes(component) + "'";
  struct stat status {};
  if ((error == ELOOP || error == ENOTDIR) &&
      ::fstatat(directory_fd, component.c_str(), &status, AT_SYMLINK_NOFOLLOW) == 0 &&
      S_ISLNK(status.st_mode))
    return std::string(what) + " " + name + " is a symbolic link: not followed";
  if (error == ENOTDIR) return std::string(what) + " " + name + " is not a directory";
  return std::string(what) + " " + name + ": " + std::strerror(error);
}

// Closes the descriptor it holds unless it is the extraction root's.
class Descriptor {
 public:
  Descriptor(int fd, bool owned) : fd_(fd), owned_(owned) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() { reset(-1, false); }
  void reset(int fd, bool owned) {
    if (owned_ && fd_ >= 0) ::close(fd_);
    fd_ = fd;
    owned_ = owned;
  }
  int get() const { return fd_; }

 private:
  int fd_;
  bool owned_;
};

bool write_all(int fd, std::span<const std::uint8_t> bytes) {
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.subspan(written).data(), bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    written += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

std::optional<ExtractDirectory> ExtractDirectory::open(const std::string& path,
                                                       std::string& error) {
  int fd = ::open(path.c_str(), directory_flags);
  if (fd < 0 && errno == ENOENT && ::mkdir(path.c_str(), 0777) == 0)
    fd = ::open(path.c_str(), directory_flags);
  if (fd < 0) {
    error = reason("target directory", AT_FDCWD, path, errno);
    return std::nullopt;
  }
  return ExtractDirectory(fd);
}

ExtractDirectory::~ExtractDirectory() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string> ExtractDirectory::write(std::string_view member_path,
                                                   std::span<const std::uint8_t> bytes,
                                                   bool force) const {
  const auto components = hpi::path_components(member_path);
  Descriptor at(fd_, false);
  for (std::size_t i = 0; i + 1 < components.size(); ++i) {
    const std::string part(components[i]);
    if (::mkdirat(at.get(), part.c_str(), 0777) != 0 && errno != EEXIST)
      return reason("directory", at.get(), part, errno);
    const int next = ::openat(at.get(), part.c_str(), directory_flags);
    if (next < 0) return reason("directory", at.get(), part, errno);
    at.reset(next, true);
  }
  const std::string name(components.back());
  int fd =
      ::openat(at.get(), name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0 && errno == EEXIST) {
    if (!force) return "file '" + escape_bytes(name) + "' exists (use --force to overwrite it)";
    // O_NONBLOCK: a FIFO planted in the way must not block the open; it is refused below.
    fd = ::openat(at.get(), name.c_str(), O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
      struct stat status {};
      if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
        ::close(fd);
        return "'" + escape_bytes(name) + "' exists and is not a regular file";
      }
      if (::ftruncate(fd, 0) != 0) {
        const int error = errno;
        ::close(fd);
        return reason("file", at.get(), name, error);
      }
    }
  }
  if (fd < 0) return reason("file", at.get(), name, errno);
  const bool ok = write_all(fd, bytes);
  const int error = errno;
  ::close(fd);
  if (!ok) return "writing file '" + escape_bytes(name) + "': " + std::strerror(error);
  return std::nullopt;
}

}  // namespace gafcheck::cli
