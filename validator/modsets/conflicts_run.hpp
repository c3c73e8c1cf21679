#pragma once
// gafcheck conflicts' run: the game folders and archives listed and read under the sandbox, the
// overlapping paths found and classified, the document written in every format asked for, and
// a summing-up line on standard error.
#include <cstdint>
#include <string>
#include <vector>

#include "reports/output_requests.hpp"
#include "validator/base/exit_code.hpp"
#include "validator/core/check_options.hpp"

namespace gafcheck::modsets {

// What makes the exit status 1: an override whose copies differ in findings (the default), any
// real override, or nothing.
enum class ConflictFailOn : std::uint8_t { findings, override_, never };

struct ConflictsRun {
  std::vector<std::string> inputs;     // DIRs and ARCHIVEs, as given
  std::string engine;                  // a profile's name, or "all"
  std::vector<OutputRequest> outputs;  // yaml, json
  ConflictFailOn fail_on = ConflictFailOn::findings;
  CheckOptions check;
  bool sandbox = true;

  ExitCode run() const;
};

}  // namespace gafcheck::modsets
