#include "reports/baseline.hpp"

#include "reports/finding_match.hpp"
#include "reports/report_reader.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {

std::optional<Severity> worst_severity(const FileReport& report) {
  std::optional<Severity> worst;
  const auto raise = [&worst](Severity severity) {
    worst = worst ? std::max(*worst, severity) : severity;
  };
  std::array<std::uint64_t, rule_count> listed{};
  for (const Finding& finding : report.findings) {
    ++listed[static_cast<std::size_t>(finding.rule)];
    if (!finding.suppressed) raise(finding.severity);
  }
  for (std::size_t i = 0; i < rule_count; ++i)
    if (report.rule_counts[i] > listed[i])
      if (const auto severity = counted_severity(report, i)) raise(*severity);
  return worst;
}

Baseline Baseline::load(const std::string& report_path) {
  Baseline baseline;
  ReportStream stream(report_path);
  try {
    while (auto document = stream.next()) {
      if (document->kind != "file") continue;
      const FileKey key = file_key(document->node);
      if (baseline.files_.count(key))
        throw ReportContentError("baseline " + report_path + ": two file documents for " +
                                 describe(key));
      FileEntry& entry = baseline.files_[key];
      std::map<std::string, std::uint64_t> listed;
      for (const auto& finding : document->node["findings"]) {
        const auto rule = finding["rule"].as<std::string>();
        entry.keys.push_back(finding_key(rule, sanitize_text(finding["path"].as<std::string>())));
        ++listed[rule];
      }
      if (const YAML::Node counts = document->node["finding_counts"]) {
        for (const auto& item : counts) {
          const auto rule = item.first.as<std::string>();
          const auto count = item.second.as<std::uint64_t>();
          if (count > listed[rule]) entry.unlisted[rule] = count - listed[rule];
        }
      }
    }
  } catch (const YAML::Exception& error) {
    throw ReportContentError("baseline " + report_path +
                             ": malformed file document: " + error.what());
  }
  return baseline;
}

Baseline::Outcome Baseline::apply(FileReport& report) const {
  FileKey key{escape_bytes(report.path)};
  if (report.member_of) key.member_of = escape_bytes(*report.member_of);
  const auto found = files_.find(key);
  if (found == files_.end()) return {0, worst_severity(report)};
  const FileEntry& entry = found->second;

  std::vector<std::string> keys;
  std::array<std::uint64_t, rule_count> listed{};
  for (const Finding& finding : report.findings) {
    keys.push_back(finding_key(rule_name(finding.rule), sanitize_text(finding.path)));
    ++listed[static_cast<std::size_t>(finding.rule)];
  }
  const FindingKeyMatch match = match_finding_keys(entry.keys, keys);
  Outcome outcome;
  outcome.matched = match.pairs.size();
  const auto raise = [&outcome](Severity severity) {
    outcome.worst_new = outcome.worst_new ? std::max(*outcome.worst_new, severity) : severity;
  };
  std::vector<Finding> left;
  for (const std::size_t index : match.only_new) {
    if (!report.findings[index].suppressed) raise(report.findings[index].severity);
    left.push_back(std::move(report.findings[index]));
  }
  report.findings = std::move(left);
  for (std::size_t i = 0; i < rule_count; ++i) {
    const std::uint64_t unlisted = report.rule_counts[i] - listed[i];
    if (unlisted == 0) continue;
    const auto old = entry.unlisted.find(std::string(rule_names[i]));
    if (old == entry.unlisted.end() || unlisted > old->second)
      if (const auto severity = counted_severity(report, i)) raise(*severity);
  }
  return outcome;
}

}  // namespace gafcheck
