#pragma once
// Options shared by the commands that check inputs (check, census): budgets, game, report
// destination, exit policy.
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "validator/base/errors.hpp"
#include "validator/census/run_options.hpp"
#include "validator/cli/output_options.hpp"

namespace gafcheck::cli {

boost::program_options::options_description budget_options_description(RunOptions& options);
boost::program_options::options_description report_options_description(RunOptions& options);

// --fail-on, as check, census (in the report group) and merge take it.
void add_fail_on_option(boost::program_options::options_description& group, RunOptions& options);

// --max-report-size: the bound on every report a command reads back (--baseline, --resume, the
// reports of diff and merge).
boost::program_options::options_description report_reading_description(RunOptions& options);

// --no-sandbox, for every command that confines itself before reading its inputs.
boost::program_options::options_description sandbox_options_description(RunOptions& options);

// Adds the groups of a command that reads reports back (diff, merge, html) after its own:
// --max-report-size, then --no-sandbox.
void add_report_reader_groups(boost::program_options::options_description& general,
                              RunOptions& options);

// The option table of a command that reads its inputs under the budgets, confined (ls, extract,
// show, render, rebuild): its own options (`general`, captioned with its usage), then the budgets
// and the sandbox groups.
boost::program_options::options_description with_budgets_and_sandbox(
    const boost::program_options::options_description& general, RunOptions& options);

// -j N, for the commands that work on threads (census, render); `help` says what a thread does.
void add_jobs_option(boost::program_options::options_description& group, unsigned& jobs,
                     const char* help);

// --format text|json, for the commands that print what they find on standard output (ls, show):
// `what` names the JSON document's schema. listing_is_json() reads the value; throws UsageError.
void add_listing_format_option(boost::program_options::options_description& group,
                               std::string& format, const char* what);
bool listing_is_json(const std::string& format);

// The worker threads -j N asks for: N, or one per core for 0.
unsigned worker_threads(unsigned jobs);

// `run` with the shared options' check settings (budgets, game) and sandbox choice, for the runs
// that read their inputs confined (show, extract, render, ls, html).
template <typename Run>
Run checked_and_confined(Run run, const RunOptions& options) {
  run.check = options.check;
  run.sandbox = !options.no_sandbox;
  return run;
}

// Validates and applies parsed values (game, fail-on, max-report-size). Throws UsageError.
void finish_common_options(RunOptions& options);

// With an html output among options.outputs, makes the check pipeline attach thumbnails and hex
// excerpts to the reports (html_attachments.hpp) for the findings at or above --min-severity.
// Call after the outputs are resolved and the configuration settled.
void attach_for_html(RunOptions& options);

// --max-gallery-thumbnails and --palette: the HTML page's pictures (check, census, html).
void add_page_picture_options(boost::program_options::options_description& group,
                              RunOptions& options);

// "1073741824", "1G", "256M", "64K" -> bytes/count (validator/core/quantity.hpp). Throws
// UsageError.
std::uint64_t parse_quantity(const std::string& text, const std::string& option);

}  // namespace gafcheck::cli
