#include "validator/compare/content_comparison.hpp"

#include <iostream>
#include <memory>

#include "reports/json_documents.hpp"
#include "reports/planned_outputs.hpp"
#include "validator/base/errors.hpp"
#include "validator/compare/diff_document.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck::compare {
namespace {

// Both sides must be alike: two trees, two archives, two sprite files, two TSFs, two other files.
void require_same_kind(const Side& before, const Side& after) {
  if (before.kind == after.kind && before.kind != SideKind::report) return;
  if (before.kind == SideKind::report || after.kind == SideKind::report)
    throw UsageError{"diff compares two reports or two contents: " + escape_bytes(before.argument) +
                     " is " + std::string(side_kind_name(before.kind)) + ", " +
                     escape_bytes(after.argument) + " " + std::string(side_kind_name(after.kind)) +
                     " (--reports or --content)"};
  throw UsageError{"diff compares like with like: " + escape_bytes(before.argument) + " is " +
                   std::string(side_kind_name(before.kind)) + ", " + escape_bytes(after.argument) +
                   " " + std::string(side_kind_name(after.kind))};
}

std::string rendered(const ContentDiff& diff, const std::string& format) {
  if (format == "json") return json_from_yaml_document(yaml_content_diff(diff));
  if (format == "text") return text_content_diff(diff);
  return yaml_content_diff(diff);
}

}  // namespace

ExitCode ContentComparison::run() const {
  SandboxPlan plan;
  plan.read_paths = {disk_path_of(before), disk_path_of(after)};
  const auto written = open_planned_outputs(outputs, plan);
  confine(plan, sandbox);

  Result<Side> old_side = open_side(before, settings.check);
  Result<Side> new_side = open_side(after, settings.check);
  for (const Result<Side>* side : {&old_side, &new_side})
    if (!*side) {
      std::cerr << "gafcheck diff: " << side->problem().message << '\n';
      return side->problem().code;
    }
  require_same_kind(*old_side, *new_side);
  const ContentDiff diff = compare_content(*old_side, *new_side, settings);
  bool summary_on_terminal = true;
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    written[i]->write(rendered(diff, outputs[i].format));
    if (outputs[i].format == "text" && is_standard_output(outputs[i].path))
      summary_on_terminal = false;  // the text ends with the summary already
  }
  for (const auto& output : written) output->commit();
  if (summary_on_terminal) std::cerr << content_diff_summary(diff);
  if (diff.unreadable) return ExitCode::unreadable;
  switch (fail_on) {
    case FailOn::drawn: return diff.drawn_differs() ? ExitCode::findings : ExitCode::clean;
    case FailOn::bytes: return diff.bytes_differ() ? ExitCode::findings : ExitCode::clean;
    case FailOn::findings:
      return diff.has_new_findings_at_or_above(findings_threshold) ? ExitCode::findings
                                                                   : ExitCode::clean;
    case FailOn::never: return ExitCode::clean;
  }
  return ExitCode::clean;
}

}  // namespace gafcheck::compare
