#pragma once
// The process exit codes every command shares: one table drives the enum's meaning, the
// top-level help, the generated reference and --dump-cli.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "validator/base/enum_table.hpp"

namespace gafcheck {

enum class ExitCode : int {
  clean = 0,         // nothing at or above --fail-on (or the command did all it was asked)
  findings = 1,      // findings at or above --fail-on, or content refused or left out
  usage = 2,         // usage error, an output that cannot be written or would replace an input
  unreadable = 3,    // an input could not be read
  internal = 4,      // internal error, or the sandbox refused a system call (it names it)
  content_lost = 5,  // rebuild wrote its output but left out content no option asked to drop
};

struct ExitCodeSpec {
  ExitCode code;
  std::string_view name;
  std::string_view meaning;
};

inline constexpr std::array exit_code_specs = {
    ExitCodeSpec{ExitCode::clean, "clean", "clean (no finding at or above --fail-on)"},
    ExitCodeSpec{ExitCode::findings, "findings", "findings at or above --fail-on"},
    ExitCodeSpec{ExitCode::usage, "usage",
                 "usage error (also: the output cannot be written, or would replace an input)"},
    ExitCodeSpec{ExitCode::unreadable, "unreadable", "an input could not be read"},
    ExitCodeSpec{ExitCode::internal, "internal",
                 "internal error (also: the sandbox refused a system call, which it names)"},
    ExitCodeSpec{ExitCode::content_lost, "content-lost",
                 "(rebuild) written, but content no option asked to drop was left out (each one "
                 "named)"},
};

static_assert(rows_in_enum_order(exit_code_specs,
                                 [](const ExitCodeSpec& spec) { return spec.code; }),
              "exit_code_specs lists every code once, in order");

constexpr int exit_status(ExitCode code) {
  return static_cast<int>(code);
}

// The status of a run a signal interrupted (a census stopped by SIGINT or SIGTERM): 128 + the
// signal, as a shell reports a process the signal ended. A report's summary states it too.
constexpr int interrupted_exit_status(int signal) {
  return 128 + signal;
}

// "Exit codes: 0 clean (...), 1 findings ..., ..." for the top-level help.
std::string exit_codes_help();

}  // namespace gafcheck
