#pragma once
// The one exception family of gafcheck's edges: each error carries the exit code it means and the
// line main prints for it ("gafcheck: " + diagnostic()), so main catches only this base. Findings
// and budget hits are data, never exceptions.
#include <stdexcept>
#include <string>

#include "validator/base/exit_code.hpp"

namespace gafcheck {

class Error : public std::runtime_error {
 public:
  Error(ExitCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ExitCode exit_code() const { return code_; }
  // What main prints after "gafcheck: ": the message, and what the user can do about it.
  virtual std::string diagnostic() const { return what(); }

 private:
  ExitCode code_;
};

// A command line, an option value or a combination of them the command cannot use (exit 2).
class UsageError : public Error {
 public:
  explicit UsageError(const std::string& message) : Error(ExitCode::usage, message) {}
  std::string diagnostic() const override {
    return std::string(what()) + "\n(run 'gafcheck --help' for usage)";
  }
};

// A state gafcheck should never reach, or a library failing where it cannot fail (exit 4): a bug
// to report.
class InternalError : public Error {
 public:
  explicit InternalError(const std::string& message) : Error(ExitCode::internal, message) {}
  std::string diagnostic() const override {
    return "internal error: " + std::string(what()) + " (please report this)";
  }
};

}  // namespace gafcheck
