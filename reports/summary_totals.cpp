#include "reports/summary_totals.hpp"

#include <cstdlib>

namespace gafcheck {
namespace {

std::uint64_t count_or_zero(const YAML::Node& node) {
  return node ? node.as<std::uint64_t>() : 0;
}

void read_counts(const YAML::Node& node, std::map<std::string, std::uint64_t>& into) {
  if (!node) return;
  for (const auto& item : node)
    into[item.first.as<std::string>()] = item.second.as<std::uint64_t>();
}

}  // namespace

SummaryTotals summary_totals(const YAML::Node& summary) {
  SummaryTotals read;
  RunTotals& totals = read.totals;
  const YAML::Node files = summary["files"];
  totals.files = count_or_zero(files["total"]);
  read_counts(files["by_verdict"], totals.by_verdict);
  read_counts(files["by_format"], totals.by_format);
  read_counts(files["by_writer"], totals.by_writer);  // absent before reports named writers
  if (files["not_inputs"]) {
    totals.walk_counted = true;
    totals.not_inputs = count_or_zero(files["not_inputs"]);
    totals.symlinks_not_followed = count_or_zero(files["symlinks_not_followed"]);
    totals.ignored = count_or_zero(files["ignored"]);
  }
  totals.bytes = count_or_zero(summary["bytes"]);
  if (const YAML::Node findings = summary["findings"])
    for (const auto& item : findings)
      totals.findings[item.first.as<std::string>()] = {count_or_zero(item.second["occurrences"]),
                                                       count_or_zero(item.second["files"])};
  if (const YAML::Node survey = summary["survey"])
    for (const auto& item : survey) {
      Histogram& histogram = totals.survey[item.first.as<std::string>()];
      for (const auto& bar : item.second)
        histogram[bar.first.as<std::int64_t>()] = bar.second.as<std::uint64_t>();
    }
  totals.budget_hits = count_or_zero(summary["budget_hits"]);
  totals.unreadable = count_or_zero(summary["unreadable"]);
  if (const YAML::Node hidden = summary["hidden"]) {
    totals.hidden_below = severity_from_name(hidden["below"].as<std::string>());
    totals.hidden = {count_or_zero(hidden["info"]), count_or_zero(hidden["warning"])};
  }
  read.closing.interrupted = summary["interrupted"] && summary["interrupted"].as<bool>();
  read.closing.exit_code = summary["exit_code"] ? summary["exit_code"].as<int>() : 0;
  if (const YAML::Node seconds = summary["wall_seconds"])
    read.closing.wall_seconds = std::strtod(seconds.Scalar().c_str(), nullptr);
  return read;
}

}  // namespace gafcheck
