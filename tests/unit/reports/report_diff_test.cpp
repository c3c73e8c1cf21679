// Regression triage: findings matched by rule and structure path (never by offset), baselines.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "reports/baseline.hpp"
#include "reports/finding_match.hpp"
#include "reports/report_diff.hpp"
#include "reports/yaml_report.hpp"
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

DiffFinding finding(const std::string& rule, const std::string& path, std::uint64_t offset,
                    const std::string& message, const std::string& severity = "error") {
  return {rule, severity, "crash", offset, path, message};
}

ReportContents contents(std::map<std::string, std::vector<DiffFinding>> files) {
  ReportContents report;
  for (auto& [path, findings] : files)
    report.files[path] = {findings.empty() ? "clean" : "errors", "", true, std::move(findings)};
  return report;
}

TEST(FindingMatch, PairsByKeyInOrder) {
  const FindingKeyMatch match = match_finding_keys({"a", "b", "a", "c"}, {"a", "a", "a", "d", "b"});
  EXPECT_EQ(match.pairs,
            (std::vector<std::pair<std::size_t, std::size_t>>{{0, 0}, {2, 1}, {1, 4}}));
  EXPECT_EQ(match.only_old, std::vector<std::size_t>{3});
  EXPECT_EQ(match.only_new, (std::vector<std::size_t>{2, 3}));
}

TEST(FindingMatch, OffsetsInMessagesAreMasked) {
  EXPECT_EQ(message_without_offsets("table at 0x40 -> 0xFFFF00 (12 bytes)"),
            "table at 0x# -> 0x# (12 bytes)");
  EXPECT_EQ(message_without_offsets("0x"), "0x");
}

TEST(Diff, ShiftedFindingsAreNotNewAndReportWithItselfIsEmpty) {
  const auto before =
      contents({{"x.gaf", {finding("entry.alias", "entry[1]", 16, "slot at 0x10")}}});
  const auto shifted =
      contents({{"x.gaf", {finding("entry.alias", "entry[1]", 48, "slot at 0x30")}}});
  EXPECT_TRUE(diff_reports(before, before).empty());
  const ReportDiff diff = diff_reports(before, shifted);
  EXPECT_TRUE(diff.empty()) << "an offset shift is not a change";
  EXPECT_FALSE(has_new_findings_at_or_above(diff, Severity::info));
}

TEST(Diff, ReportsOfTwoCopiesOfATreeMatchBelowTheirDirectories) {
  const auto before = contents({{"old/anims/a.gaf", {}}, {"old/b.gaf", {}}});
  const auto after = contents({{"new/anims/a.gaf", {finding("entry.alias", "entry[1]", 16, "m")}},
                               {"new/b.gaf", {}}});
  const ReportDiff diff = diff_reports(before, after);
  EXPECT_TRUE(diff.files_added.empty());
  EXPECT_TRUE(diff.files_removed.empty());
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].path, "anims/a.gaf");
  ASSERT_EQ(diff.files[0].added.size(), 1u);
  // Control: reports that share a path are matched as written.
  const auto shared = contents({{"old/b.gaf", {}}, {"new/b.gaf", {}}});
  EXPECT_EQ(diff_reports(before, shared).files_added, std::vector<std::string>{"new/b.gaf"});
}

TEST(Diff, NewResolvedChangedAddedRemoved) {
  const auto before = contents({{"a.gaf",
                                 {finding("entry.alias", "entry[1]", 16, "m"),
                                  finding("frame.empty", "entry[0]/frame[0]", 40, "m")}},
                                {"gone.gaf", {}}});
  const auto after =
      contents({{"a.gaf",
                 {finding("entry.alias", "entry[1]", 16, "m2"),
                  finding("composite.cycle", "entry[0]", 60, "m")}},
                {"new.gaf", {finding("frame.empty", "entry[0]", 0, "m", "warning")}}});
  const ReportDiff diff = diff_reports(before, after);
  EXPECT_EQ(diff.files_added, std::vector<std::string>{"new.gaf"});
  EXPECT_EQ(diff.files_removed, std::vector<std::string>{"gone.gaf"});
  EXPECT_EQ(diff.new_findings, 2u);
  EXPECT_EQ(diff.resolved_findings, 1u);
  EXPECT_EQ(diff.changed_findings, 1u);
  ASSERT_EQ(diff.files.size(), 3u);
  EXPECT_EQ(diff.files[0].path, "a.gaf");
  EXPECT_EQ(diff.files[0].added[0].rule, "composite.cycle");
  EXPECT_EQ(diff.files[0].resolved[0].rule, "frame.empty");
  EXPECT_EQ(diff.files[0].changed[0].after.message, "m2");
  EXPECT_TRUE(has_new_findings_at_or_above(diff, Severity::error));
  const ReportDiff only_warning =
      diff_reports(contents({{"a.gaf", {}}}),
                   contents({{"a.gaf", {finding("frame.empty", "p", 0, "m", "warning")}}}));
  EXPECT_FALSE(has_new_findings_at_or_above(only_warning, Severity::error));
  EXPECT_TRUE(has_new_findings_at_or_above(only_warning, Severity::warning));
}

TEST(Diff, RaisedSeverityCountsAsNewAtTheThreshold) {
  const auto before = contents({{"a.gaf", {finding("x.y", "p", 0, "m", "warning")}}});
  const auto after = contents({{"a.gaf", {finding("x.y", "p", 0, "m", "error")}}});
  const ReportDiff diff = diff_reports(before, after);
  EXPECT_EQ(diff.changed_findings, 1u);
  EXPECT_TRUE(has_new_findings_at_or_above(diff, Severity::error));
}

TEST(Diff, AMemberAndARealFileOfOneDisplayPathAreTwoFiles) {
  const FileKey member{"a.ufo!x.gaf", "a.ufo"}, real{"a.ufo!x.gaf"};
  const DiffFinding cycle = finding("composite.cycle", "entry[0]/frame[0]/layer[1]", 116, "m");
  ReportContents before, after;
  before.files[member] = {"clean", "", true, {}};
  before.files[real] = {"errors", "", true, {cycle}};
  after.files[member] = {"errors", "", true, {cycle}};
  after.files[real] = {"errors", "", true, {cycle}};
  const ReportDiff diff = diff_reports(before, after);
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].member_of, "a.ufo");
  ASSERT_EQ(diff.files[0].added.size(), 1u);
  EXPECT_EQ(diff.files[0].added[0].rule, "composite.cycle");
  EXPECT_TRUE(has_new_findings_at_or_above(diff, Severity::error));
  EXPECT_EQ(describe(member), "a.ufo!x.gaf (member of a.ufo)");
}

FileFindings recorded(const std::string& verdict, std::map<std::string, std::uint64_t> counts) {
  FileFindings file{verdict, "", false, {}};
  file.recorded = true;
  file.counts = std::move(counts);
  return file;
}

TEST(Diff, RecordsWithoutDocumentsAreComparedByOccurrencesPerRule) {
  ReportContents before, after;
  before.files[FileKey{"a.gaf"}] =
      recorded("warnings", {{"frame.empty", 2}, {"frame.duration-zero", 1}});
  after.files[FileKey{"a.gaf"}] = recorded("errors", {{"frame.empty", 3}, {"composite.cycle", 1}});
  const ReportDiff diff = diff_reports(before, after);
  ASSERT_EQ(diff.files.size(), 1u);
  const FileDiff& file = diff.files[0];
  ASSERT_EQ(file.added.size(), 1u);
  EXPECT_EQ(file.added[0].rule, "composite.cycle");
  EXPECT_EQ(file.added[0].severity, "error");
  EXPECT_EQ(file.added[0].occurrences, 1u);
  ASSERT_EQ(file.resolved.size(), 1u);
  EXPECT_EQ(file.resolved[0].rule, "frame.duration-zero");
  ASSERT_EQ(file.changed.size(), 1u);
  EXPECT_EQ(file.changed[0].before.occurrences, 2u);
  EXPECT_EQ(file.changed[0].after.occurrences, 3u);
  EXPECT_TRUE(has_new_findings_at_or_above(diff, Severity::error));

  // One more occurrence of a warning fails at warning, not at error; fewer occurrences never
  // fail (going back, only the info frame.duration-zero is new).
  const ReportDiff more = diff_reports(before, [&] {
    ReportContents more_warnings;
    more_warnings.files[FileKey{"a.gaf"}] =
        recorded("warnings", {{"frame.empty", 3}, {"frame.duration-zero", 1}});
    return more_warnings;
  }());
  EXPECT_FALSE(has_new_findings_at_or_above(more, Severity::error));
  EXPECT_TRUE(has_new_findings_at_or_above(more, Severity::warning));
  const ReportDiff fewer = diff_reports(after, before);
  EXPECT_FALSE(has_new_findings_at_or_above(fewer, Severity::warning));
  EXPECT_TRUE(has_new_findings_at_or_above(fewer, Severity::info));
  EXPECT_TRUE(diff_reports(before, before).empty());
}

TEST(Baseline, KnownFindingsAreRemovedAndNewOnesDecideTheOutcome) {
  auto spec = simple_spec();
  spec.frames[0].width = 0;  // frame.empty (warning)
  FileReport old_report = check(builder::build_gaf(spec).bytes, {}, "dir/x.gaf");
  ReportHeader header;
  header.command = "check";
  header.started_at = "2026-01-01T00:00:00Z";
  const fs::path path = fs::temp_directory_path() / "gafcheck-baseline-test.yaml";
  std::ofstream(path) << yaml_header_document(header) << yaml_file_document(old_report);

  const Baseline baseline = Baseline::load(path.string());
  FileReport same = check(builder::build_gaf(spec).bytes, {}, "dir/x.gaf");
  const Baseline::Outcome known = baseline.apply(same);
  EXPECT_EQ(known.matched, 1u);
  EXPECT_FALSE(known.worst_new);
  EXPECT_TRUE(same.findings.empty());

  spec.entries[0].frames[0].duration = 0;  // adds frame.duration-zero (info)
  FileReport more = check(builder::build_gaf(spec).bytes, {}, "dir/x.gaf");
  const Baseline::Outcome outcome = baseline.apply(more);
  EXPECT_EQ(outcome.matched, 1u);
  EXPECT_EQ(outcome.worst_new, Severity::info);
  ASSERT_EQ(more.findings.size(), 1u);
  EXPECT_EQ(rule_name(more.findings[0].rule), "frame.duration-zero");

  FileReport elsewhere = check(builder::build_gaf(spec).bytes, {}, "other/x.gaf");
  EXPECT_EQ(baseline.apply(elsewhere).worst_new, Severity::warning);
  fs::remove(path);
}

}  // namespace
}  // namespace gafcheck::testing
