#include "validator/rebuild/output_check.hpp"

#include <cstdint>
#include <set>

#include "validator/check/check_input.hpp"
#include "validator/core/budget.hpp"
#include "validator/core/findings.hpp"
#include "validator/core/walk_context.hpp"
#include "validator/rules/catalog.hpp"
#include "validator/tsf/tsf_check.hpp"

namespace gafcheck::rebuild {
namespace {

class OutputCheck {
 public:
  OutputCheck(const std::vector<Disposition>& dispositions, const BudgetLimits& limits) {
    for (const Disposition& disposition : dispositions)
      if (disposition.action == "kept") kept_.insert(disposition.rule);
    options_.limits = limits;
    options_.limits[BudgetKind::file_size] = UINT64_MAX;
    options_.limits[BudgetKind::archive_ratio] = UINT64_MAX;
    options_.hash_contents = false;
  }

  const CheckOptions& options() const { return options_; }

  // Notes the first finding of the report the rebuild did not keep.
  void look_at(const FileReport& report, bool named) {
    if (problem_) return;
    for (const Finding& finding : report.findings) {
      if (finding.severity == Severity::info || kept_.count(rule_name(finding.rule))) continue;
      problem_ = "read back under its name, the rebuilt file would have " +
                 std::string(rule_name(finding.rule)) + " at " + std::to_string(finding.offset) +
                 (named ? " of " + report.path : std::string()) + " (" + finding.path + ": " +
                 finding.message + "), which is not one the rebuild kept from the input";
      return;
    }
  }

  std::optional<std::string> problem() && { return std::move(problem_); }

 private:
  std::set<std::string_view> kept_;
  CheckOptions options_;
  std::optional<std::string> problem_;
};

}  // namespace

std::optional<std::string> unvouched_finding(ByteView output, std::string_view path_in_tree,
                                             const std::vector<Disposition>& dispositions,
                                             const BudgetLimits& limits) {
  OutputCheck check(dispositions, limits);
  const std::string path(path_in_tree);
  check.look_at(check_bytes(output, InputName{path, path}, check.options()), false);
  return std::move(check).problem();
}

std::optional<std::string> unvouched_finding_in_archive(
    ByteView output, std::string_view path_in_tree, const std::vector<Disposition>& dispositions,
    const BudgetLimits& limits) {
  OutputCheck check(dispositions, limits);
  check_bytes_with_members(output, std::string(path_in_tree), check.options(),
                           [&](FileReport&& report) { check.look_at(report, true); });
  return std::move(check).problem();
}

std::optional<std::string> unvouched_finding_in_tree(ByteView output,
                                                     const std::vector<Disposition>& dispositions,
                                                     const BudgetLimits& limits,
                                                     tsf::ImageLookup& images) {
  OutputCheck check(dispositions, limits);
  Findings findings(embedded_catalog(), check.options().limits[BudgetKind::findings]);
  BudgetMeter budget(check.options().limits);
  WalkContext context{output, findings, budget};
  FileReport report;
  tsf::lint_tsf(context, report.summary, &images);
  report.findings = findings.take_listed();
  check.look_at(report, false);
  return std::move(check).problem();
}

}  // namespace gafcheck::rebuild
