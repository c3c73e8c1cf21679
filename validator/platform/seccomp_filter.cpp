#include "validator/platform/seccomp_filter.hpp"

#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>

#include "validator/platform/sanitizer_build.hpp"

namespace gafcheck {
namespace {

// Reading, walking directories, time, memory, futexes, signals to itself, exiting, and renaming
// or removing the report's temp file (Landlock, where present, keeps those to the outputs'
// directories; seccomp cannot see paths).
// clang-format off
constexpr int always_allowed[] = {
    // descriptors already open, files and directories read
    SCMP_SYS(read), SCMP_SYS(readv), SCMP_SYS(pread64), SCMP_SYS(write), SCMP_SYS(writev),
    SCMP_SYS(close), SCMP_SYS(lseek), SCMP_SYS(fcntl), SCMP_SYS(fsync), SCMP_SYS(fdatasync),
    SCMP_SYS(fstat), SCMP_SYS(stat), SCMP_SYS(lstat), SCMP_SYS(newfstatat), SCMP_SYS(statx),
    SCMP_SYS(fstatfs), SCMP_SYS(getdents64), SCMP_SYS(readlink), SCMP_SYS(readlinkat),
    SCMP_SYS(access), SCMP_SYS(faccessat), SCMP_SYS(faccessat2), SCMP_SYS(getcwd),
    // read-ahead advice for a file read in scattered ranges (an archive listed by its directory)
    SCMP_SYS(fadvise64),
    // the report's temp file renamed into place or removed
    SCMP_SYS(rename), SCMP_SYS(renameat), SCMP_SYS(renameat2), SCMP_SYS(unlink),
    SCMP_SYS(unlinkat),
    // memory (jemalloc returns pages with madvise), futexes, a thread's own setup
    SCMP_SYS(brk), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(madvise), SCMP_SYS(futex),
    SCMP_SYS(set_robust_list), SCMP_SYS(rseq), SCMP_SYS(sched_yield),
    SCMP_SYS(sched_getaffinity), SCMP_SYS(getcpu),
    // time, identity, randomness
    SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(clock_nanosleep),
    SCMP_SYS(nanosleep), SCMP_SYS(gettimeofday), SCMP_SYS(time), SCMP_SYS(getpid),
    SCMP_SYS(gettid), SCMP_SYS(getuid), SCMP_SYS(geteuid), SCMP_SYS(getgid), SCMP_SYS(getegid),
    SCMP_SYS(getrandom), SCMP_SYS(sysinfo),
    // signals and exiting
    SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn), SCMP_SYS(sigaltstack),
    SCMP_SYS(restart_syscall), SCMP_SYS(exit), SCMP_SYS(exit_group),
};
// clang-format on

// What ASan's leak check at exit needs on top: LeakSanitizer stops the world from a helper task
// it clones (CLONE_VM without CLONE_THREAD) that lists the threads (open, getdents), ptraces them
// and probes memory through a pipe; ASan also reads its limits. Only in sanitizer builds, which
// are test builds. That task blocks every signal, so a refusal there kills it without the
// message and the process waits for it forever: a sanitizer run that hangs at exit under the
// sandbox is the sign, and the kernel's audit log (SCMP_FLTATR_CTL_LOG) names the call.
constexpr int sanitizer_allowed[] = {
    SCMP_SYS(clone),     SCMP_SYS(ptrace),  SCMP_SYS(wait4),    SCMP_SYS(prctl),
    SCMP_SYS(prlimit64), SCMP_SYS(getppid), SCMP_SYS(mprotect), SCMP_SYS(mmap),
    SCMP_SYS(pipe2),     SCMP_SYS(pipe),    SCMP_SYS(getdents),
};

constexpr std::uint64_t write_open_flags = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC;

// Argument comparison N of a rule: libseccomp's SCMP_A0() to SCMP_A5() macros build the same struct
// as C compound literals, which ISO C++ does not have.
scmp_arg_cmp argument(unsigned index, scmp_compare op, scmp_datum_t a, scmp_datum_t b = 0) {
  return scmp_arg_cmp{index, op, a, b};
}

struct FilterDeleter {
  void operator()(void* filter) const { seccomp_release(filter); }
};

class Filter {
 public:
  Filter() : context_(seccomp_init(SCMP_ACT_TRAP)) {
    if (!context_) throw SandboxError("seccomp_init failed");
    // confine() runs before any thread starts; should one exist, it is filtered all the same.
    if (const int error = seccomp_attr_set(get(), SCMP_FLTATR_CTL_TSYNC, 1); error != 0)
      throw SandboxError(std::string("cannot ask for a filter on every thread: ") +
                         std::strerror(-error));
  }

  void allow(int syscall) { check(seccomp_rule_add(get(), SCMP_ACT_ALLOW, syscall, 0), syscall); }

  template <typename... Conditions>
  void allow_if(int syscall, Conditions... conditions) {
    check(seccomp_rule_add(get(), SCMP_ACT_ALLOW, syscall, sizeof...(Conditions), conditions...),
          syscall);
  }

  void fail_with(int syscall, int error) {
    check(seccomp_rule_add(get(), SCMP_ACT_ERRNO(static_cast<std::uint32_t>(error)), syscall, 0),
          syscall);
  }

  void load() {
    if (const int error = seccomp_load(get()); error != 0)
      throw SandboxError(std::string("cannot load the seccomp filter: ") + std::strerror(-error));
  }

 private:
  scmp_filter_ctx get() { return context_.get(); }

  static void check(int error, int syscall) {
    if (error == 0) return;
    char* name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, syscall);
    const std::string shown = name ? name : std::to_string(syscall);
    std::free(name);
    throw SandboxError("cannot add the seccomp rule for " + shown + ": " + std::strerror(-error));
  }

  std::unique_ptr<void, FilterDeleter> context_;
};

}  // namespace

void load_seccomp_filter(const SandboxPlan& plan) {
  Filter filter;
  for (const int syscall : always_allowed) filter.allow(syscall);

  // Opens: read-only, unless the plan creates files (extract, confined to its trees by Landlock).
  if (plan.write_trees.empty()) {
    filter.allow_if(SCMP_SYS(openat), argument(2, SCMP_CMP_MASKED_EQ, write_open_flags, 0));
    filter.allow_if(SCMP_SYS(open), argument(1, SCMP_CMP_MASKED_EQ, write_open_flags, 0));
  } else {
    filter.allow(SCMP_SYS(openat));
    filter.allow(SCMP_SYS(open));
    filter.allow(SCMP_SYS(mkdirat));
    filter.allow(SCMP_SYS(mkdir));
    filter.allow(SCMP_SYS(fchmod));
  }

  // Memory, never executable: a parser bug gets no place to put code it could run.
  if (!sanitizer_build) {
    filter.allow_if(SCMP_SYS(mmap), argument(2, SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    filter.allow_if(SCMP_SYS(mprotect), argument(2, SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
  }

  // Threads, never processes. glibc tries clone3 first, whose flags seccomp cannot see; told it
  // does not exist, it falls back to clone, whose flags it can.
  filter.fail_with(SCMP_SYS(clone3), ENOSYS);
  if (plan.threads && !sanitizer_build)
    filter.allow_if(SCMP_SYS(clone), argument(0, SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));

  // Signals: only to itself (raise, a census's test hook), and SIGSYS stays with the violation
  // report.
  const auto self = static_cast<scmp_datum_t>(::getpid());
  filter.allow_if(SCMP_SYS(kill), argument(0, SCMP_CMP_EQ, self));
  filter.allow_if(SCMP_SYS(tgkill), argument(0, SCMP_CMP_EQ, self));
  filter.allow_if(SCMP_SYS(rt_sigaction), argument(0, SCMP_CMP_NE, SIGSYS));

  // stdio asks whether standard output is a terminal; no other ioctl.
  filter.allow_if(SCMP_SYS(ioctl), argument(1, SCMP_CMP_EQ, TCGETS));
  filter.allow_if(SCMP_SYS(ioctl), argument(1, SCMP_CMP_EQ, TIOCGWINSZ));

  if (sanitizer_build)
    for (const int syscall : sanitizer_allowed) filter.allow(syscall);
  filter.load();
}

}  // namespace gafcheck
