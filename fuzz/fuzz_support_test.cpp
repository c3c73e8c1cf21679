// The fuzz invariants must fire when violated and stay quiet otherwise; a checker that never
// aborts would make every fuzzing run look clean.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fuzz/fuzz_support.hpp"
#include "reports/yaml_report.hpp"
#include "validator/check/check_input.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::fuzz {
namespace {

FileReport report_with_finding(std::uint64_t offset, std::uint64_t length) {
  FileReport report;
  report.path = "x.gaf";
  Finding& finding = report.findings.emplace_back();
  finding.rule = RuleId::header_truncated;
  finding.offset = offset;
  finding.length = length;
  finding.path = "header";
  finding.message = "m";
  return report;
}

TEST(FuzzInvariants, FindingEndingPastTheInputAborts) {
  EXPECT_DEATH(require_findings_inside(report_with_finding(4, 7), 10),
               "header.truncated at header covers \\[4, \\+7\\) outside the 10-byte input");
}

TEST(FuzzInvariants, FindingWhoseEndOverflowsAborts) {
  EXPECT_DEATH(require_findings_inside(report_with_finding(UINT64_MAX, 2), 10), "outside");
}

TEST(FuzzInvariants, FindingEndingAtTheEndOfTheInputPasses) {
  require_findings_inside(report_with_finding(4, 6), 10);
  require_findings_inside(report_with_finding(10, 0), 10);
}

TEST(FuzzInvariants, RejectedReportRoundTrips) {
  const std::string bytes = "not a sprite file";
  const FileReport report = check_bytes(ByteView(bytes), "x.gaf", fuzz_check_options());
  ASSERT_EQ(report.verdict, Verdict::rejected);
  const YAML::Node document = require_report_round_trip(report);
  EXPECT_EQ(document["verdict"].as<std::string>(), "rejected");
  EXPECT_EQ(document["findings"][0]["rule"].as<std::string>(), "format.unknown");
}

TEST(FuzzInvariants, HostileTextRoundTrips) {
  FileReport report = report_with_finding(0, 1);
  report.path = std::string("a\x01\xff\"b: [c]\n", 11);
  report.findings[0].message = "name '\\xFF' --- # not a comment: {x}";
  report.findings[0].path = "entry[0]/name";
  const YAML::Node document = require_report_round_trip(report);
  EXPECT_EQ(document["findings"][0]["message"].as<std::string>(), report.findings[0].message);
}

TEST(FuzzInvariants, ReportTextWithARawYamlBreakAborts) {
  EXPECT_DEATH(require_printable_report_text("---\npath: \"a\xE2\x80\xA8--- b\"\n"),
               "line break or non-printable character: path: \"a\\\\xE2");
  EXPECT_DEATH(require_printable_report_text("path: \"\xEF\xBF\xBE\"\n"), "non-printable");
  require_printable_report_text("---\npath: \"caf\xC3\xA9 \\\\xFF\"\n");
}

TEST(FuzzInvariants, NamesWithYamlBreaksRoundTrip) {
  FileReport report = report_with_finding(0, 1);
  report.path = "a\xE2\x80\xA8--- \xEF\xBF\xBE\xC2\x85.gaf";
  const YAML::Node document = require_report_round_trip(report);
  EXPECT_EQ(unescape_bytes(document["path"].as<std::string>()), report.path);
}

TEST(FuzzInvariants, SummaryCountersRoundTripNestedOrNot) {
  const std::string bytes = "not a sprite file";
  FileReport report = check_bytes(ByteView(bytes), "x.gaf", fuzz_check_options());
  report.summary.add("entries", 3);
  report.summary.add("coverage.slack", 7);
  const YAML::Node document = require_report_round_trip(report);
  EXPECT_EQ(document["summary"]["coverage"]["slack"].as<std::uint64_t>(), 7u);
}

TEST(FuzzInvariants, SummaryCounterTheDocumentLacksAborts) {
  FileReport report = report_with_finding(0, 1);
  report.summary.add("frames", 2);
  const std::string text = yaml_file_document(report);
  FileReport other = report;
  other.summary.add("coverage.slack", 1);
  EXPECT_DEATH(require_report_text_round_trip(other, text), "summary.coverage.slack is missing");
  FileReport changed = report_with_finding(0, 1);
  changed.summary.add("frames", 3);
  EXPECT_DEATH(require_report_text_round_trip(changed, text), "summary.frames does not round-trip");
}

TEST(FuzzInvariants, MissingSummaryCounterAborts) {
  const YAML::Node document = YAML::Load("summary: {entries: 1, coverage: {slack: 2}}");
  EXPECT_EQ(require_summary_counter(document, "entries"), 1u);
  EXPECT_EQ(require_summary_counter(document, "coverage.slack"), 2u);
  EXPECT_DEATH(require_summary_counter(document, "frames"), "summary.frames is missing");
  EXPECT_DEATH(require_summary_counter(document, "coverage.gaps"),
               "summary.coverage.gaps is missing");
  EXPECT_DEATH(require_summary_counter(document, "entries.x"), "summary.entries.x is missing");
}

}  // namespace
}  // namespace gafcheck::fuzz
