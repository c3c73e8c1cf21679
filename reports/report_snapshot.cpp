#include "reports/report_snapshot.hpp"

#include <nlohmann/json.hpp>

#include "reports/finding_suppression.hpp"
#include "reports/json_text.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

using nlohmann::json;

json snapshot_finding(const Finding& finding) {
  json fields = {static_cast<std::size_t>(finding.rule),
                 static_cast<int>(finding.severity),
                 static_cast<int>(finding.retail),
                 finding.offset,
                 finding.length,
                 json_text(finding.path),
                 json_text(finding.message),
                 nullptr,
                 nullptr,
                 nullptr};
  if (finding.row) fields[7] = *finding.row;
  if (finding.column) fields[8] = *finding.column;
  if (const auto justification = suppression_justification(finding))
    fields[9] = json_text(*justification);
  return fields;
}

Finding restore_finding(const json& fields) {
  Finding finding;
  finding.rule = static_cast<RuleId>(fields[0].get<std::size_t>());
  finding.severity = static_cast<Severity>(fields[1].get<int>());
  finding.retail = static_cast<Retail>(fields[2].get<int>());
  finding.offset = fields[3].get<std::uint64_t>();
  finding.length = fields[4].get<std::uint64_t>();
  finding.path = fields[5].get<std::string>();
  finding.message = fields[6].get<std::string>();
  if (!fields[7].is_null()) finding.row = fields[7].get<std::uint64_t>();
  if (!fields[8].is_null()) finding.column = fields[8].get<std::uint64_t>();
  return finding;
}

}  // namespace

std::string snapshot_reports(std::span<const ReportItem> items) {
  json reports = json::array();
  for (const ReportItem& item : items) {
    const FileReport& report = *item.report;
    json findings = json::array();
    for (const Finding& finding : report.findings) findings.push_back(snapshot_finding(finding));
    json entry = {{"path", escape_bytes(report.path)},
                  {"size", report.size},
                  {"sha256", report.sha256},
                  {"format", static_cast<int>(report.format)},
                  {"verdict", static_cast<int>(report.verdict)},
                  {"findings", std::move(findings)}};
    if (report.member_of) entry["member_of"] = escape_bytes(*report.member_of);
    reports.push_back(std::move(entry));
  }
  return dump_json(reports);
}

std::vector<SnapshotReport> restore_reports(std::string_view snapshot) {
  std::vector<SnapshotReport> restored;
  // A file the configuration ignores renders as an empty group (FormatWriter::render_ignored).
  if (snapshot.empty()) return restored;
  for (const json& entry : json::parse(snapshot)) {
    SnapshotReport& item = restored.emplace_back();
    FileReport& report = item.report;
    report.path = unescape_bytes(entry.at("path").get<std::string>());
    if (entry.contains("member_of"))
      report.member_of = unescape_bytes(entry.at("member_of").get<std::string>());
    report.size = entry.at("size").get<std::uint64_t>();
    report.sha256 = entry.at("sha256").get<std::string>();
    report.format = static_cast<Format>(entry.at("format").get<int>());
    report.verdict = static_cast<Verdict>(entry.at("verdict").get<int>());
    for (const json& fields : entry.at("findings")) {
      report.findings.push_back(restore_finding(fields));
      item.suppressed.push_back(fields[9].is_null()
                                    ? std::nullopt
                                    : std::optional<std::string>(fields[9].get<std::string>()));
    }
  }
  return restored;
}

}  // namespace gafcheck
