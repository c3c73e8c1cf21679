#pragma once
// Writes one run's report in every format asked for (header, file documents, summary), prints
// per-file verdict lines on standard error (unless the text format goes to standard output: it
// says the same), and works out the exit code. A verdict line says why (the worst finding's
// message) and what configuration changed: "ERROR    a.gaf: MESSAGE (1 error, 0 warnings, 0 info;
// retail: crash) (configuration /repo/.gafcheck.yaml turned off 1 finding)"; a clean file's is
// "OK       a.gaf: 0 errors, 0 warnings, 0 info".
#include <chrono>
#include <memory>
#include <string>

#include <vector>

#include "reports/baseline.hpp"
#include "reports/format_writer.hpp"
#include "reports/report_output.hpp"
#include "reports/yaml_report.hpp"
#include "validator/base/errors.hpp"
#include "validator/census/run_options.hpp"
#include "validator/result/run_totals.hpp"

namespace gafcheck {

enum class PerFile { all, findings, none };

class RunReporter {
 public:
  // Opens the outputs (so they exist before the run confines itself); start() writes the
  // headers. roots: the PATHs given (for formats that name files inside their root).
  RunReporter(const RunOptions& options, PerFile per_file, const std::vector<std::string>& roots);

  // Reads the --baseline report (input: after confinement) and writes the header.
  void start(ReportHeader header);

  void add(FileReport report);
  // An input the ignore: globs of the configuration file `config` leave out: prints an IGNORED
  // line naming that file on standard error and lets each writer list the input (JUnit: a
  // skipped test case).
  void note_ignored(const std::string& path, const std::string& config);
  // Counts what the walk settled itself (symlinks it did not follow, files that are not inputs);
  // the summary then lists them, as a census's does.
  void count_walk(std::uint64_t symlinks_not_followed, std::uint64_t not_inputs,
                  std::uint64_t ignored = 0);
  // Writes the summary, commits the reports, and returns the exit code.
  int finish(bool interrupted);
  const std::vector<std::unique_ptr<FormatWriter>>& writers() const { return writers_; }

 private:
  void print_verdict_line(const FileReport& report) const;

  const RunOptions& options_;
  PerFile per_file_;
  std::vector<std::unique_ptr<FormatWriter>> writers_;
  std::unique_ptr<Baseline> baseline_;
  RunTotals totals_;
  bool any_failure_ = false;
  bool any_unreadable_ = false;
  std::chrono::steady_clock::time_point started_;
};

// Reads a --baseline report; a report that cannot be read is a usage error.
std::unique_ptr<Baseline> load_baseline(const std::string& path);

// Current UTC time as ISO 8601, e.g. 2026-11-29T13:37:00Z.
std::string utc_timestamp();

}  // namespace gafcheck
