#pragma once
// What a run over inputs (check, census) is asked to do: the check options, the outputs, the
// exit policy and the report limits. The command line fills it (validator/cli/common_options).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reports/gallery_tiles.hpp"
#include "reports/output_requests.hpp"
#include "validator/core/check_options.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck {

struct RunOptions {
  CheckOptions check;
  std::vector<OutputRequest> outputs;  // --format / -o (reports/output_requests.hpp)
  std::string fail_on = "error";       // error | warning | info | never
  // --min-severity: the display threshold (error | warning | info). Findings below it are left
  // out of every output and counted in the summary's `hidden`; it never changes a verdict or the
  // exit code. check shows everything by default, census from warning up.
  std::string min_severity = "info";
  bool quiet = false;
  std::string game = "ta";
  std::string baseline;                         // --baseline report; empty: none
  std::string max_report_size;                  // --max-report-size, for every report read back
  bool no_sandbox = false;                      // --no-sandbox
  std::uint64_t html_thumbnails_per_file = 12;  // --html-max-thumbnails-per-file
  std::uint64_t html_thumbnails = 500;          // --html-max-thumbnails
  std::uint64_t gallery_thumbnails = gallery_budget.default_limit;  // --max-gallery-thumbnails
  std::string palette;  // --palette: the HTML page's pictures; empty: the forensic palette
  std::string palette_source = "forensic";  // what the page names it (FormatContext::palette)
};

// The lowest severity that makes the exit code 1, or nullopt for --fail-on never.
std::optional<Severity> fail_threshold(const RunOptions& options);

// The least severity the outputs list (--min-severity).
Severity display_threshold(const RunOptions& options);

}  // namespace gafcheck
