#pragma once
// A finding as one line of text, for the line-oriented formats (gnu, the JUnit failure body):
// "offset 0xHEX: SEVERITY: STRUCTURE/PATH: MESSAGE (line R, column C) [RULE]". Every part is
// printable UTF-8 without a line break (structure paths and messages sanitised, see text.hpp), so
// one finding is always one line whatever bytes the input's names hold.
#include <string>

#include "validator/rules/finding.hpp"

namespace gafcheck {

std::string finding_line(const Finding& finding);

}  // namespace gafcheck
