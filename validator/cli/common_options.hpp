#pragma once
// Options shared by the commands that check inputs (check, census): budgets, game, report
// destination, exit policy.
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "validator/check/check_options.hpp"
#include "validator/cli/output_options.hpp"
#include "validator/core/finding.hpp"

namespace gafcheck::cli {

struct CommonOptions {
  CheckOptions check;
  std::vector<OutputRequest> outputs;  // --format / -o (output_options.hpp)
  std::string fail_on = "error";       // error | warning | info | never
  bool quiet = false;
  std::string game = "ta";
  std::string baseline;                         // --baseline report; empty: none
  std::string max_report_size;                  // --max-report-size, for every report read back
  bool no_sandbox = false;                      // --no-sandbox
  std::uint64_t html_thumbnails_per_file = 12;  // --html-max-thumbnails-per-file
  std::uint64_t html_thumbnails = 500;          // --html-max-thumbnails
};

// Thrown for a usage error (exit code 2), with the message to print.
struct UsageError {
  std::string message;
};

boost::program_options::options_description budget_options_description(CommonOptions& options);
boost::program_options::options_description report_options_description(CommonOptions& options);

// --max-report-size: the bound on every report a command reads back (--baseline, --resume, the
// reports of diff and merge).
boost::program_options::options_description report_reading_description(CommonOptions& options);

// --no-sandbox, for every command that confines itself before reading its inputs.
boost::program_options::options_description sandbox_options_description(CommonOptions& options);

// Validates and applies parsed values (game, fail-on, max-report-size). Throws UsageError.
void finish_common_options(CommonOptions& options);

// With an html output among options.outputs, makes the check pipeline attach thumbnails and hex
// excerpts to the reports (html_attachments.hpp). Call after the outputs are resolved.
void attach_for_html(CommonOptions& options);

// The lowest severity that makes the exit code 1, or nullopt for --fail-on never.
std::optional<Severity> fail_threshold(const CommonOptions& options);

// "1073741824", "1G", "256M", "64K" -> bytes/count. Throws UsageError.
std::uint64_t parse_quantity(const std::string& text, const std::string& option);

}  // namespace gafcheck::cli
