#pragma once
// Regression triage: compares two check or census reports. Files added and removed; per file the
// findings that are new, resolved or changed (matched by rule and structure path, see
// finding_match.hpp); and the summary figures that differ. A file whose findings are not listed
// by a file document in both reports (census --per-file none or findings) is compared by the
// occurrences per rule its census records carry.
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "validator/rules/finding.hpp"

namespace gafcheck {

struct DiffFinding {
  std::string rule;
  std::string severity;
  std::string retail;
  std::uint64_t offset = 0;
  std::string path;  // structure path
  std::string message;
  // For a comparison of census records: how many times the rule occurs (0: a listed finding).
  std::uint64_t occurrences = 0;
};

// A file is identified by its path and, for an archive member, the archive it is in: a member
// x.gaf of a.ufo and a real file named "a.ufo!x.gaf" have the same path. Both are in the form
// this version writes (escaped), so a name matches itself in a report of an older gafcheck that
// left some characters raw.
struct FileKey {
  FileKey() = default;
  FileKey(std::string display_path, std::optional<std::string> archive = std::nullopt)  // NOLINT
      : path(std::move(display_path)), member_of(std::move(archive)) {}
  std::string path;
  std::optional<std::string> member_of;
  auto operator<=>(const FileKey&) const = default;
  bool operator==(const FileKey&) const = default;
};
// "path" or "path (member of archive)", for messages.
std::string describe(const FileKey& key);
// The key of a file or record document (throws YAML::Exception when it has no path).
FileKey file_key(const YAML::Node& node);

struct FileFindings {
  std::string verdict;
  std::string sha256;
  bool listed = false;  // a file document listed its findings (not only a census record)
  std::vector<DiffFinding> findings;
  bool recorded = false;  // a census record was read
  // Occurrences per rule: the record's, else the file document's finding_counts or listing.
  std::map<std::string, std::uint64_t> counts;
};

// What a report says per file (paths as written in the report) and its summary.
struct ReportContents {
  std::string game;  // the header's --game (empty when the report has none)
  std::map<FileKey, FileFindings> files;
  std::optional<YAML::Node> summary;
  std::string cut_short;  // the last document, dropped as cut short: where and why
};

// Throws std::runtime_error when the report cannot be read or names one file twice (two file
// documents or two records for one path and archive).
ReportContents load_report_contents(const std::string& path);

struct ChangedFinding {
  DiffFinding before;
  DiffFinding after;
};

struct FileDiff {
  std::string path;
  std::optional<std::string> member_of;
  std::string old_verdict;  // empty for an added file
  std::string new_verdict;  // empty for a removed file
  std::vector<DiffFinding> added;
  std::vector<DiffFinding> resolved;
  std::vector<ChangedFinding> changed;
};

struct SummaryDelta {
  std::string key;  // slash-separated path into the summary document
  std::optional<std::int64_t> before;
  std::optional<std::int64_t> after;
};

struct ReportDiff {
  std::string old_game;  // the --game each report was made for: findings differ by engine
  std::string new_game;
  std::vector<std::string> files_added;
  std::vector<std::string> files_removed;
  std::vector<FileDiff> files;  // files whose findings or verdict differ
  std::vector<SummaryDelta> summary;
  std::uint64_t new_findings = 0;
  std::uint64_t resolved_findings = 0;
  std::uint64_t changed_findings = 0;

  bool empty() const {
    return files_added.empty() && files_removed.empty() && files.empty() && summary.empty();
  }
};

ReportDiff diff_reports(const ReportContents& before, const ReportContents& after);

// True when NEW has a finding at or above the severity that OLD did not have.
bool has_new_findings_at_or_above(const ReportDiff& diff, Severity threshold);

// A list of findings under key (nothing when it is empty), as the diff documents write them.
void emit_findings(YAML::Emitter& out, const char* key, const std::vector<DiffFinding>& findings);

std::string yaml_diff_document(const ReportDiff& diff, const std::string& old_path,
                               const std::string& new_path);
// One or two lines for standard error.
std::string diff_human_summary(const ReportDiff& diff);

}  // namespace gafcheck
