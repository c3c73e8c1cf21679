// Linked only into gafcheck-test-hooks (never installed): GAFCHECK_TEST_SANDBOX_PROBE=execve,
// socket, open-write or open-read makes the process attempt that right after the sandbox is set up
// (or skipped, with --no-sandbox), so tests see each refused, and see it succeed without the
// sandbox. open-write creates GAFCHECK_TEST_HOOK_TARGET, open-read opens it for reading (seccomp
// allows that; Landlock refuses a file outside the inputs). What an attempt that returns gave is
// said on standard error.
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "validator/platform/sandbox.hpp"

namespace {

std::string& probe() {
  static std::string name;
  return name;
}

void say(const char* what, int result) {
  if (result < 0)
    std::fprintf(stderr, "sandbox probe: %s failed: %s\n", what, std::strerror(errno));
  else
    std::fprintf(stderr, "sandbox probe: %s succeeded\n", what);
}

void attempt(const gafcheck::SandboxState&) {
  if (probe() == "execve") {
    // A program that does not exist: without the sandbox this fails (ENOENT) and the run goes on.
    char program[] = "/nonexistent/gafcheck-sandbox-probe";
    char* const argv[] = {program, nullptr};
    say("execve", ::execve(program, argv, environ));
  } else if (probe() == "socket") {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    say("socket", fd);
    if (fd >= 0) ::close(fd);
  } else if (probe() == "open-write") {
    const char* target = std::getenv("GAFCHECK_TEST_HOOK_TARGET");
    const int fd = ::open(target ? target : "sandbox-probe.out",
                          O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    say("open for writing", fd);
    if (fd >= 0) ::close(fd);
  } else if (probe() == "open-read") {
    const char* target = std::getenv("GAFCHECK_TEST_HOOK_TARGET");
    const int fd = ::open(target ? target : "/etc/passwd", O_RDONLY | O_CLOEXEC);
    say("open for reading", fd);
    if (fd >= 0) ::close(fd);
  }
}

bool install_from_environment() {
  const char* name = std::getenv("GAFCHECK_TEST_SANDBOX_PROBE");
  if (!name) return false;
  probe() = name;
  if (probe() != "execve" && probe() != "socket" && probe() != "open-write" &&
      probe() != "open-read") {
    std::fprintf(stderr, "gafcheck-test-hooks: unknown GAFCHECK_TEST_SANDBOX_PROBE '%s'\n", name);
    std::exit(2);
  }
  gafcheck::sandbox_hooks::after_confine = attempt;
  return true;
}

[[maybe_unused]] const bool installed = install_from_environment();

}  // namespace
