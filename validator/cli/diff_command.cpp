// gafcheck diff OLD NEW: what changed between two reports (regression triage).
#include "reports/report_comparison.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/platform/output_guard.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;

namespace {

// diff's command line; validate() turns it into the run.
struct DiffOptions : CommandArguments {
  bool allow_incomplete = false;
  RunOptions common;
};

constexpr const char* diff_help_epilogue =
    "\nExit codes: 0 nothing new at or above --fail-on, 1 new findings,\n"
    "2 usage error (also: -o cannot be written, or is OLD or NEW),\n"
    "3 a report could not be read, is not a gafcheck report or is\n"
    "incomplete (without --allow-incomplete).\n";

CommandHelp diff_options_description(DiffOptions& o) {
  po::options_description general(
      "Usage: gafcheck diff [options] OLD.yaml NEW.yaml\n\n"
      "Compares two check or census reports: files added and removed, and per file the\n"
      "findings that are new, resolved or changed. Findings are matched by rule and structure\n"
      "path, not by offset, so an edit that shifts bytes does not flood the diff. Writes a YAML\n"
      "diff document (or, with --format json, the same as one JSON line) and a one-line\n"
      "summary on standard error.\n\nOptions");
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "output,o", po::value<std::vector<std::string>>()->composing()->value_name("FILE"),
      "where to write the diff ('-': stdout, the default); after a --format, where that format "
      "goes")("format", po::value<std::vector<std::string>>()->composing()->value_name("yaml|json"),
              "yaml (default: one YAML diff document) or json (the same document as one JSON "
              "line); --format F -o FILE pairs may repeat")(
      "fail-on",
      po::value(&o.common.fail_on)->value_name("error|warning|info|never")->default_value("error"),
      "exit 1 when NEW has a finding at or above this severity that OLD did not: error, "
      "warning, info or never")(
      "allow-incomplete", po::bool_switch(&o.allow_incomplete),
      "compare a report that is incomplete (cut short: no summary document; or its run was "
      "interrupted) instead of refusing it: its missing files show as removed or added");
  add_report_reader_groups(general, o.common);
  return {general, diff_help_epilogue};
}

ReportComparison validate(DiffOptions& o) {
  if (o.positional.size() != 2) throw UsageError{"diff takes exactly two reports: OLD NEW"};
  finish_common_options(o.common);
  ReportComparison comparison;
  comparison.before = o.positional[0];
  comparison.after = o.positional[1];
  comparison.outputs = resolve_outputs(o.ordered, {"yaml", "json"});
  for (const OutputRequest& request : comparison.outputs)
    throw_if_failed(check_output_among_inputs(request.path, o.positional, "report"));
  comparison.fail_threshold = fail_threshold(o.common);
  comparison.allow_incomplete = o.allow_incomplete;
  comparison.sandbox = !o.common.no_sandbox;
  return comparison;
}

}  // namespace

int run_diff(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, diff_options_description, validate);
}

}  // namespace gafcheck::cli
