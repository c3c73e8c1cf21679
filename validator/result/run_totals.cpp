#include "validator/result/run_totals.hpp"

#include <algorithm>
#include <optional>

namespace gafcheck {

void TopFiles::offer(const std::string& path, std::uint64_t value) {
  if (value == 0) return;
  const auto before = [](const Item& a, const Item& b) {
    return a.value != b.value ? a.value > b.value : a.path < b.path;
  };
  const Item item{path, value};
  if (items_.size() == capacity && !before(item, items_.back())) return;
  items_.insert(std::upper_bound(items_.begin(), items_.end(), item, before), item);
  if (items_.size() > capacity) items_.pop_back();
}

namespace {

// Both histograms are in ascending order, so each value's place in the merged one is usually
// right after the previous value's: the hint makes that insert take no search.
void add_histogram(Histogram& merged, const Histogram& histogram) {
  auto at = merged.begin();
  for (const auto& [value, count] : histogram) {
    at = merged.try_emplace(at, value, 0);
    at->second += count;
    ++at;
  }
}

}  // namespace

void take_severities(RuleSeverities& into, const FileReport& report) {
  std::array<std::uint64_t, rule_count> listed{};
  for (const Finding& finding : report.findings) {
    const auto rule = static_cast<std::size_t>(finding.rule);
    ++listed[rule];
    ++into[std::string(rule_names[rule])][std::string(severity_name(finding.severity))];
  }
  for (std::size_t i = 0; i < rule_count; ++i) {
    if (report.rule_counts[i] <= listed[i]) continue;
    if (const std::optional<Severity> severity = counted_severity(report, i))
      into[std::string(rule_names[i])][std::string(severity_name(*severity))] +=
          report.rule_counts[i] - listed[i];
  }
}

void RunTotals::add(const FileReport& report) {
  add_without_findings(report);
  RuleSeverities severities;
  take_severities(severities, report);
  add_severities(severities);
}

void RunTotals::add_severities(const RuleSeverities& severities) {
  for (const auto& [rule, counts] : severities)
    for (const auto& [severity, count] : counts) findings[rule].severities[severity] += count;
}

void RunTotals::add_without_findings(const FileReport& report) {
  ++files;
  bytes += report.size;
  ++by_verdict[std::string(verdict_name(report.verdict))];
  ++by_format[std::string(format_name(report.format))];
  if (report.writer) ++by_writer[report.writer->tool];
  for (std::size_t i = 0; i < rule_count; ++i) {
    if (report.rule_counts[i] == 0) continue;
    RuleTotals& totals = findings[std::string(rule_names[i])];
    totals.occurrences += report.rule_counts[i];
    ++totals.files;
  }
  for (const auto& [key, value] : report.summary.items()) summary.add(key, value);
  for (const auto& [name, histogram] : report.survey) add_histogram(survey[name], histogram);
  if (report.budget_hit) ++budget_hits;
  if (report.format == Format::unreadable) ++unreadable;
  key_pixel_files.offer(report.path, report.summary.get("key_pixels"));
  for (std::size_t i = 0; i < hidden.size(); ++i) hidden[i] += report.findings_hidden[i];
}

void RunTotals::merge(const RunTotals& other) {
  files += other.files;
  bytes += other.bytes;
  for (const auto& [key, value] : other.by_verdict) by_verdict[key] += value;
  for (const auto& [key, value] : other.by_format) by_format[key] += value;
  for (const auto& [key, value] : other.by_writer) by_writer[key] += value;
  for (const auto& [key, value] : other.findings) {
    findings[key].occurrences += value.occurrences;
    findings[key].files += value.files;
    for (const auto& [severity, count] : value.severities)
      findings[key].severities[severity] += count;
  }
  for (const auto& [key, value] : other.summary.items()) summary.add(key, value);
  for (const auto& [name, histogram] : other.survey) add_histogram(survey[name], histogram);
  budget_hits += other.budget_hits;
  unreadable += other.unreadable;
  for (const auto& item : other.key_pixel_files.items())
    key_pixel_files.offer(item.path, item.value);
  walk_counted = walk_counted || other.walk_counted;
  not_inputs += other.not_inputs;
  symlinks_not_followed += other.symlinks_not_followed;
  ignored += other.ignored;
  if (other.hidden_below) hidden_below = other.hidden_below;
  for (std::size_t i = 0; i < hidden.size(); ++i) hidden[i] += other.hidden[i];
}

std::vector<std::pair<std::string_view, std::uint64_t>> hidden_findings(const RunTotals& totals) {
  std::vector<std::pair<std::string_view, std::uint64_t>> hidden;
  if (!totals.hidden_below) return hidden;
  for (std::size_t level = 0; level < static_cast<std::size_t>(*totals.hidden_below); ++level)
    hidden.emplace_back(severity_name(static_cast<Severity>(level)), totals.hidden[level]);
  return hidden;
}

std::string hidden_findings_text(const RunTotals& totals) {
  if (!totals.hidden_below) return {};
  std::string text = "below " + std::string(severity_name(*totals.hidden_below)) + ":";
  for (const auto& [severity, count] : hidden_findings(totals))
    text += (text.back() == ':' ? " " : ", ") + std::to_string(count) + " " + std::string(severity);
  return text;
}

}  // namespace gafcheck
