#pragma once
// A whole census: walk the roots, pick and shard the inputs, check them on -j workers (or take
// them over from --resume), write the report in path order, stop cleanly on SIGINT/SIGTERM.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "reports/yaml_report.hpp"
#include "validator/base/errors.hpp"
#include "validator/census/census_input.hpp"
#include "validator/census/file_list.hpp"
#include "validator/census/run_options.hpp"
#include "validator/census/shard.hpp"

namespace gafcheck {

// What a census does after its walk, before the summary (census --conflicts; the command line
// sets it, so the census needs no room above it): sections for the summary document and the HTML
// page, and the exit code they call for (the census exits with the worse of it and its own).
struct ClosingWork {
  std::vector<SummarySection> sections;
  ExitCode code = ExitCode::clean;
};

struct CensusRun {
  RunOptions common;
  CensusSettings settings;
  std::optional<Shard> shard;
  std::shared_ptr<const FileList> list;  // --files-from, read already; else settings.roots
  PerFile per_file = PerFile::findings;
  unsigned jobs = 1;
  std::string resume;  // old report to continue from; empty: none
  bool progress = false;
  bool hash_all = false;
  bool resume_verify_hash = false;                        // --resume-verify hash
  std::shared_ptr<const RunConfiguration> configuration;  // read before confinement
  std::function<ClosingWork()> closing_work;              // none: nothing after the walk
};

// Runs the census and returns the process exit code (128 + signal when interrupted).
int run_census_walk(const CensusRun& run, ReportHeader header);

}  // namespace gafcheck
