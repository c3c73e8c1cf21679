#pragma once
// gafcheck conflicts' document (kind: conflicts; reports/schema/conflicts.schema.json), written as
// YAML (JSON is the same document through json_from_yaml_document), and its summing-up line.
#include <string>

#include "validator/modsets/mod_sources.hpp"
#include "validator/modsets/overlaps.hpp"

namespace gafcheck::modsets {

std::string yaml_conflicts(const ModSet& set, const ConflictReport& report);

// "N paths supplied more than once: ..." (standard error).
std::string conflicts_summary(const ConflictReport& report);

// The sentence that names a finding difference between a winner and a copy it shadows, e.g.
// "gaf.frame-bounds comes from x.ufo!a.gaf, which overrides y.hpi!a.gaf" (empty when none).
std::string findings_call_out(const std::string& winner, const std::string& shadowed,
                              const OverlapCopy& copy);

}  // namespace gafcheck::modsets
