#pragma once
// The census report as it is written: header, one group of documents per input in path order,
// summary, to every writer asked for. The YAML report is written in place (OutputMode::journal),
// one write per group, so a killed census leaves a valid prefix that --resume continues from; the
// other formats are written to temp files renamed into place when the run ends.
#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "reports/report_output.hpp"
#include "reports/yaml_report.hpp"
#include "validator/census/census_input.hpp"
#include "validator/census/progress.hpp"

namespace gafcheck {

class CensusJournal {
 public:
  // Writes the header with every writer (whose outputs were opened before the run confined
  // itself; the YAML one in journal mode).
  CensusJournal(std::vector<std::unique_ptr<FormatWriter>> writers, const ReportHeader& header,
                Progress& progress);

  // Writes a finished input's renderings (FinishedInput::rendered, in writers() order) and adds
  // it to the totals. Called in path order.
  void write(FinishedInput&& input);
  // Counts items the walk itself settled (symlinks it did not follow, files --ext left out).
  void count_walk(std::uint64_t symlinks_not_followed, std::uint64_t not_inputs,
                  std::uint64_t ignored = 0);
  // The display threshold the reports were written with: above info, the summary says what it
  // hid (each report's findings_hidden, added up as they are written).
  void count_hidden(Severity below);

  // Sections the summary carries (ClosingWork), and the exit code they call for: 3 counts as an
  // unreadable input, 1 as a failure.
  void add_sections(std::vector<SummarySection> sections, ExitCode code);

  // Writes the summary and commits every output; returns the exit code the summary states
  // (3 unreadable input, 1 findings at or above --fail-on, else 0).
  int finish(bool interrupted, double wall_seconds);
  // A census's end, timed since construction: `signal` is the one that stopped the walk (0:
  // none). An interrupted census exits 128 + signal, and its summary states that same status.
  int finish_walk(int signal);

  const RunTotals& totals() const { return totals_; }
  // The first input that could not be read and why ("PATH: cannot open: ..."), for the closing
  // line on standard error; empty when every input was read.
  const std::string& first_unreadable() const { return first_unreadable_; }
  const std::vector<std::unique_ptr<FormatWriter>>& writers() const { return writers_; }
  // The writers for CensusContext::writers.
  std::vector<const FormatWriter*> renderers() const;

 private:
  // Writes the summary stating `exit_code` and commits every output.
  int close(bool interrupted, double wall_seconds, int exit_code);

  std::vector<std::unique_ptr<FormatWriter>> writers_;
  Progress& progress_;
  RunTotals totals_;
  std::vector<SummarySection> sections_;
  bool any_failure_ = false;
  bool any_unreadable_ = false;
  std::string first_unreadable_;
  std::uint64_t groups_written_ = 0;
  std::uint64_t raise_after_groups_ = 0;  // test hook, see census_journal.cpp
  int raise_signal_ = 0;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace gafcheck
