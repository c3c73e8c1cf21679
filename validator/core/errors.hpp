#pragma once
// The one exception family of gafcheck's edges: each error carries the exit code it means, and
// main prints its message and exits with that code. Findings and budget hits are data, never
// exceptions.
#include <stdexcept>
#include <string>

#include "validator/core/exit_code.hpp"

namespace gafcheck {

class Error : public std::runtime_error {
 public:
  Error(ExitCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ExitCode exit_code() const { return code_; }

 private:
  ExitCode code_;
};

// A command line, an option value or a combination of them the command cannot use (exit 2).
class UsageError : public Error {
 public:
  explicit UsageError(const std::string& message) : Error(ExitCode::usage, message) {}
};

}  // namespace gafcheck
