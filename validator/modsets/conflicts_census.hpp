#pragma once
// census --conflicts: the conflict table of the DIRs a census walked, as the census's closing
// work (census_runner.hpp): the conflicts document (kind: conflicts, as gafcheck conflicts writes
// it) as the summary's `conflicts` section, the same table as a section of the HTML page, and the
// exit code `gafcheck conflicts` gives by default (--fail-on findings: 1 when a loaded copy and a
// copy it shadows differ in findings; 3 when an archive or a copy could not be read exactly). Its
// summing-up line and what could not be read go to standard error.
#include <string>
#include <vector>

#include "validator/census/census_runner.hpp"
#include "validator/core/check_options.hpp"

namespace gafcheck::modsets {

ClosingWork census_conflicts(const std::vector<std::string>& roots, const std::string& engine,
                             const CheckOptions& check);

}  // namespace gafcheck::modsets
