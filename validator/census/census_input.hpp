#pragma once
// One census input, checked (on a worker thread) or taken over from an old report: the group of
// documents it adds to the report and its contribution to the summary.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reports/baseline.hpp"
#include "reports/census_report.hpp"
#include "reports/format_writer.hpp"
#include "validator/census/run_configuration.hpp"
#include "validator/census/run_reporter.hpp"
#include "validator/core/check_options.hpp"
#include "validator/input/input_selection.hpp"
#include "validator/input/input_walk.hpp"

namespace gafcheck {

// Everything a worker needs; shared read-only by all workers.
struct CensusContext {
  CheckOptions check;
  InputSelection selection{{}};
  PerFile per_file = PerFile::findings;
  // The display threshold (--min-severity): findings below it are dropped before any writer
  // renders the report; with --per-file findings, only a file with a finding at or above it
  // gets a file document.
  Severity min_severity = Severity::warning;
  std::optional<Severity> fail_threshold = Severity::error;
  const Baseline* baseline = nullptr;
  // Rates each input's findings (.gafcheck.yaml, --rule); nullptr: as checked (merge).
  const RunConfiguration* configuration = nullptr;
  // SHA-256 of every input; otherwise only of files that get a document (and of archives,
  // whose members cannot be read again later).
  bool hash_all = false;
  // The writers each input is rendered for (on the worker threads: FormatWriter::render is
  // const); empty: nothing is rendered.
  std::vector<const FormatWriter*> writers;
};

struct FinishedInput {
  // Each writer's rendering of the input's group (file documents then records, in the YAML and
  // JSON streams), in CensusContext::writers order; empty when the file is not an input.
  std::vector<RenderedGroup> rendered;
  // The group's reports, findings dropped (an unreadable input keeps its one finding, the reason):
  // what the writer adds to the summary (handing over the reports costs less than building
  // per-file totals only to merge them).
  std::vector<FileReport> reports;
  RuleSeverities severities;  // of the reports' findings, taken before they were dropped
  bool failed = false;        // a finding at or above --fail-on (baseline findings excepted)
  bool unreadable = false;
  bool not_input = false;
};

// Checks one walk item: unreadable items become unreadable reports; files that are not inputs
// give an empty result; inputs run through check_input (several reports for an archive).
FinishedInput check_census_input(const InputItem& item, const CensusContext& context);

// An old report's group for an unchanged file, rendered again by gafcheck's writers from what the
// old report's records and file documents hold.
FinishedInput reuse_group(RecordGroup&& group, const CensusContext& context);

}  // namespace gafcheck
