#include "validator/platform/landlock_ruleset.hpp"

#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>

#include "validator/platform/sanitizer_build.hpp"

namespace gafcheck {
namespace {

// Rights of later ABIs than Debian 12's header knows (it stops at ABI 2).
constexpr std::uint64_t fs_truncate = 1ull << 14;   // ABI 3
constexpr std::uint64_t fs_ioctl_dev = 1ull << 15;  // ABI 5
constexpr std::uint64_t net_bind_tcp = 1ull << 0;   // ABI 4
constexpr std::uint64_t net_connect_tcp = 1ull << 1;
constexpr std::uint64_t scope_abstract_unix_socket = 1ull << 0;  // ABI 6
constexpr std::uint64_t scope_signal = 1ull << 1;

constexpr std::uint64_t fs_abi1 =
    LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE |
    LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
    LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
    LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
    LANDLOCK_ACCESS_FS_MAKE_SYM;

// The kernel's landlock_ruleset_attr as of ABI 6; older kernels are given a shorter prefix.
struct RulesetAttributes {
  std::uint64_t handled_access_fs = 0;
  std::uint64_t handled_access_net = 0;
  std::uint64_t scoped = 0;
};

class ClosingDescriptor {
 public:
  explicit ClosingDescriptor(int fd) : fd_(fd) {}
  ClosingDescriptor(const ClosingDescriptor&) = delete;
  ClosingDescriptor& operator=(const ClosingDescriptor&) = delete;
  ~ClosingDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

[[noreturn]] void fail(const std::string& what) {
  throw SandboxError("Landlock: " + what + ": " + std::strerror(errno));
}

class Ruleset {
 public:
  Ruleset(const RulesetAttributes& attributes, std::size_t size)
      : handled_(attributes.handled_access_fs),
        fd_(static_cast<int>(::syscall(SYS_landlock_create_ruleset, &attributes, size, 0))) {
    if (fd_.get() < 0) fail("cannot create a ruleset");
  }

  // Grants `access` beneath `path` (a directory) or on it (a file; directory rights dropped).
  // A path that does not exist (an input that will be reported unreadable) gets nothing.
  void grant(const std::string& path, std::uint64_t access) {
    const ClosingDescriptor target(::open(path.c_str(), O_PATH | O_CLOEXEC));
    if (target.get() < 0) return;
    struct stat info {};
    if (::fstat(target.get(), &info) != 0) fail("cannot stat " + path);
    if (!S_ISDIR(info.st_mode)) access &= file_rights;
    landlock_path_beneath_attr rule{};
    rule.allowed_access = access & handled_;
    rule.parent_fd = target.get();
    if (rule.allowed_access == 0) return;
    if (::syscall(SYS_landlock_add_rule, fd_.get(), LANDLOCK_RULE_PATH_BENEATH, &rule, 0) != 0)
      fail("cannot add a rule for " + path);
  }

  void restrict_self() {
    if (::syscall(SYS_landlock_restrict_self, fd_.get(), 0) != 0) fail("cannot restrict");
  }

 private:
  static constexpr std::uint64_t file_rights =
      LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE |
      fs_truncate | fs_ioctl_dev;
  std::uint64_t handled_;
  ClosingDescriptor fd_;
};

std::string directory_of(const std::string& path) {
  const std::filesystem::path given(path);
  return given.has_parent_path() ? given.parent_path().string() : std::string(".");
}

bool is_standard_stream_or_device(const std::string& path) {
  if (path.empty() || path == "-" || path == "/dev/stdout" || path == "/dev/stderr") return true;
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode);
}

}  // namespace

bool apply_landlock(const SandboxPlan& plan) {
  const long abi =
      ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  if (abi < 1) return false;  // ENOSYS (too old) or EOPNOTSUPP (not enabled at boot)

  RulesetAttributes attributes;
  attributes.handled_access_fs = fs_abi1;
  std::size_t size = sizeof attributes.handled_access_fs;
  if (abi >= 2) attributes.handled_access_fs |= LANDLOCK_ACCESS_FS_REFER;
  if (abi >= 3) attributes.handled_access_fs |= fs_truncate;
  if (abi >= 5) attributes.handled_access_fs |= fs_ioctl_dev;
  if (abi >= 4) {
    attributes.handled_access_net = net_bind_tcp | net_connect_tcp;
    size = offsetof(RulesetAttributes, scoped);
  }
  if (abi >= 6) {
    attributes.scoped = scope_abstract_unix_socket | scope_signal;
    size = sizeof attributes;
  }
  Ruleset ruleset(attributes, size);

  constexpr std::uint64_t read = LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR;
  for (const std::string& path : plan.read_paths) {
    ruleset.grant(path, read);
    struct stat info {};
    // A file named on the command line: its directory may be listed (TSF image lookup).
    if (::stat(path.c_str(), &info) == 0 && !S_ISDIR(info.st_mode))
      ruleset.grant(directory_of(path), LANDLOCK_ACCESS_FS_READ_DIR);
  }
  for (const std::string& path : plan.output_paths)
    if (!is_standard_stream_or_device(path))
      ruleset.grant(directory_of(path),
                    LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_REMOVE_FILE);
  for (const std::string& tree : plan.write_trees)
    ruleset.grant(tree, LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_MAKE_DIR |
                            LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_REMOVE_FILE |
                            LANDLOCK_ACCESS_FS_WRITE_FILE | fs_truncate);
  // LeakSanitizer reads the process's maps and lists its threads at exit (test builds only).
  if (sanitizer_build) ruleset.grant("/proc/self/", read);
  ruleset.restrict_self();
  return true;
}

}  // namespace gafcheck
