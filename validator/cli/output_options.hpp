#pragma once
// --format FMT and -o FILE: which writers a run feeds and where each one writes. `--format F
// -o FILE` pairs may repeat (one pass, several writers); an -o that follows no --format is the
// YAML report's (as it always was); a --format without its own -o writes to standard output; no
// option at all is the YAML report on standard output. Two outputs on standard output, or two
// outputs to one file, are usage errors.
#include <boost/program_options.hpp>
#include <memory>
#include <string>
#include <vector>

#include "reports/output_requests.hpp"
#include "validator/cli/command_line.hpp"

namespace gafcheck::cli {

// The --format and -o options, with help naming every format. `what` says what -o writes
// without a --format ("the YAML report").
boost::program_options::options_description output_options_description(const std::string& what);

// The pairs, from the options in command-line order (parse_command_line's `ordered`). Throws
// UsageError for an unknown format, a format not built, two outputs on standard output, one file
// given twice, or two -o for the YAML report. `allowed`, when not empty, limits the formats
// (diff: yaml and json).
std::vector<OutputRequest> resolve_outputs(const OrderedOptions& ordered,
                                           const std::vector<std::string>& allowed = {});

}  // namespace gafcheck::cli
