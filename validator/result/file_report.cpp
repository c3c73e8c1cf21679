#include "validator/result/file_report.hpp"

#include <cstdint>
#include <tuple>
#include <utility>

#include "validator/base/enum_table.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {
constexpr EnumTexts<Verdict, 4> verdict_names = {{"clean", "warnings", "errors", "rejected"}};
static_assert(verdict_names.texts.size() == static_cast<std::size_t>(Verdict::rejected) + 1);
constexpr EnumTexts<Verdict, 4> verdict_labels = {{"OK", "WARN", "ERROR", "REJECTED"}};
}  // namespace

std::string_view verdict_name(Verdict verdict) {
  return verdict_names[verdict];
}

std::optional<Verdict> verdict_from_name(std::string_view name) {
  return verdict_names.find(name);
}

std::string_view verdict_label(Verdict verdict) {
  return verdict_labels[verdict];
}

void Counters::add(std::string_view key, std::uint64_t amount) {
  // Keys tend to come in the same order every time (a census adds each file's counters in the
  // order its checks made them), so the search starts after the last match.
  const std::size_t size = items_.size();
  for (std::size_t step = 0; step < size; ++step) {
    const std::size_t i = next_ + step < size ? next_ + step : next_ + step - size;
    if (items_[i].first == key) {
      items_[i].second += amount;
      next_ = i + 1;
      return;
    }
  }
  items_.emplace_back(std::string(key), amount);
  next_ = items_.size();
}

std::uint64_t Counters::get(std::string_view key) const {
  for (const auto& [name, value] : items_)
    if (name == key) return value;
  return 0;
}

std::optional<Severity> counted_severity(const FileReport& report, std::size_t rule) {
  switch (report.counted_levels[rule]) {
    case CountedLevel::catalogue:
      return embedded_catalog().info(static_cast<RuleId>(rule)).severity;
    case CountedLevel::ignored: return std::nullopt;
    case CountedLevel::info: return Severity::info;
    case CountedLevel::warning: return Severity::warning;
    case CountedLevel::error: return Severity::error;
  }
  return std::nullopt;
}

std::string severity_counts(std::uint64_t errors, std::uint64_t warnings, std::uint64_t info) {
  return counted(errors, "error") + ", " + counted(warnings, "warning") + ", " +
         counted(info, "info", "info");
}

std::string verdict_reason(const FileReport& report) {
  // The most severe finding and, among those, the worst retail impact: the line that gives this
  // reason names the file's retail impact, so the reason is a finding that has it.
  const Finding* worst = nullptr;
  for (const Finding& finding : report.findings)
    if (!finding.suppressed && (!worst || std::tie(finding.severity, finding.retail) >
                                              std::tie(worst->severity, worst->retail)))
      worst = &finding;
  return worst ? sanitize_text(worst->message) : std::string();
}

void hide_findings_below(FileReport& report, Severity threshold) {
  if (threshold == Severity::info) return;
  std::vector<std::size_t> new_index(report.findings.size(), SIZE_MAX);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    const Severity severity = report.findings[i].severity;
    if (severity < threshold) {
      ++report.findings_hidden[static_cast<std::size_t>(severity)];
      continue;
    }
    new_index[i] = kept;
    if (kept != i) report.findings[kept] = std::move(report.findings[i]);
    ++kept;
  }
  report.findings.erase(report.findings.begin() + static_cast<std::ptrdiff_t>(kept),
                        report.findings.end());
  if (!report.attachments) return;
  std::vector<HexExcerpt> excerpts;
  for (HexExcerpt& excerpt : report.attachments->excerpts) {
    if (excerpt.finding >= new_index.size() || new_index[excerpt.finding] == SIZE_MAX) continue;
    excerpt.finding = new_index[excerpt.finding];
    excerpts.push_back(std::move(excerpt));
  }
  report.attachments->excerpts = std::move(excerpts);
}

}  // namespace gafcheck
