#pragma once
// gafcheck conflicts --format text (the default on a terminal): one line per path supplied more
// than once, with its class, the copy the engine loads, every copy it shadows and what that copy
// is to it, and the findings call-outs; then the summing-up line with the exit status. ANSI
// colour on the class label when asked (--color).
#include <string>

#include "validator/modsets/mod_sources.hpp"
#include "validator/modsets/overlaps.hpp"

namespace gafcheck::modsets {

std::string text_conflicts(const ModSet& set, const ConflictReport& report, int exit_code,
                           bool colour);

// The overlap lines alone, without the summing-up line (census --format text shows them above
// its own).
std::string text_overlaps(const ModSet& set, const ConflictReport& report, bool colour);

}  // namespace gafcheck::modsets
