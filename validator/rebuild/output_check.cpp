#include "validator/rebuild/output_check.hpp"

#include <cstdint>
#include <set>

#include "validator/check/check_input.hpp"

namespace gafcheck::rebuild {

std::optional<std::string> unvouched_finding(ByteView output, std::string_view path_in_tree,
                                             const std::vector<Disposition>& dispositions,
                                             const BudgetLimits& limits) {
  std::set<std::string_view> kept;
  for (const Disposition& disposition : dispositions)
    if (disposition.action == "kept") kept.insert(disposition.rule);
  CheckOptions check;
  check.limits = limits;
  check.limits[BudgetKind::file_size] = UINT64_MAX;
  check.hash_contents = false;
  const std::string path(path_in_tree);
  const FileReport report = check_bytes(output, InputName{path, path}, check);
  for (const Finding& finding : report.findings) {
    if (finding.severity == Severity::info || kept.count(rule_name(finding.rule))) continue;
    return "read back under its name, the rebuilt file would have " +
           std::string(rule_name(finding.rule)) + " at " + std::to_string(finding.offset) + " (" +
           finding.path + ": " + finding.message + "), which the input did not have";
  }
  return std::nullopt;
}

}  // namespace gafcheck::rebuild
