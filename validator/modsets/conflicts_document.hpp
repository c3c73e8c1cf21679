#pragma once
// gafcheck conflicts' document (kind: conflicts; reports/schema/conflicts.schema.json), written as
// YAML (JSON is the same document through json_from_yaml_document), and its summing-up line.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "validator/modsets/mod_sources.hpp"
#include "validator/modsets/overlaps.hpp"

namespace YAML {
class Emitter;
}  // namespace YAML

namespace gafcheck::modsets {

std::string yaml_conflicts(const ModSet& set, const ConflictReport& report);
// The same document as one YAML value, into an emitter (census --conflicts' summary section).
void emit_conflicts(YAML::Emitter& out, const ModSet& set, const ConflictReport& report);

// How many overlaps of each class: identical, drawn-same, override and not-read partition them;
// findings-differ (a kind of override) and engine-dependent cut across.
struct ConflictCounts {
  std::uint64_t identical = 0, drawn_same = 0, overrides = 0, not_read = 0, findings_differ = 0,
                engine_dependent = 0;
};
ConflictCounts conflict_counts(const ConflictReport& report);
// The document's counts, in its order: archives, sources, paths, then each class.
std::vector<std::pair<std::string_view, std::uint64_t>> conflict_count_fields(
    const ConflictReport& report);

// The gafcheck diff command that shows how the shadowed copy differs from the winner, each name
// escaped and shell-quoted; empty when a copy is not the first member of its archive on the path
// (ARCHIVE!member would name that first member instead).
std::string diff_command(const ModSet& set, const OverlapCopy& shadowed, const OverlapCopy& winner);

// identical, drawn-same, override or not-read (no copy differs, but one could not be compared:
// never taken for harmless): the document's verdict of an overlap.
std::string_view overlap_verdict(const Overlap& overlap);

// "N paths supplied more than once (engine E): ..." without a line break (standard error and the
// text format's last line).
std::string conflicts_summary(const ConflictReport& report);

// The sentence that names a finding difference between a winner and a copy it shadows, e.g.
// "gaf.frame-bounds comes from x.ufo!a.gaf, which overrides y.hpi!a.gaf" (empty when none).
std::string findings_call_out(const std::string& winner, const std::string& shadowed,
                              const OverlapCopy& copy);

}  // namespace gafcheck::modsets
