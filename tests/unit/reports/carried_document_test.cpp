// Documents merge and --resume carry from an old report are parsed and written again by gafcheck's
// own writers: what gafcheck wrote comes back byte for byte, anything else is
// refused by the field tables (report_schema_check) or comes out as gafcheck would write it.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <limits>

#include "reports/carried_document.hpp"
#include "reports/packed_field_check.hpp"
#include "reports/report_schema_check.hpp"
#include "reports/yaml_event_tree.hpp"
#include "reports/yaml_record.hpp"
#include "reports/yaml_report.hpp"
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

// As the report reader reads a document: event tree (no duplicate keys), kind, field tables.
YAML::Node read_back(const std::string& text) {
  auto node = load_one_document(text, {});
  if (!node) throw std::runtime_error("no document");
  check_document_fields(*node, checked_document_kind(*node));
  return *node;
}

// The SchemaViolation message, or "" when the document is accepted.
std::string refusal(const std::string& text) {
  try {
    read_back(text);
  } catch (const SchemaViolation& violation) {
    return violation.what();
  }
  return "";
}

FileReport archive_report() {
  auto spec = simple_spec();
  spec.entries.push_back(spec.entries[0]);  // entry.name-duplicate
  spec.frames[0].width = 0;                 // frame.empty
  FileReport report = check(builder::build_gaf(spec).bytes, {}, "dir/caf\xC3\xA9 \"q\"\x01\\.gaf");
  EXPECT_FALSE(report.findings.empty());
  report.findings[0].row = 3;
  report.findings[0].column = 4;
  report.findings[0].message += " \xE2\x80\xA8 U+00A0:\xC2\xA0";
  report.member_of = "pack.ufo";
  report.findings_suppressed = 5;
  report.rule_counts[0] = 6;
  report.members = std::vector<ArchiveMember>{
      {"a/b.gaf", 10, 7, "lz77", true, Format::gaf, true, ""},
      {"a/c\xFF.gaf", 10, 7, "stored", false, Format::unknown, false, "a/b.gaf"}};
  return report;
}

TEST(CarriedDocument, FileDocumentGafcheckWroteIsWrittenAgainByteForByte) {
  const std::string text = yaml_file_document(archive_report(), 3);
  EXPECT_EQ(reemitted_file_document(read_back(text)), text);
  const FileReport clean = check(builder::build_gaf(simple_spec()).bytes, {}, "x.gaf");
  const std::string plain = yaml_file_document(clean);
  EXPECT_EQ(reemitted_file_document(read_back(plain)), plain);
}

TEST(CarriedDocument, RecordGafcheckWroteIsWrittenAgainByteForByte) {
  FileReport report = archive_report();
  report.budget_hit = BudgetHit{BudgetKind::pixels, 10, 16};
  const std::string text =
      yaml_record_document(report, {-5, Severity::error, FileIdentity{7, 8, 9}});
  EXPECT_EQ(reemitted_record_document(parse_record(read_back(text))), text);
}

// Counts beyond 2^63 were written as negative numbers, which the schema refuses.
TEST(CarriedDocument, RecordCountsAboveTheSignedRangeStayCounts) {
  const std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
  FileReport report;
  report.path = "x.gaf";
  report.size = most;
  report.summary.add("entries", most);
  report.survey["widths"][-3] = most;
  report.rule_counts[1] = most;
  report.budget_hit = BudgetHit{BudgetKind::pixels, most, most};
  const std::string text = yaml_record_document(report, {});
  EXPECT_EQ(text.find("-1"), std::string::npos) << text;
  EXPECT_NE(text.find("widths: {-3: 18446744073709551615}"), std::string::npos) << text;
  EXPECT_EQ(reemitted_record_document(parse_record(read_back(text))), text);
}

// YAML escapes the old text held are read as the characters they stand for and written escaped.
TEST(CarriedDocument, ControlCharactersFromYamlEscapesAreWrittenEscaped) {
  std::string text = yaml_file_document(archive_report());
  const auto at = text.find("message: \"") + 10;
  text.insert(at, "\\x01\\u2028\\e");
  const std::string again = reemitted_file_document(read_back(text));
  EXPECT_NE(again.find("message: \"\\\\x01\\\\xE2\\\\x80\\\\xA8\\\\x1B"), std::string::npos)
      << again;
  EXPECT_EQ(again.find("\\u2028"), std::string::npos);
  EXPECT_EQ(reemitted_file_document(read_back(again)), again);
}

TEST(CarriedDocument, RuleThisBuildDoesNotKnowIsRefusedNamingTheField) {
  std::string text = yaml_file_document(archive_report());
  const auto at = text.find("rule: ") + 6;
  text.replace(at, text.find('\n', at) - at, "future.rule");
  EXPECT_THROW(
      {
        try {
          reemitted_file_document(read_back(text));
        } catch (const std::runtime_error& error) {
          EXPECT_NE(std::string(error.what()).find("'findings[0].rule'"), std::string::npos);
          throw;
        }
      },
      std::runtime_error);
}

// Every level of a file document: top, findings, members, counter groups, finding_counts.
TEST(CarriedDocument, UnknownFieldsAreRefusedAtEveryLevel) {
  const std::string text = yaml_file_document(archive_report(), 3);
  EXPECT_EQ(refusal(text), "");
  auto edited = [&text](const std::string& after, const std::string& insert) {
    std::string copy = text;
    copy.insert(copy.find(after) + after.size(), insert);
    return copy;
  };
  EXPECT_EQ(refusal(edited("retail: ", "none\ncolour: red\nx: ")),
            "field 'colour' is not a field gafcheck writes");
  EXPECT_EQ(refusal(edited("  - rule: ", "x.y\n    note: 1\n    r: ")),
            "field 'findings[0].note' is not a field gafcheck writes");
  EXPECT_EQ(refusal(edited("checked: true", ", owner: x")),
            "field 'members[0].owner' is not a field gafcheck writes");
  EXPECT_EQ(refusal(edited("summary:\n", "  Entries: 1\n")),
            "field 'summary.Entries' is not a counter name");
  EXPECT_EQ(refusal(edited("summary:\n", "  on: 1\n")), "field 'summary.on' is not a counter name");
  EXPECT_EQ(refusal(edited("finding_counts:\n", "  not-a-rule: 1\n")),
            "field 'finding_counts.not-a-rule' is not a rule id");
  // Values of the wrong type or outside the enums.
  std::string offset_list = text;
  const auto offset = offset_list.find("offset: ") + 8;
  offset_list.replace(offset, offset_list.find('\n', offset) - offset, "[1, 2]");
  EXPECT_EQ(refusal(offset_list),
            "field 'findings[0].offset' is not a count (a non-negative integer)");
  std::string matched = text;
  matched.replace(matched.find("baseline_matched: 3"), 19, "baseline_matched: 0");
  EXPECT_EQ(refusal(matched), "field 'baseline_matched' is 0 (gafcheck writes it only when > 0)");
}

// Records of schema version 2 hold mappings; version 1 packed them (PackedField below, and the
// carry-record-* reports of tests/data/hostile_reports/).
TEST(CarriedDocument, RecordFieldsAreCheckedAsTheSchemaSays) {
  FileReport report = archive_report();
  const std::string text = yaml_record_document(report, {1, std::nullopt, FileIdentity{1, 2, 3}});
  EXPECT_EQ(refusal(text), "");
  auto replaced = [&text](const std::string& from, const std::string& to) {
    std::string copy = text;
    copy.replace(copy.find(from), from.size(), to);
    return copy;
  };
  EXPECT_EQ(refusal(replaced("{kind: record", "{kind: record, colour: red")),
            "field 'colour' is not a field gafcheck writes");
  EXPECT_EQ(refusal(replaced("inode: 3", "inode: \"3\"")),
            "field 'inode' is not a count (a non-negative integer)");
  EXPECT_EQ(refusal(replaced("summary: {entries: ", "summary: {Entries: ")),
            "field 'summary.Entries' is not a counter name");
  EXPECT_EQ(refusal(replaced("survey: {", "survey: {odd_name: {1: x}, ")),
            "field 'survey.odd_name.1' is not a count (a non-negative integer)");
  EXPECT_EQ(refusal(replaced("findings: {", "findings: {hpi.ratio: 0, ")),
            "field 'findings.hpi.ratio' is 0 (gafcheck writes it only when > 0)");
  EXPECT_EQ(refusal(replaced("summary: {", "summary: \"entries=1\", x: {")),
            "field 'summary' is not a mapping");
  EXPECT_EQ(refusal(replaced("retail: ", "retail: explodes, x_retail: ")),
            "field 'retail' is 'explodes', not one gafcheck writes");
  report.budget_hit = BudgetHit{BudgetKind::pixels, 10, 16};
  const std::string hit = yaml_record_document(report, {});
  EXPECT_EQ(refusal(hit), "");
  std::string extra = hit;
  extra.insert(extra.find("limit: "), "owner: x, ");
  EXPECT_EQ(refusal(extra), "field 'budget_hit.owner' is not a field gafcheck writes");
}

// Header and summary are not carried (merge and --resume write their own) but read all the same.
TEST(CarriedDocument, HeaderAndSummaryRefuseUnknownFieldsToo) {
  ReportHeader header;
  header.command = "census";
  header.started_at = "2026-01-01T00:00:00Z";
  header.census = CensusSettings{};
  const std::string text = yaml_header_document(header);
  EXPECT_EQ(refusal(text), "");
  std::string extra = text;
  extra.insert(extra.find("  per_file: "), "  owner: x\n");
  EXPECT_EQ(refusal(extra), "field 'census.owner' is not a field gafcheck writes");
  extra = text;
  extra.insert(extra.find("  pixels: "), "  colours: 3\n");
  EXPECT_EQ(refusal(extra), "field 'budgets.colours' is not a budget gafcheck has");
  const std::string summary = yaml_summary_document(RunTotals{}, {1.0, false, 0});
  EXPECT_EQ(refusal(summary), "");
  extra = summary;
  extra.insert(extra.find("  max_width: "), "  max_depth: 3\n");
  EXPECT_EQ(refusal(extra), "field 'dimensions.max_depth' is not a field gafcheck writes");
}

TEST(PackedField, WhatGafcheckPacksIsAcceptedAndNothingElse) {
  EXPECT_FALSE(packed_field_problem("", PackedKind::counters));
  EXPECT_FALSE(packed_field_problem("entries=3 coverage.slack=0", PackedKind::counters));
  EXPECT_FALSE(packed_field_problem("entries=18446744073709551615", PackedKind::counters));
  EXPECT_TRUE(packed_field_problem("entries=18446744073709551616", PackedKind::counters));
  EXPECT_TRUE(packed_field_problem("entries=-1", PackedKind::counters));
  EXPECT_TRUE(packed_field_problem("entries=+1", PackedKind::counters));
  EXPECT_TRUE(packed_field_problem("entries=1 ", PackedKind::counters));
  EXPECT_TRUE(packed_field_problem(".x=1", PackedKind::counters));
  EXPECT_TRUE(packed_field_problem("x..y=1", PackedKind::counters));
  EXPECT_TRUE(packed_field_problem("yes=1", PackedKind::counters));
  EXPECT_FALSE(packed_field_problem("widths=-8:2,16:1 heights=4:3", PackedKind::survey));
  EXPECT_TRUE(packed_field_problem("a.b=1:1", PackedKind::survey));
  EXPECT_TRUE(packed_field_problem("widths=1:2,", PackedKind::survey));
  EXPECT_TRUE(packed_field_problem("widths=9223372036854775808:1", PackedKind::survey));
  EXPECT_FALSE(packed_field_problem("entry.alias=2 hpi.shared-data=1", PackedKind::rule_counts));
  EXPECT_TRUE(packed_field_problem("Entry.alias=2", PackedKind::rule_counts));
  EXPECT_TRUE(packed_field_problem("entry=2", PackedKind::rule_counts));
}

// Records read back may order counter groups apart, or name a counter like a group: the summary
// written from them still has every key once.
TEST(CarriedDocument, CountersFromRecordsAreWrittenWithEveryKeyOnce) {
  RunTotals totals;
  FileReport a, b;
  a.summary.add("coverage.slack", 1);
  a.summary.add("entries", 2);
  b.summary.add("coverage.claimed", 3);
  b.summary.add("coverage", 4);
  totals.add(a);
  totals.add(b);
  const std::string text = yaml_summary_document(totals, {1.0, false, 0});
  const YAML::Node summary = read_back(text);
  EXPECT_EQ(summary["totals"]["coverage"]["slack"].as<int>(), 1);
  EXPECT_EQ(summary["totals"]["coverage"]["claimed"].as<int>(), 3);
  EXPECT_EQ(summary["totals"]["coverage"][""].as<int>(), 4);
  EXPECT_EQ(summary["totals"]["entries"].as<int>(), 2);
}

}  // namespace
}  // namespace gafcheck::testing
