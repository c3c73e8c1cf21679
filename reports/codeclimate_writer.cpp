#include "reports/codeclimate_writer.hpp"

#include "reports/finding_fingerprint.hpp"
#include "reports/json_text.hpp"
#include "reports/report_snapshot.hpp"
#include "reports/sarif_result.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

class CodeClimateWriter final : public FormatWriter {
 public:
  CodeClimateWriter(std::unique_ptr<ReportOutput> output, const FormatContext& context)
      : FormatWriter(std::move(output)), places_(context.roots) {}

  void header(const ReportHeader& header) override {
    if (header.census) places_.set_roots(header.census->roots);
    out().write("[");
  }

  RenderedGroup render(std::span<const ReportItem> items) const override {
    return {snapshot_reports(items), {}};
  }

  void write(RenderedGroup&& group) override {
    for (const SnapshotReport& item : restore_reports(group.text)) {
      const FileReport& report = item.report;
      const ReportPlace place = places_.place(report);
      FingerprintCounter fingerprints;
      for (std::size_t i = 0; i < report.findings.size(); ++i) {
        const Finding& finding = report.findings[i];
        const std::string fingerprint =
            fingerprints.fingerprint({place.file, place.member, place.base}, finding);
        if (item.suppressed[i]) continue;
        out().write((first_ ? "\n" : ",\n") +
                    dump_json(codeclimate_issue(finding, place, fingerprint)));
        first_ = false;
      }
    }
  }

  void summary(const RunTotals&, const ReportClosing&) override {
    out().write(first_ ? "]\n" : "\n]\n");
  }

 private:
  ReportPlaces places_;
  bool first_ = true;
};

}  // namespace

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
          // The file's path from the working directory (the repository, in CI), its real bytes;
          // the member, which names no file, is in the description.
          {"location", {{"path", json_path(place.path())}, {"lines", {{"begin", 1}}}}}};
}

std::unique_ptr<FormatWriter> make_codeclimate_writer(std::unique_ptr<ReportOutput> output,
                                                      const FormatContext& context) {
  return std::make_unique<CodeClimateWriter>(std::move(output), context);
}

}  // namespace gafcheck
