#include "validator/platform/safe_directory.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "validator/core/text.hpp"
#include "validator/hpi/member_paths.hpp"

namespace gafcheck {
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
  // Hands the descriptor over: it is the caller's to close (when it was owned).
  int release() {
    const int fd = fd_;
    fd_ = -1;
    owned_ = false;
    return fd;
  }

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

std::optional<std::string> write_and_close(int fd, const std::string& name,
                                           std::span<const std::uint8_t> bytes) {
  const bool ok = write_all(fd, bytes);
  const int error = errno;
  ::close(fd);
  if (!ok) return "writing file '" + escape_bytes(name) + "': " + std::strerror(error);
  return std::nullopt;
}

// A name for a new file in the directory that nothing else holds (created with O_EXCL, so a
// file or symlink planted under a guessed name only makes it try another); -1 with errno set
// when none could be created.
int create_temp_file(int directory_fd, std::string& temp_name) {
  for (int attempt = 0; attempt < 16; ++attempt) {
    std::uint64_t random = 0;
    if (::getrandom(&random, sizeof random, 0) != sizeof random) return -1;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(random));
    temp_name = std::string(".gafcheck-extract-") + hex;
    const int fd = ::openat(directory_fd, temp_name.c_str(),
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

// Why the existing name could not be replaced: anything but a regular file (a symlink is never
// followed), or a file protected as an input of the run.
std::optional<std::string> replace_refusal(
    int directory_fd, const std::string& name,
    const std::vector<SafeDirectory::ProtectedFile>& protected_files) {
  struct stat status {};
  if (::fstatat(directory_fd, name.c_str(), &status, AT_SYMLINK_NOFOLLOW) != 0)
    return reason("file", directory_fd, name, errno);
  if (S_ISLNK(status.st_mode))
    return "file '" + escape_bytes(name) + "' is a symbolic link: not followed";
  if (!S_ISREG(status.st_mode))
    return "'" + escape_bytes(name) + "' exists and is not a regular file";
  for (const auto& input : protected_files)
    if (input.device == status.st_dev && input.inode == status.st_ino)
      return "file '" + escape_bytes(name) + "' is " + input.what + ": not replaced";
  return std::nullopt;
}

// --force on an existing name: the bytes go to a new file beside it, renamed over the name, so
// the old file's inode is never written (a hard link to a file outside the target keeps its
// content, and a read-only file is replaced when the directory is writable). Anything but a
// regular file in the way is refused, as without --force a symlink is never followed.
std::optional<std::string> replace_file(
    int directory_fd, const std::string& name, std::span<const std::uint8_t> bytes,
    const std::vector<SafeDirectory::ProtectedFile>& protected_files) {
  if (auto refused = replace_refusal(directory_fd, name, protected_files)) return refused;
  std::string temp_name;
  const int fd = create_temp_file(directory_fd, temp_name);
  if (fd < 0)
    return "creating a new file beside '" + escape_bytes(name) + "': " + std::strerror(errno);
  if (auto failed = write_and_close(fd, name, bytes)) {
    ::unlinkat(directory_fd, temp_name.c_str(), 0);
    return failed;
  }
  if (::renameat(directory_fd, temp_name.c_str(), directory_fd, name.c_str()) != 0) {
    const int error = errno;
    ::unlinkat(directory_fd, temp_name.c_str(), 0);
    return "replacing file '" + escape_bytes(name) + "': " + std::strerror(error);
  }
  return std::nullopt;
}

// Opens the directories components name below directory_fd, creating each that is missing; the
// descriptor of the last, owned (directory_fd itself, not owned, when there are none), or -1 with
// the reason in error.
int open_directories(int directory_fd, std::span<const std::string_view> components,
                     std::string& error) {
  Descriptor at(directory_fd, false);
  for (const std::string_view component : components) {
    const std::string part(component);
    if (::mkdirat(at.get(), part.c_str(), 0777) != 0 && errno != EEXIST) {
      error = reason("directory", at.get(), part, errno);
      return -1;
    }
    const int next = ::openat(at.get(), part.c_str(), directory_flags);
    if (next < 0) {
      error = reason("directory", at.get(), part, errno);
      return -1;
    }
    at.reset(next, true);
  }
  return at.release();
}

}  // namespace

std::optional<SafeDirectory> SafeDirectory::open(const std::string& path, std::string& error) {
  int fd = ::open(path.c_str(), directory_flags);
  if (fd < 0 && errno == ENOENT && ::mkdir(path.c_str(), 0777) == 0)
    fd = ::open(path.c_str(), directory_flags);
  if (fd < 0) {
    error = reason("target directory", AT_FDCWD, path, errno);
    return std::nullopt;
  }
  // Whether files can be created here is only known by creating one (permission bits say
  // nothing to root, and a read-only mount or a pseudo file system says no to root too).
  std::string probe;
  const int probe_fd = create_temp_file(fd, probe);
  if (probe_fd < 0) {
    error =
        "target directory '" + escape_bytes(path) + "' cannot be written: " + std::strerror(errno);
    ::close(fd);
    return std::nullopt;
  }
  ::close(probe_fd);
  ::unlinkat(fd, probe.c_str(), 0);
  return SafeDirectory(fd);
}

SafeDirectory::~SafeDirectory() {
  if (fd_ >= 0) ::close(fd_);
}

SafeDirectory& SafeDirectory::operator=(SafeDirectory&& other) noexcept {
  if (this == &other) return *this;
  if (fd_ >= 0) ::close(fd_);
  fd_ = std::exchange(other.fd_, -1);
  protected_ = std::move(other.protected_);
  return *this;
}

std::optional<std::string> SafeDirectory::write(std::string_view member_path,
                                                std::span<const std::uint8_t> bytes,
                                                bool force) const {
  const auto components = hpi::path_components(member_path);
  std::string error;
  const int fd = open_directories(fd_, std::span(components).first(components.size() - 1), error);
  if (fd < 0) return error;
  const Descriptor at(fd, fd != fd_);
  const std::string name(components.back());
  const int file =
      ::openat(at.get(), name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (file >= 0) return write_and_close(file, name, bytes);
  if (errno != EEXIST) return reason("file", at.get(), name, errno);
  if (!force) return "file '" + escape_bytes(name) + "' exists (use --force to overwrite it)";
  return replace_file(at.get(), name, bytes, protected_);
}

std::optional<std::string> SafeDirectory::refusal_to_replace(std::string_view member_path) const {
  const auto components = hpi::path_components(member_path);
  if (components.empty()) return "no file named";
  int at = fd_;
  std::optional<Descriptor> folder;
  for (std::size_t i = 0; i + 1 < components.size(); ++i) {
    const std::string part(components[i]);
    const int next = ::openat(at, part.c_str(), directory_flags);
    if (next < 0)
      return errno == ENOENT ? std::nullopt : std::optional(reason("directory", at, part, errno));
    folder.emplace(next, true);
    at = next;
  }
  const std::string name(components.back());
  struct stat status {};
  if (::fstatat(at, name.c_str(), &status, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT)
    return std::nullopt;
  return replace_refusal(at, name, protected_);
}

std::optional<SafeDirectory> SafeDirectory::open_below(std::string_view path,
                                                       std::string& error) const {
  const auto components = hpi::path_components(path);
  if (components.empty()) {
    // open_directories would hand back fd_ itself, which both objects would then close.
    error = "no folder named below the output directory";
    return std::nullopt;
  }
  const int fd = open_directories(fd_, components, error);
  if (fd < 0) return std::nullopt;
  SafeDirectory below(fd);
  below.protected_ = protected_;
  return below;
}

}  // namespace gafcheck
