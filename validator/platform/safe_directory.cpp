#include "validator/platform/safe_directory.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <vector>

#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"
#include "validator/hpi/member_paths.hpp"

namespace gafcheck {
namespace {

// Every refusal of an output is the usage exit: an output that cannot be written.
Problem output_problem(std::string message) {
  return {ExitCode::usage, std::move(message)};
}

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

Result<void> write_and_close(int fd, const std::string& name, std::span<const std::uint8_t> bytes) {
  const bool ok = write_all(fd, bytes);
  const int error = errno;
  ::close(fd);
  if (!ok)
    return output_problem("writing file '" + escape_bytes(name) + "': " + std::strerror(error));
  return {};
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
Result<void> check_replaceable(int directory_fd, const std::string& name,
                               const std::vector<SafeDirectory::ProtectedFile>& protected_files) {
  struct stat status {};
  if (::fstatat(directory_fd, name.c_str(), &status, AT_SYMLINK_NOFOLLOW) != 0)
    return output_problem(reason("file", directory_fd, name, errno));
  if (S_ISLNK(status.st_mode))
    return output_problem("file '" + escape_bytes(name) + "' is a symbolic link: not followed");
  if (!S_ISREG(status.st_mode))
    return output_problem("'" + escape_bytes(name) + "' exists and is not a regular file");
  for (const auto& input : protected_files)
    if (input.device == status.st_dev && input.inode == status.st_ino)
      return output_problem("file '" + escape_bytes(name) + "' is " + input.what +
                            ": not replaced");
  return {};
}

// --force on an existing name: the bytes go to a new file beside it, renamed over the name, so
// the old file's inode is never written (a hard link to a file outside the target keeps its
// content, and a read-only file is replaced when the directory is writable). Anything but a
// regular file in the way is refused, as without --force a symlink is never followed.
Result<void> replace_file(int directory_fd, const std::string& name,
                          std::span<const std::uint8_t> bytes,
                          const std::vector<SafeDirectory::ProtectedFile>& protected_files) {
  if (auto replaceable = check_replaceable(directory_fd, name, protected_files); !replaceable)
    return replaceable;
  std::string temp_name;
  const int fd = create_temp_file(directory_fd, temp_name);
  if (fd < 0)
    return output_problem("creating a new file beside '" + escape_bytes(name) +
                          "': " + std::strerror(errno));
  if (auto written = write_and_close(fd, name, bytes); !written) {
    ::unlinkat(directory_fd, temp_name.c_str(), 0);
    return written;
  }
  if (::renameat(directory_fd, temp_name.c_str(), directory_fd, name.c_str()) != 0) {
    const int error = errno;
    ::unlinkat(directory_fd, temp_name.c_str(), 0);
    return output_problem("replacing file '" + escape_bytes(name) + "': " + std::strerror(error));
  }
  return {};
}

// Opens the directories components name below directory_fd, creating each that is missing; the
// descriptor of the last, owned (directory_fd itself, not owned, when there are none).
Result<int> open_directories(int directory_fd, std::span<const std::string_view> components) {
  Descriptor at(directory_fd, false);
  for (const std::string_view component : components) {
    const std::string part(component);
    if (::mkdirat(at.get(), part.c_str(), 0777) != 0 && errno != EEXIST)
      return output_problem(reason("directory", at.get(), part, errno));
    const int next = ::openat(at.get(), part.c_str(), directory_flags);
    if (next < 0) return output_problem(reason("directory", at.get(), part, errno));
    at.reset(next, true);
  }
  return at.release();
}

}  // namespace

Result<SafeDirectory> SafeDirectory::open(const std::string& path) {
  int fd = ::open(path.c_str(), directory_flags);
  if (fd < 0 && errno == ENOENT && ::mkdir(path.c_str(), 0777) == 0)
    fd = ::open(path.c_str(), directory_flags);
  if (fd < 0) return output_problem(reason("target directory", AT_FDCWD, path, errno));
  // Whether files can be created here is only known by creating one (permission bits say
  // nothing to root, and a read-only mount or a pseudo file system says no to root too).
  std::string probe;
  const int probe_fd = create_temp_file(fd, probe);
  if (probe_fd < 0) {
    const int error = errno;
    ::close(fd);
    return output_problem("target directory '" + escape_bytes(path) +
                          "' cannot be written: " + std::strerror(error));
  }
  ::close(probe_fd);
  ::unlinkat(fd, probe.c_str(), 0);
  return SafeDirectory(fd);
}

void SafeDirectory::protect(std::uint64_t device, std::uint64_t inode, std::string what) {
  if (!protected_)
    protected_ = std::make_shared<std::vector<ProtectedFile>>();
  else if (protected_.use_count() > 1)
    protected_ = std::make_shared<std::vector<ProtectedFile>>(*protected_);
  protected_->push_back({device, inode, std::move(what)});
}

const std::vector<SafeDirectory::ProtectedFile>& SafeDirectory::protected_files() const {
  static const std::vector<ProtectedFile> none;
  return protected_ ? *protected_ : none;
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

Result<void> SafeDirectory::write(std::string_view member_path, std::span<const std::uint8_t> bytes,
                                  bool force) const {
  const auto components = hpi::path_components(member_path);
  const Result<int> opened =
      open_directories(fd_, std::span(components).first(components.size() - 1));
  if (!opened) return opened.problem();
  const Descriptor at(*opened, *opened != fd_);
  const std::string name(components.back());
  const int file =
      ::openat(at.get(), name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (file >= 0) return write_and_close(file, name, bytes);
  if (errno != EEXIST) return output_problem(reason("file", at.get(), name, errno));
  if (!force)
    return output_problem("file '" + escape_bytes(name) + "' exists (use --force to overwrite it)");
  return replace_file(at.get(), name, bytes, protected_files());
}

Result<void> SafeDirectory::check_replaceable(std::string_view member_path) const {
  const auto components = hpi::path_components(member_path);
  if (components.empty()) return output_problem("no file named");
  int at = fd_;
  std::optional<Descriptor> folder;
  for (std::size_t i = 0; i + 1 < components.size(); ++i) {
    const std::string part(components[i]);
    const int next = ::openat(at, part.c_str(), directory_flags);
    if (next < 0) {
      if (errno == ENOENT) return {};
      return output_problem(reason("directory", at, part, errno));
    }
    folder.emplace(next, true);
    at = next;
  }
  const std::string name(components.back());
  struct stat status {};
  if (::fstatat(at, name.c_str(), &status, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT) return {};
  return gafcheck::check_replaceable(at, name, protected_files());
}

Result<SafeDirectory> SafeDirectory::open_below(std::string_view path) const {
  const auto components = hpi::path_components(path);
  // open_directories would hand back fd_ itself, which both objects would then close.
  if (components.empty()) return output_problem("no folder named below the output directory");
  const Result<int> opened = open_directories(fd_, components);
  if (!opened) return opened.problem();
  SafeDirectory below(*opened);
  below.protected_ = protected_;
  return below;
}

SafeDirectory open_output_directory(const std::string& path, std::string_view action) {
  Result<SafeDirectory> opened = SafeDirectory::open(path);
  if (!opened)
    throw UsageError{"cannot " + std::string(action) + " " + escape_bytes(path) + ": " +
                     opened.problem().message};
  return std::move(opened).value();
}

}  // namespace gafcheck
