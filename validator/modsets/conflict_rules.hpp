#pragma once
// The conflicts.* rule family (rules/conflicts.yaml, embedded at build time): the rule ids the
// SARIF of gafcheck conflicts gives its results, with the title and explanation a code scanning
// alert shows and `gafcheck explain` prints. Kept apart from rules/catalog.yaml, whose rules are
// findings about one file's bytes (every one has a corpus recipe and a report counter).
#include <string_view>

#include "validator/modsets/overlaps.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::modsets {

inline constexpr std::string_view conflicts_findings_differ_rule = "conflicts.findings-differ";
inline constexpr std::string_view conflicts_override_rule = "conflicts.override";

const Catalog& conflicts_catalog();

// The rule an overlap is an alert of: findings-differ, override, or empty (identical or drawn the
// same: no alert).
std::string_view overlap_rule(const Overlap& overlap);

}  // namespace gafcheck::modsets
