#include "validator/cli/census/census_input.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <vector>

#include "reports/yaml_record.hpp"
#include "reports/yaml_report.hpp"
#include "validator/check/check_input.hpp"
#include "validator/core/sha256.hpp"
#include "validator/input/input_file.hpp"

namespace gafcheck::cli {
namespace {

bool at_or_above(const std::optional<Severity>& severity, const std::optional<Severity>& level) {
  return severity && level && *severity >= *level;
}

// A file the walk listed but that is gone when it is opened.
bool vanished(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) != 0 && errno == ENOENT;
}

// The hash of a file that gets a document after it was checked without one.
std::string hash_file(const std::string& path, std::uint64_t size_limit) {
  auto mapped = InputFile::open(path, size_limit);
  return mapped.file ? sha256_hex(mapped.file->view()) : std::string();
}

void add_report(FileReport& report, const RecordFacts& stamp, const CensusContext& context,
                FinishedInput& finished, std::string& records) {
  finished.unreadable = finished.unreadable || report.format == Format::unreadable;
  const Baseline::Outcome outcome = context.baseline ? context.baseline->apply(report)
                                                     : Baseline::Outcome{0, worst_severity(report)};
  finished.failed = finished.failed || at_or_above(outcome.worst_new, context.fail_threshold);
  // Suppressed findings count for nothing but stay listed: they earn a document as they would
  // unsuppressed, so a census report holds them with their justification.
  std::optional<Severity> worst_listed = outcome.worst_new;
  for (const Finding& finding : report.findings)
    if (finding.suppressed)
      worst_listed = worst_listed ? std::max(*worst_listed, finding.severity) : finding.severity;
  const bool document =
      context.per_file == PerFile::all ||
      (context.per_file == PerFile::findings && at_or_above(worst_listed, context.min_severity));
  if (document && report.sha256.empty() && !report.member_of && report.format != Format::unreadable)
    report.sha256 = hash_file(report.path, context.check.limits[BudgetKind::file_size]);
  if (document) finished.documents += yaml_file_document(report, outcome.matched);
  RecordFacts facts = stamp;
  facts.worst = outcome.worst_new;
  records += yaml_record_document(report, facts);
  report.findings = {};
  finished.reports.push_back(std::move(report));
}

FinishedInput finish_reports(std::vector<FileReport>& reports, const RecordFacts& stamp,
                             const CensusContext& context) {
  FinishedInput finished;
  // Members' records first; the input's own record (reports[0]) closes the group.
  std::string member_records, own_record;
  for (std::size_t i = 0; i < reports.size(); ++i)
    add_report(reports[i], stamp, context, finished, i == 0 ? own_record : member_records);
  finished.documents += member_records;
  finished.documents += own_record;
  return finished;
}

}  // namespace

FinishedInput check_census_input(const InputItem& item, const CensusContext& context) {
  std::vector<FileReport> reports;
  RunConfiguration::Scope scope;
  if (context.configuration) scope = context.configuration->scope(item.path);
  const auto configure = [&] {
    if (scope.configuration)
      for (FileReport& report : reports) RunConfiguration::apply(scope, item.path, report);
  };
  if (item.kind == InputKind::unreadable) {
    reports.push_back(unreadable_report(item.path, item.error.value_or("cannot be read")));
    configure();
    return finish_reports(reports, {}, context);
  }
  if (!context.selection.is_input(item)) {
    FinishedInput skipped;
    skipped.not_input = true;
    return skipped;
  }
  CheckOptions options = context.check;
  // A suppression that names the file's sha256 needs the file hashed before it is rated.
  options.hash_contents =
      context.hash_all || (scope.configuration && scope.configuration->needs_hash(scope.path));
  options.hash_archive_trees = true;
  check_input(item.path, options,
              [&reports](FileReport&& report) { reports.push_back(std::move(report)); });
  if (reports.empty()) reports.push_back(unreadable_report(item.path, "produced no report"));
  if (reports.size() == 1 && reports[0].format == Format::unreadable && vanished(item.path))
    reports[0] = unreadable_report(item.path,
                                   "vanished during the census (listed by the walk, "
                                   "gone when it was opened)");
  configure();
  return finish_reports(
      reports, {item.mtime_ns, std::nullopt, FileIdentity{item.ctime_ns, item.device, item.inode}},
      context);
}

FinishedInput reuse_group(RecordGroup&& group, const CensusContext& context) {
  FinishedInput finished;
  for (ParsedRecord& record : group.records) {
    finished.failed = finished.failed || at_or_above(record.facts.worst, context.fail_threshold);
    finished.unreadable = finished.unreadable || record.report.format == Format::unreadable;
    finished.reports.push_back(std::move(record.report));
  }
  finished.documents = std::move(group.documents);
  return finished;
}

}  // namespace gafcheck::cli
