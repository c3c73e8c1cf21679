#include "reports/codeclimate_writer.hpp"

#include "reports/finding_fingerprint.hpp"
#include "reports/finding_suppression.hpp"
#include "reports/json_text.hpp"
#include "reports/sarif_result.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {

std::string_view codeclimate_severity(const Finding& finding) {
  if (finding.retail == Retail::crash) return "blocker";
  switch (finding.severity) {
    case Severity::error: return "critical";
    case Severity::warning: return "major";
    case Severity::info: return "info";
  }
  return "critical";
}

nlohmann::json codeclimate_issue(const Finding& finding, const ReportPlace& place,
                                 const std::string& fingerprint) {
  const std::string qualified = sarif_qualified_name(place.member, finding.path);
  std::string description = json_text(finding.message) + " (offset " + hex(finding.offset);
  if (!qualified.empty()) description += " in " + qualified;
  description += ')';
  const RuleInfo& rule = embedded_catalog().info(finding.rule);
  return {{"type", "issue"},
          {"engine_name", "gafcheck"},
          {"check_name", std::string(rule_name(finding.rule))},
          {"description", description},
          {"content",
           {{"body", json_text(rule.title) + ". " + json_text(rule.explanation) +
                         " Retail impact: " + std::string(retail_name(finding.retail)) +
                         ". Spec: " + json_text(rule.spec) + "."}}},
          {"categories", {"Bug Risk"}},
          {"severity", codeclimate_severity(finding)},
          {"fingerprint", fingerprint},
          // GitLab wants the path as in the repository: raw bytes would not be valid JSON, so
          // a name that is not printable UTF-8 is escaped as in every report.
          {"location", {{"path", json_name(place.file)}, {"lines", {{"begin", 1}}}}}};
}

void CodeClimateWriter::header() {
  sink_("[");
}

void CodeClimateWriter::file(const FileReport& report, std::string_view relative,
                             std::string_view root) {
  const ReportPlace place = places_.place(report, relative, root);
  FingerprintCounter fingerprints;
  for (const Finding& finding : report.findings) {
    const std::string fingerprint = fingerprints.fingerprint({place.file, place.member}, finding);
    if (suppression_justification(finding)) continue;
    sink_((first_ ? "\n" : ",\n") + dump_json(codeclimate_issue(finding, place, fingerprint)));
    first_ = false;
  }
}

void CodeClimateWriter::summary() {
  sink_(first_ ? "]\n" : "\n]\n");
}

}  // namespace gafcheck
