// Census records of report schema version 2 hold their counters, histograms and occurrences per
// rule as mappings; reports of version 1 (no schema_version in the header) packed them into
// strings and are still read: each document is checked against the schema of its report's
// version, so neither form passes for the other, and a newer version is refused.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "reports/carried_document.hpp"
#include "reports/census_report.hpp"
#include "reports/json_documents.hpp"
#include "reports/report_reader.hpp"
#include "reports/report_schema_check.hpp"
#include "reports/yaml_event_tree.hpp"
#include "reports/yaml_record.hpp"
#include "reports/yaml_report.hpp"
#include "tests/support/check_helpers.hpp"
#include "tests/support/scratch_directory.hpp"

#ifndef GAFCHECK_SOURCE_ROOT
#error GAFCHECK_SOURCE_ROOT must name the source tree
#endif

namespace gafcheck::testing {
namespace {

// The same record in both forms: a counter group, a counter named like its group, a negative
// histogram value, a rule.
const char* const version_1_record =
    "---\n{kind: record, path: \"x.gaf\", size: 9, mtime_ns: 1, sha256: \"\", format: gaf, "
    "verdict: errors, retail: crash, summary: \"entries=3 coverage.slack=7 coverage=5\", "
    "survey: \"area_log2=-1:2 widths=8:2,16:1\", findings: \"frame.empty=2\"}\n";

FileReport counted_report() {
  FileReport report;
  report.path = "x.gaf";
  report.size = 9;
  report.format = Format::gaf;
  report.verdict = Verdict::errors;
  report.retail = Retail::crash;
  report.summary.add("entries", 3);
  report.summary.add("coverage.slack", 7);
  report.summary.add("coverage", 5);
  report.survey["widths"][8] = 2;
  report.survey["widths"][16] = 1;
  report.survey["area_log2"][-1] = 2;
  report.rule_counts[static_cast<std::size_t>(RuleId::frame_empty)] = 2;
  return report;
}

// As the report reader checks a document of a report of that schema version.
YAML::Node checked_as_version(const std::string& text, unsigned schema_version) {
  auto node = load_one_document(text, {});
  if (!node) throw std::runtime_error("no document");
  check_document_fields(*node, checked_document_kind(*node), schema_version);
  return *node;
}

std::string versioned_refusal(const std::string& text, unsigned schema_version) {
  try {
    checked_as_version(text, schema_version);
  } catch (const SchemaViolation& violation) {
    return violation.what();
  }
  return "";
}

TEST(ReportSchemaVersions, ANewRecordHoldsItsCountersAsMappings) {
  const std::string text = yaml_record_document(counted_report(), {1});
  EXPECT_NE(text.find(", summary: {entries: 3, coverage: {slack: 7, \"\": 5}}, survey: "
                      "{area_log2: {-1: 2}, widths: {8: 2, 16: 1}}, findings: {frame.empty: 2}}"),
            std::string::npos)
      << text;
  const YAML::Node record = checked_as_version(text, report_schema_version);
  EXPECT_EQ(record["summary"]["entries"].as<int>(), 3);
  EXPECT_EQ(record["summary"]["coverage"]["slack"].as<int>(), 7);
  EXPECT_EQ(record["survey"]["widths"]["16"].as<int>(), 1);
  EXPECT_EQ(record["findings"]["frame.empty"].as<int>(), 2);
  const ParsedRecord parsed = parse_record(record);
  EXPECT_EQ(parsed.report.summary.items(), counted_report().summary.items());
  EXPECT_EQ(parsed.report.survey, counted_report().survey);
  EXPECT_EQ(parsed.report.rule_counts, counted_report().rule_counts);
}

TEST(ReportSchemaVersions, ANewJsonRecordHoldsItsCountersAsObjects) {
  const auto record = nlohmann::json::parse(json_record_line(counted_report(), {1}));
  EXPECT_EQ(record["summary"]["entries"], 3);
  EXPECT_EQ(record["summary"]["coverage"]["slack"], 7);
  EXPECT_EQ(record["summary"]["coverage"][""], 5);
  EXPECT_EQ(record["survey"]["area_log2"]["-1"], 2);
  EXPECT_EQ(record["survey"]["widths"]["8"], 2);
  EXPECT_EQ(record["findings"]["frame.empty"], 2);
}

TEST(ReportSchemaVersions, TheHeaderSaysTheVersion) {
  ReportHeader header;
  header.command = "check";
  const YAML::Node node = checked_as_version(yaml_header_document(header), report_schema_version);
  EXPECT_EQ(node["schema_version"].as<unsigned>(), 2u);
  EXPECT_EQ(header_schema_version(node), report_schema_version);
  YAML::Node older = node;
  older.remove("schema_version");
  EXPECT_EQ(header_schema_version(older), 1u);
}

TEST(ReportSchemaVersions, AVersion1RecordIsReadAsTheSameRecord) {
  const ParsedRecord old = parse_record(checked_as_version(version_1_record, 1));
  EXPECT_EQ(old.report.summary.items(), counted_report().summary.items());
  EXPECT_EQ(old.report.survey, counted_report().survey);
  EXPECT_EQ(old.report.rule_counts, counted_report().rule_counts);
  // Carried into a new report, it is written in the new form.
  EXPECT_EQ(reemitted_record_document(old), yaml_record_document(counted_report(), {1}));
}

TEST(ReportSchemaVersions, EachFormPassesOnlyForItsVersion) {
  const std::string current = yaml_record_document(counted_report(), {1});
  EXPECT_EQ(versioned_refusal(current, report_schema_version), "");
  EXPECT_EQ(versioned_refusal(version_1_record, 1), "");
  EXPECT_EQ(versioned_refusal(version_1_record, report_schema_version),
            "field 'summary' is not a mapping");
  EXPECT_EQ(versioned_refusal(current, 1), "field 'summary' is not a string");
}

class VersionedReport : public ::testing::Test {
 protected:
  std::string write(const std::string& text) {
    const std::string path = (fresh_test_directory("schema-versions") / "report.yaml").string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  static std::string header(unsigned version) {
    ReportHeader header;
    header.command = "census";
    header.started_at = "2026-01-01T00:00:00Z";
    header.census = CensusSettings{};
    std::string text = yaml_header_document(header);
    const std::string line = "schema_version: 2\n";
    const auto at = text.find(line);
    if (version == 1) text.erase(at, line.size());
    if (version > 2) text.replace(at, line.size(), "schema_version: 3\n");
    return text;
  }
  static std::string message(const std::string& path) {
    try {
      ReportStream stream(path);
      while (stream.next()) {
      }
    } catch (const ReportError& error) {
      return error.what();
    }
    return "";
  }
};

TEST_F(VersionedReport, AReportReadsItsRecordsInTheFormOfItsVersion) {
  const std::string current = yaml_record_document(counted_report(), {1});
  EXPECT_EQ(message(write(header(2) + current)), "");
  EXPECT_EQ(message(write(header(1) + version_1_record)), "");
  const std::string mixed = write(header(1) + current);
  EXPECT_NE(message(mixed).find("document 2 (record, line"), std::string::npos);
  EXPECT_NE(message(mixed).find("field 'summary' is not a string"), std::string::npos);
  const std::string packed = write(header(2) + version_1_record);
  EXPECT_NE(message(packed).find("field 'summary' is not a mapping"), std::string::npos);
}

TEST_F(VersionedReport, ANewerVersionIsRefusedNotMisread) {
  const std::string path = write(header(3) + yaml_record_document(counted_report(), {1}));
  EXPECT_NE(message(path).find("field 'schema_version' is 3, a report schema version this "
                               "gafcheck does not read (1 to 2)"),
            std::string::npos)
      << message(path);
}

// A census report gafcheck wrote before schema version 2 (tests/data/reports/): merge and
// --resume read it group by group, records and all.
TEST(ReportSchemaVersions, ACensusReportOfVersion1IsReadGroupByGroup) {
  CensusReportReader reader(std::string(GAFCHECK_SOURCE_ROOT) +
                            "/tests/data/reports/census-schema-v1.yaml");
  auto group = reader.next_group();
  ASSERT_TRUE(group);
  EXPECT_EQ(group->path, "seeds/clean-hpi-v1.hpi");
  ASSERT_EQ(group->records.size(), 3u);
  const FileReport& member = group->records[0].report;
  EXPECT_EQ(member.member_of, "seeds/clean-hpi-v1.hpi");
  const auto& items = member.summary.items();
  const auto claimed = std::find_if(items.begin(), items.end(), [](const auto& item) {
    return item.first == "coverage.claimed";
  });
  ASSERT_NE(claimed, items.end());
  EXPECT_EQ(claimed->second, 196u);
  EXPECT_EQ(member.survey.at("widths").at(4), 2u);
  std::uint64_t aliases = 0;
  while ((group = reader.next_group()))
    for (const ParsedRecord& record : group->records)
      aliases += record.report.rule_counts[static_cast<std::size_t>(RuleId::entry_alias)];
  EXPECT_EQ(aliases, 1u);
  EXPECT_TRUE(reader.summary());
}

}  // namespace
}  // namespace gafcheck::testing
