#include "reports/report_comparison.hpp"

#include <iostream>
#include <memory>

#include "reports/json_documents.hpp"
#include "reports/planned_outputs.hpp"
#include "reports/report_diff.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck {
namespace {

// False (named on standard error) when a report is incomplete and that is not allowed.
bool complete_enough(const ReportContents& contents, const std::string& path,
                     bool allow_incomplete) {
  std::string why;
  if (!contents.summary)
    why = "it has no summary document (cut short or still being written" +
          (contents.cut_short.empty() ? ")" : "; dropped " + contents.cut_short + ")");
  else if ((*contents.summary)["interrupted"].Scalar() == "true")
    why = "its run was interrupted";
  if (why.empty()) return true;
  std::cerr << "gafcheck diff: report " << path << " is incomplete: " << why
            << (allow_incomplete ? "; compared as far as it goes\n"
                                 : "; --allow-incomplete compares it anyway\n");
  return allow_incomplete;
}

}  // namespace

ExitCode ReportComparison::run() const {
  SandboxPlan plan;
  plan.read_paths = {before, after};
  const auto written = open_planned_outputs(outputs, plan);
  confine(plan, sandbox);

  ReportContents old_contents, new_contents;
  try {
    old_contents = load_report_contents(before);
    new_contents = load_report_contents(after);
  } catch (const std::runtime_error& error) {
    std::cerr << "gafcheck diff: " << error.what() << '\n';
    return ExitCode::unreadable;
  }
  if (!complete_enough(old_contents, before, allow_incomplete) ||
      !complete_enough(new_contents, after, allow_incomplete))
    return ExitCode::unreadable;
  const ReportDiff diff = diff_reports(old_contents, new_contents);
  const std::string document = yaml_diff_document(diff, before, after);
  for (std::size_t i = 0; i < outputs.size(); ++i)
    written[i]->write(outputs[i].format == "json" ? json_from_yaml_document(document) : document);
  for (const auto& output : written) output->commit();
  std::cerr << diff_human_summary(diff);
  return fail_threshold && has_new_findings_at_or_above(diff, *fail_threshold) ? ExitCode::findings
                                                                               : ExitCode::clean;
}

}  // namespace gafcheck
