#pragma once
// --baseline OLD.yaml: findings the old report already had (same file path and archive, rule and
// structure path) are left out of the new report's file documents and do not count for the exit
// code. The summary still counts every finding: it describes the tree, not the change.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "reports/report_diff.hpp"
#include "validator/result/file_report.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck {

// The worst severity among a report's findings, listed or only counted.
std::optional<Severity> worst_severity(const FileReport& report);

class Baseline {
 public:
  // Reads the file documents of a check or census report. Throws std::runtime_error, also when
  // the report has two file documents for one file.
  static Baseline load(const std::string& report_path);

  struct Outcome {
    std::uint64_t matched = 0;          // findings removed because the baseline has them
    std::optional<Severity> worst_new;  // the worst severity among the findings left
  };
  // Removes the findings the baseline has for this file and says what is left.
  Outcome apply(FileReport& report) const;

 private:
  struct FileEntry {
    std::vector<std::string> keys;                  // finding_key of each listed finding
    std::map<std::string, std::uint64_t> unlisted;  // per rule: counted beyond the listed ones
  };
  std::map<FileKey, FileEntry> files_;  // by escaped path and archive, as in reports
};

}  // namespace gafcheck
