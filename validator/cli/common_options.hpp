#pragma once
// Options shared by the commands that check inputs (check, census): budgets, game, report
// destination, exit policy.
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "validator/census/run_options.hpp"
#include "validator/cli/output_options.hpp"
#include "validator/core/errors.hpp"

namespace gafcheck::cli {

boost::program_options::options_description budget_options_description(RunOptions& options);
boost::program_options::options_description report_options_description(RunOptions& options);

// --max-report-size: the bound on every report a command reads back (--baseline, --resume, the
// reports of diff and merge).
boost::program_options::options_description report_reading_description(RunOptions& options);

// --no-sandbox, for every command that confines itself before reading its inputs.
boost::program_options::options_description sandbox_options_description(RunOptions& options);

// Validates and applies parsed values (game, fail-on, max-report-size). Throws UsageError.
void finish_common_options(RunOptions& options);

// With an html output among options.outputs, makes the check pipeline attach thumbnails and hex
// excerpts to the reports (html_attachments.hpp). Call after the outputs are resolved.
void attach_for_html(RunOptions& options);

// "1073741824", "1G", "256M", "64K" -> bytes/count (validator/core/quantity.hpp). Throws
// UsageError.
std::uint64_t parse_quantity(const std::string& text, const std::string& option);

}  // namespace gafcheck::cli
