#include "validator/platform/violation_report.hpp"

#include <seccomp.h>
#include <signal.h>
#include <unistd.h>

#include <array>
#include <cstdlib>
#include <cstring>

namespace gafcheck {
namespace {

// x86-64 numbers end below 512 today; a later one is reported by number alone.
constexpr int name_count = 512;
constexpr std::size_t name_size = 32;
std::array<std::array<char, name_size>, name_count> syscall_names{};
constexpr std::size_t max_removals = 4;
std::array<std::array<char, 4096>, max_removals> removals{};

void append(char* line, std::size_t& length, std::size_t capacity, const char* text) {
  while (*text && length + 1 < capacity) line[length++] = *text++;
}

void append_number(char* line, std::size_t& length, std::size_t capacity, long number) {
  char digits[24];
  int count = 0;
  unsigned long value =
      number < 0 ? 0ul - static_cast<unsigned long>(number) : static_cast<unsigned long>(number);
  do {
    digits[count++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  if (number < 0 && length + 1 < capacity) line[length++] = '-';
  while (count > 0 && length + 1 < capacity) line[length++] = digits[--count];
}

// Async-signal-safe: no allocation, no locks, no stdio; write(2) and _exit(2) only.
extern "C" void report_violation(int, siginfo_t* info, void*) {
  const int number = info->si_syscall;
  for (const auto& path : removals)
    if (path[0]) ::unlink(path.data());
  char line[160];
  std::size_t length = 0;
  append(line, length, sizeof line, "gafcheck: sandbox refused system call ");
  append(line, length, sizeof line,
         number >= 0 && number < name_count && syscall_names[static_cast<std::size_t>(number)][0]
             ? syscall_names[static_cast<std::size_t>(number)].data()
             : "(unknown)");
  append(line, length, sizeof line, " (nr ");
  append_number(line, length, sizeof line, number);
  append(line, length, sizeof line, ")\n");
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, line, length);
  ::_exit(4);
}

}  // namespace

void install_violation_report(const std::vector<std::string>& remove_on_violation) {
  for (std::size_t i = 0; i < removals.size(); ++i) {
    removals[i][0] = '\0';
    if (i < remove_on_violation.size() && remove_on_violation[i].size() < removals[i].size())
      std::memcpy(removals[i].data(), remove_on_violation[i].c_str(),
                  remove_on_violation[i].size() + 1);
  }
  for (int number = 0; number < name_count; ++number) {
    char* name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, number);
    if (!name) continue;
    std::strncpy(syscall_names[static_cast<std::size_t>(number)].data(), name, name_size - 1);
    std::free(name);
  }
  struct sigaction action {};
  action.sa_sigaction = report_violation;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_SIGINFO;
  sigaction(SIGSYS, &action, nullptr);
}

}  // namespace gafcheck
