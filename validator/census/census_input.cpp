#include "validator/census/census_input.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <vector>

#include "reports/finding_suppression.hpp"
#include "reports/yaml_record.hpp"
#include "reports/yaml_report.hpp"
#include "validator/check/check_input.hpp"
#include "validator/core/sha256.hpp"
#include "validator/input/input_file.hpp"

namespace gafcheck {
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
  return mapped ? sha256_hex(mapped->view()) : std::string();
}

// Works out whether the report fails, gets a file document (hashed then), and its record facts.
ReportItem settle_report(FileReport& report, const RecordFacts& stamp, RecordFacts& facts,
                         const CensusContext& context, FinishedInput& finished) {
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
  const bool suppressed = every_finding_suppressed(report);
  take_severities(finished.severities, report);
  hide_findings_below(report, context.min_severity);
  if (!document) report.findings.clear();
  facts = stamp;
  facts.worst = outcome.worst_new;
  ReportItem item;
  item.report = &report;
  item.document = document;
  item.baseline_matched = outcome.matched;
  item.worst = outcome.worst_new;
  item.record = &facts;
  item.suppressed = suppressed;
  return item;
}

// Renders the group for every writer, then hands the reports over without their findings (but an
// unreadable input's one finding, which says why, for the closing line).
void render_group(std::vector<FileReport>& reports, const std::vector<ReportItem>& items,
                  const CensusContext& context, FinishedInput& finished) {
  for (const FormatWriter* writer : context.writers)
    finished.rendered.push_back(writer->render(items));
  for (FileReport& report : reports) {
    if (report.format != Format::unreadable) report.findings = {};
    finished.reports.push_back(std::move(report));
  }
}

// reports[0] is the input itself, then its archive's members.
FinishedInput finish_reports(std::vector<FileReport>& reports, const RecordFacts& stamp,
                             const CensusContext& context) {
  FinishedInput finished;
  std::vector<RecordFacts> facts(reports.size());
  std::vector<ReportItem> items;
  for (std::size_t i = 0; i < reports.size(); ++i)
    items.push_back(settle_report(reports[i], stamp, facts[i], context, finished));
  render_group(reports, items, context, finished);
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
  // In report order (the input's own record closes the group, so it comes first here), each
  // record's report with what its file document lists, if it has one.
  std::vector<FileReport> reports;
  std::vector<ReportItem> items;
  const std::size_t count = group.records.size();
  reports.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    ParsedRecord& record = group.records[i == 0 ? count - 1 : i - 1];
    finished.failed = finished.failed || at_or_above(record.facts.worst, context.fail_threshold);
    finished.unreadable = finished.unreadable || record.report.format == Format::unreadable;
    reports.push_back(std::move(record.report));
    ReportItem item;
    item.worst = record.facts.worst;
    item.record = &record.facts;
    for (ParsedFileDocument& file : group.files) {
      if (file.report.path != reports.back().path) continue;
      item.document = true;
      item.baseline_matched = file.baseline_matched;
      reports.back().findings = std::move(file.report.findings);
      reports.back().members = std::move(file.report.members);
      reports.back().findings_suppressed = file.report.findings_suppressed;
      break;
    }
    items.push_back(item);
  }
  for (std::size_t i = 0; i < count; ++i) items[i].report = &reports[i];
  render_group(reports, items, context, finished);
  return finished;
}

}  // namespace gafcheck
