#pragma once
// Totals over the files of one run: what the summary document reports.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "validator/result/file_report.hpp"

namespace gafcheck {

struct RuleTotals {
  std::uint64_t occurrences = 0;
  std::uint64_t files = 0;
  // Findings by the severity they were reported with (severity_name -> count): the check's
  // refinement of the catalogue's default, then the profile's and configuration's rating. Findings
  // the configuration turned off count under none. Empty in a report written before it was kept.
  std::map<std::string, std::uint64_t> severities;
};

// The files with the most key-colour pixels (the `key_pixels` summary counter), at most
// `capacity`, largest first (ties by path), so a census of any size keeps a bounded list.
class TopFiles {
 public:
  static constexpr std::size_t capacity = 10;
  struct Item {
    std::string path;
    std::uint64_t value = 0;
  };
  void offer(const std::string& path, std::uint64_t value);
  const std::vector<Item>& items() const { return items_; }

 private:
  std::vector<Item> items_;
};

// Findings by rule id and by the severity they were reported with (severity_name -> count).
using RuleSeverities = std::map<std::string, std::map<std::string, std::uint64_t>>;
// Adds the report's findings by rule and severity: the listed ones as listed, the ones only
// counted (past --max-findings) at the severity configuration gave them. A census takes them
// before it drops a report's findings.
void take_severities(RuleSeverities& into, const FileReport& report);

struct RunTotals {
  std::uint64_t files = 0;
  std::uint64_t bytes = 0;
  std::map<std::string, std::uint64_t> by_verdict;
  std::map<std::string, std::uint64_t> by_format;
  // Files by the tool that wrote them (unknown too); files that were not read have no writer.
  std::map<std::string, std::uint64_t> by_writer;
  std::map<std::string, RuleTotals> findings;  // by rule id
  Counters summary;                            // per-file summary counters, added up
  Histograms survey;                           // per-file histograms, merged
  std::uint64_t budget_hits = 0;
  std::uint64_t unreadable = 0;
  TopFiles key_pixel_files;  // by the per-file `key_pixels` counter

  // Counted by a census walk (files that are not inputs, symlinks it did not follow); reported
  // only when walk_counted is set, since check does not count them.
  bool walk_counted = false;
  std::uint64_t not_inputs = 0;
  std::uint64_t symlinks_not_followed = 0;
  std::uint64_t ignored = 0;  // files a configuration's ignore: globs left out (not checked)

  // The display threshold (--min-severity) when it is above info, and the findings it left out
  // of the reports (info, warning), added up from FileReport::findings_hidden.
  std::optional<Severity> hidden_below;
  std::array<std::uint64_t, 2> hidden{};

  void add(const FileReport& report);  // with its findings' severities
  // A report whose findings were dropped: everything but the severities, which the caller
  // took before (take_severities) and adds with add_severities.
  void add_without_findings(const FileReport& report);
  void add_severities(const RuleSeverities& severities);
  void merge(const RunTotals& other);
};

// What the display threshold hid, for the summaries: each severity below hidden_below with its
// count, least severe first ({"info", 44}); empty when nothing was hidden by a threshold.
std::vector<std::pair<std::string_view, std::uint64_t>> hidden_findings(const RunTotals& totals);
// The same as one line: "below warning: 44 info" ("" when there is no threshold).
std::string hidden_findings_text(const RunTotals& totals);

}  // namespace gafcheck
