#pragma once
// gafcheck conflicts' run: the game folders and archives listed and read under the sandbox, the
// overlapping paths found and classified, the document written in every format asked for, and
// a summing-up line on standard error.
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "reports/output_requests.hpp"
#include "validator/base/exit_code.hpp"
#include "validator/core/check_options.hpp"
#include "validator/modsets/overlaps.hpp"

namespace gafcheck::modsets {

// What makes the exit status 1: an override whose copies differ in findings (the default), any
// real override, or nothing.
enum class ConflictFailOn : std::uint8_t { findings, override_, never };

struct ConflictsRun {
  std::vector<std::string> inputs;     // DIRs and ARCHIVEs, as given
  std::string engine;                  // a profile's name, or "all"
  std::vector<OutputRequest> outputs;  // yaml, json, text, sarif, html
  std::string command_line;            // for the SARIF log
  ConflictFailOn fail_on = ConflictFailOn::findings;
  CheckOptions check;
  bool sandbox = true;

  ExitCode run() const;

 private:
  std::string rendered(const ModSet& set, const ConflictReport& report, const OutputRequest& output,
                       int status) const;
};

// The engines to consider, the primary first: one profile's, or every one with the default first.
std::vector<const EngineProfile*> engines_for(const std::string& engine);

// "PREFIXcannot read PATH: why" for each input, and "PREFIXcopy: damage" for each copy that did
// not decode exactly, one line each.
void print_read_problems(std::ostream& out, std::string_view prefix, const ModSet& set,
                         const ConflictReport& report);

// 3 when an input or a copy could not be read exactly (that comparison is no verdict), else 1
// when fail_on counts an overlap, else 0.
ExitCode conflicts_exit_code(const ConflictReport& report, ConflictFailOn fail_on);

}  // namespace gafcheck::modsets
