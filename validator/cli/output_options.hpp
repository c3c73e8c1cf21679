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
// without a --format ("the YAML report"). With `colour` (check, census): also --color, and the
// help says that a terminal gets the text format by default (resolve_terminal_outputs).
boost::program_options::options_description output_options_description(
    const std::string& what, std::string* colour = nullptr);

// The pairs, from the options in command-line order (parse_command_line's `ordered`). Throws
// UsageError for an unknown format, a format not built, two outputs on standard output, one file
// given twice, or two -o for the YAML report. `allowed`, when not empty, limits the formats
// (diff: yaml and json).
std::vector<OutputRequest> resolve_outputs(const OrderedOptions& ordered,
                                           const std::vector<std::string>& allowed = {});

// --color (check, census, show): whether standard output gets colour. "always" and "never" say
// so; "auto" when standard output is a terminal and NO_COLOR is unset or empty. Throws UsageError
// for another value.
bool colour_wanted(const std::string& colour);

// check and census: resolve_outputs, except that with neither --format nor -o a standard output
// that is a terminal gets the text format (a file or a pipe keeps the YAML report). The text
// format on standard output is coloured as colour_wanted(colour) says; a file never is.
// `allowed` limits the formats as resolve_outputs' does (conflicts).
std::vector<OutputRequest> resolve_terminal_outputs(const OrderedOptions& ordered,
                                                    const std::string& colour,
                                                    const std::vector<std::string>& allowed = {});

}  // namespace gafcheck::cli
