// gafcheck diff OLD NEW: what changed between two reports (regression triage).
#include <iostream>

#include "reports/json_documents.hpp"
#include "reports/report_diff.hpp"
#include "reports/report_output.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/platform/output_guard.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;

int run_diff(const Arguments& arguments, const std::string&) {
  std::vector<std::string> reports;
  std::string fail_on = "error";
  bool allow_incomplete = false;
  RunOptions options;
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
      po::value(&fail_on)->value_name("error|warning|info|never")->default_value("error"),
      "exit 1 when NEW has a finding at or above this severity that OLD did not: error, "
      "warning, info or never")(
      "allow-incomplete", po::bool_switch(&allow_incomplete),
      "compare a report that is incomplete (cut short: no summary document; or its run was "
      "interrupted) instead of refusing it: its missing files show as removed or added");
  general.add(report_reading_description(options)).add(sandbox_options_description(options));
  OrderedOptions ordered;
  if (!parse_command_line(arguments, general, reports,
                          "\nExit codes: 0 nothing new at or above --fail-on, 1 new findings,\n"
                          "2 usage error (also: -o cannot be written, or is OLD or NEW),\n"
                          "3 a report could not be read, is not a gafcheck report or is\n"
                          "incomplete (without --allow-incomplete).\n",
                          &ordered))
    return 0;
  if (reports.size() != 2) throw UsageError{"diff takes exactly two reports: OLD NEW"};
  options.fail_on = fail_on;
  finish_common_options(options);
  const std::vector<OutputRequest> requests = resolve_outputs(ordered, {"yaml", "json"});
  std::vector<std::unique_ptr<ReportOutput>> outputs;
  SandboxPlan plan;
  plan.read_paths = reports;
  for (const OutputRequest& request : requests) {
    refuse_output_among_inputs(request.path, reports, "report");
    outputs.push_back(std::make_unique<ReportOutput>(request.path));
    plan.output_paths.push_back(request.path);
    if (outputs.back()->is_temp())
      plan.remove_on_violation.push_back(outputs.back()->current_path().string());
  }
  confine(plan, !options.no_sandbox);

  ReportContents before, after;
  try {
    before = load_report_contents(reports[0]);
    after = load_report_contents(reports[1]);
  } catch (const std::runtime_error& error) {
    std::cerr << "gafcheck diff: " << error.what() << '\n';
    return 3;
  }
  for (const auto* contents : {&before, &after}) {
    std::string why;
    if (!contents->summary)
      why = "it has no summary document (cut short or still being written" +
            (contents->cut_short.empty() ? ")" : "; dropped " + contents->cut_short + ")");
    else if ((*contents->summary)["interrupted"].Scalar() == "true")
      why = "its run was interrupted";
    if (why.empty()) continue;
    std::cerr << "gafcheck diff: report " << reports[contents == &before ? 0 : 1]
              << " is incomplete: " << why
              << (allow_incomplete ? "; compared as far as it goes\n"
                                   : "; --allow-incomplete compares it anyway\n");
    if (!allow_incomplete) return 3;
  }
  const ReportDiff diff = diff_reports(before, after);
  const std::string document = yaml_diff_document(diff, reports[0], reports[1]);
  for (std::size_t i = 0; i < requests.size(); ++i)
    outputs[i]->write(requests[i].format == "json" ? json_from_yaml_document(document) : document);
  for (const auto& output : outputs) output->commit();
  std::cerr << diff_human_summary(diff);
  const auto threshold = fail_threshold(options);
  return threshold && has_new_findings_at_or_above(diff, *threshold) ? 1 : 0;
}

}  // namespace gafcheck::cli
