#pragma once
// gafcheck conflicts --format sarif: a SARIF 2.1.0 log whose results are the overlaps worth an
// alert (conflict_rules.hpp): one per path whose loaded copy differs in findings from a copy it
// shadows (conflicts.findings-differ) or differs from one in content (conflicts.override), at the
// loaded copy's location (the archive inside its DIR, the member as the logical location), with
// every shadowed copy as a related location. Identical and drawn-the-same overlaps are harmless
// and give no result; the run's properties count every class. Rules come from
// rules/conflicts.yaml, so an alert shows its title and explanation.
#include <string>
#include <vector>

#include "validator/modsets/mod_sources.hpp"
#include "validator/modsets/overlaps.hpp"

namespace gafcheck::modsets {

struct ConflictsInvocation {
  std::vector<std::string> inputs;  // the DIRs and ARCHIVEs, as given: the log's roots
  std::string command_line;
  int exit_code = 0;
};

std::string sarif_conflicts(const ModSet& set, const ConflictReport& report,
                            const ConflictsInvocation& invocation);

}  // namespace gafcheck::modsets
