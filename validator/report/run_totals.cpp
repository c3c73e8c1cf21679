#include "validator/report/run_totals.hpp"

namespace gafcheck {

void RunTotals::add(const FileReport& report) {
  ++files;
  bytes += report.size;
  ++by_verdict[std::string(verdict_name(report.verdict))];
  ++by_format[std::string(format_name(report.format))];
  for (std::size_t i = 0; i < rule_count; ++i) {
    if (report.rule_counts[i] == 0) continue;
    RuleTotals& totals = findings[std::string(rule_names[i])];
    totals.occurrences += report.rule_counts[i];
    ++totals.files;
  }
  for (const auto& [key, value] : report.summary.items()) summary.add(key, value);
  for (const auto& [name, histogram] : report.survey) {
    Histogram& merged = survey[name];
    for (const auto& [value, count] : histogram) merged[value] += count;
  }
  if (report.budget_hit) ++budget_hits;
  if (report.format == Format::unreadable) ++unreadable;
}

void RunTotals::merge(const RunTotals& other) {
  files += other.files;
  bytes += other.bytes;
  for (const auto& [key, value] : other.by_verdict) by_verdict[key] += value;
  for (const auto& [key, value] : other.by_format) by_format[key] += value;
  for (const auto& [key, value] : other.findings) {
    findings[key].occurrences += value.occurrences;
    findings[key].files += value.files;
  }
  for (const auto& [key, value] : other.summary.items()) summary.add(key, value);
  for (const auto& [name, histogram] : other.survey) {
    Histogram& merged = survey[name];
    for (const auto& [value, count] : histogram) merged[value] += count;
  }
  budget_hits += other.budget_hits;
  unreadable += other.unreadable;
}

}  // namespace gafcheck
