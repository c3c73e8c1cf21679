// Census reports read back: records carry everything a summary needs, a report cut short by a
// kill is read up to its last complete group, and the summary figures come from the totals.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>

#include "reports/census_report.hpp"
#include "reports/report_reader.hpp"
#include "reports/yaml_record.hpp"
#include "reports/yaml_report.hpp"
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

FileReport odd_report() {
  auto spec = simple_spec();
  spec.frames[0].width = 0;                // frame.empty
  spec.entries[0].frames[0].duration = 0;  // frame.duration-zero
  FileReport report =
      check(builder::build_gaf(spec).bytes, {}, "dir/caf\xC3\xA9 \"name\"\x01\xFF\\.gaf");
  report.summary.add("coverage.slack", 7);
  report.summary.add("key_pixels", 12);
  report.survey["area_log2"][-1] += 2;
  report.budget_hit = BudgetHit{BudgetKind::pixels, 10, 16};
  return report;
}

std::string summary_text(const RunTotals& totals) {
  return yaml_summary_document(totals, {1.0, false, 0});
}

TEST(Record, RoundTripKeepsEverythingTheSummaryNeeds) {
  FileReport report = odd_report();
  report.member_of = "pack.ufo";
  const std::string text = yaml_record_document(report, {1234567890123456789, Severity::warning});
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2) << "--- line and one record line";
  const ParsedRecord parsed = parse_record(YAML::Load(text));
  EXPECT_EQ(parsed.report.path, report.path);
  EXPECT_EQ(parsed.report.member_of, report.member_of);
  EXPECT_EQ(parsed.facts.mtime_ns, 1234567890123456789);
  EXPECT_EQ(parsed.facts.worst, Severity::warning);
  EXPECT_EQ(parsed.report.rule_counts, report.rule_counts);
  EXPECT_EQ(parsed.report.summary.items(), report.summary.items());
  EXPECT_EQ(parsed.report.survey, report.survey);
  ASSERT_TRUE(parsed.report.budget_hit);
  EXPECT_EQ(parsed.report.budget_hit->value, 16u);

  RunTotals direct, rebuilt;
  direct.add(report);
  rebuilt.add(parsed.report);
  EXPECT_EQ(summary_text(direct), summary_text(rebuilt));
}

TEST(Record, IdentityRoundTripsAndIsAbsentInOlderRecords) {
  FileReport report = odd_report();
  const FileIdentity identity{-5, 0xFFFFFFFFFFFFFFFFull, 1ull << 63};
  const std::string text = yaml_record_document(report, {7, std::nullopt, identity});
  const ParsedRecord parsed = parse_record(YAML::Load(text));
  ASSERT_TRUE(parsed.facts.identity.has_value());
  EXPECT_EQ(*parsed.facts.identity, identity);
  EXPECT_FALSE(parse_record(YAML::Load(yaml_record_document(report, {7}))).facts.identity);
  auto partial = YAML::Load(text);
  partial.remove("inode");
  EXPECT_THROW(parse_record(partial), std::runtime_error);
}

TEST(Record, MalformedRecordsAreRejectedWithTheField) {
  const std::string good = yaml_record_document(odd_report(), {});
  auto node = YAML::Load(good);
  node["summary"] = "entries=x";
  EXPECT_THROW(parse_record(node), std::runtime_error);
  node = YAML::Load(good);
  node["findings"] = "no.such-rule=1";
  EXPECT_THROW(parse_record(node), std::runtime_error);
  node = YAML::Load(good);
  node.remove("size");
  EXPECT_THROW(parse_record(node), std::runtime_error);
}

TEST(Summary, CensusFiguresComeFromTheTotals) {
  RunTotals totals;
  totals.add(odd_report());
  totals.add(check(simple_spec()));
  const YAML::Node summary = YAML::Load(summary_text(totals));
  EXPECT_EQ(summary["frames"].as<int>(), 2);
  EXPECT_EQ(summary["entries"].as<int>(), 2);
  EXPECT_EQ(summary["versions"]["0x00010100"].as<int>(), 2);
  EXPECT_EQ(summary["durations"][0].as<int>(), 1);
  EXPECT_EQ(summary["dimensions"]["max_width"].as<int>(), 4);
  EXPECT_EQ(summary["dimensions"]["area_buckets"][0].as<int>(), 3);   // 1 empty + 2 planted
  EXPECT_EQ(summary["dimensions"]["area_buckets"][16].as<int>(), 1);  // the 4x4 frame
  EXPECT_EQ(summary["key_pixels"]["total"].as<int>(), 12);
  EXPECT_EQ(summary["key_pixels"]["top_files"][0]["key_pixels"].as<int>(), 12);
  // The planted report counts none; the 4x4 frame of default pixels never holds its key (9).
  EXPECT_EQ(summary["raw_frames_with_key"].as<int>(), 0);
  EXPECT_EQ(summary["layer_counts"]["max"].as<int>(), 0);
  EXPECT_EQ(summary["budget_hits"].as<int>(), 1);
  EXPECT_TRUE(summary["bytes_per_second"]);
}

TEST(TopFiles, KeepsTheTenLargestLargestFirst) {
  TopFiles top;
  for (int i = 0; i < 30; ++i)
    top.offer("f" + std::to_string(i), static_cast<std::uint64_t>(i % 13));
  ASSERT_EQ(top.items().size(), 10u);
  EXPECT_EQ(top.items()[0].value, 12u);
  EXPECT_EQ(top.items()[0].path, "f12");
  EXPECT_EQ(top.items()[1].path, "f25");
  for (std::size_t i = 1; i < top.items().size(); ++i)
    EXPECT_GE(top.items()[i - 1].value, top.items()[i].value);
}

class ReportFile : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = (fs::temp_directory_path() /
             ("gafcheck-report-read-" +
              std::string(::testing::UnitTest::GetInstance()->current_test_info()->name())))
                .string();
  }
  void TearDown() override { fs::remove(path_); }
  void write(const std::string& text) { std::ofstream(path_, std::ios::binary) << text; }

  std::string census_report() {
    ReportHeader header;
    header.command = "census";
    header.started_at = "2026-01-01T00:00:00Z";
    header.census = CensusSettings{};
    std::string text = yaml_header_document(header);
    for (const char* name : {"a.gaf", "b.gaf", "c.gaf"}) {
      FileReport report = check(builder::build_gaf(simple_spec()).bytes, {}, name);
      text += yaml_file_document(report);
      text += yaml_record_document(report, {42, std::nullopt});
    }
    return text;
  }
  std::string path_;
};

TEST_F(ReportFile, GroupsEndWithTheirRecordAndACutGroupIsDropped) {
  const std::string full = census_report();
  for (const std::size_t cut : {full.size(), full.size() - 1, full.size() - 3, full.size() - 300}) {
    write(full.substr(0, cut));
    CensusReportReader reader(path_);
    std::vector<std::string> paths;
    while (auto group = reader.next_group()) {
      paths.push_back(group->path);
      EXPECT_EQ(group->mtime_ns, 42);
      EXPECT_EQ(group->records.size(), 1u);
      ASSERT_EQ(group->files.size(), 1u);
      EXPECT_EQ(group->files[0].report.path, group->path);
    }
    const std::size_t expected = cut >= full.size() - 1 ? 3 : 2;
    EXPECT_EQ(paths.size(), expected) << "cut at " << cut;
    EXPECT_FALSE(reader.summary());
  }
}

// A cut right after a document marker leaves an empty last document: dropped as cut, like any
// other cut (the sandbox's header line moved the census test's random cuts onto such a byte).
TEST_F(ReportFile, CutRightAfterADocumentMarkerIsDroppedAsCut) {
  const std::string full = census_report();
  const std::size_t last_group = full.rfind("---\nkind: file");
  write(full.substr(0, last_group + 4));
  CensusReportReader reader(path_);
  std::size_t groups = 0;
  while (reader.next_group()) ++groups;
  EXPECT_EQ(groups, 2u);
}

TEST_F(ReportFile, CorruptDocumentInTheMiddleIsAnError) {
  std::string text = census_report();
  text.insert(text.find("---\nkind: file"), "---\n{broken: [\n");
  write(text);
  CensusReportReader reader(path_);
  EXPECT_THROW(
      {
        while (reader.next_group()) {
        }
      },
      std::runtime_error);
}

TEST_F(ReportFile, CheckReportIsNotACensusReport) {
  ReportHeader header;
  header.command = "check";
  header.started_at = "2026-01-01T00:00:00Z";
  write(yaml_header_document(header));
  EXPECT_THROW(CensusReportReader reader(path_), std::runtime_error);
}

TEST_F(ReportFile, HeaderSettingsReadBack) {
  ReportHeader header;
  header.command = "census";
  header.started_at = "2026-01-01T00:00:00Z";
  header.limits[BudgetKind::depth] = 5;
  header.census = CensusSettings{{"/t/a\\b", "r\x01"}, {"gaf"}, "2/4", "all", "info", "old.yaml"};
  write(yaml_header_document(header));
  CensusReportReader reader(path_);
  EXPECT_EQ(*reader.header().header.census, *header.census);
  EXPECT_EQ(reader.header().header.limits[BudgetKind::depth], 5u);
}

// The header records the sandbox; reports from before it have no such field and read
// as "not recorded"; a field gafcheck would not write is refused.
TEST_F(ReportFile, SandboxReadsBackAndIsUnsetInOlderReports) {
  ReportHeader header;
  header.command = "census";
  header.started_at = "2026-01-01T00:00:00Z";
  header.census = CensusSettings{};
  header.sandbox = SandboxState{true, {"seccomp", "landlock"}};
  const std::string text = yaml_header_document(header);
  EXPECT_NE(text.find("sandbox: {enabled: true, layers: [seccomp, landlock]}"), std::string::npos);
  write(text);
  EXPECT_EQ(CensusReportReader(path_).header().header.sandbox, header.sandbox);

  header.sandbox.reset();
  write(yaml_header_document(header));
  EXPECT_FALSE(CensusReportReader(path_).header().header.sandbox);

  header.sandbox = SandboxState{false, {}};
  std::string foreign = yaml_header_document(header);
  foreign.replace(foreign.find("layers: []"), 10, "layers: [docker]");
  write(foreign);
  EXPECT_THROW(CensusReportReader reader(path_), std::runtime_error);
}

// --files-from and --shard auto add two optional census fields; both read back, and a
// value gafcheck never writes there (a variable's value that is not a number) is refused.
TEST_F(ReportFile, FileListAndShardVariablesReadBack) {
  ReportHeader header;
  header.command = "census";
  header.started_at = "2026-01-01T00:00:00Z";
  header.census = CensusSettings{};
  header.census->shard = "3/8";
  header.census->files_from = FileListIdentity{"li\x01st", std::string(64, 'a'), "nul"};
  header.census->shard_from = {{"SLURM_ARRAY_TASK_ID", "5"}, {"SLURM_ARRAY_TASK_COUNT", "8"}};
  const std::string text = yaml_header_document(header);
  EXPECT_NE(text.find("shard_from: {SLURM_ARRAY_TASK_ID: \"5\", SLURM_ARRAY_TASK_COUNT: \"8\"}"),
            std::string::npos)
      << text;
  write(text);
  EXPECT_EQ(*CensusReportReader(path_).header().header.census, *header.census);

  std::string foreign = text;
  foreign.replace(foreign.find("\"5\""), 3, "\"x\"");
  write(foreign);
  EXPECT_THROW(CensusReportReader reader(path_), std::runtime_error);
  foreign = text;
  foreign.replace(foreign.find("{SLURM_ARRAY_TASK_ID"), 20, "{\"slurm task\"");
  write(foreign);
  EXPECT_THROW(CensusReportReader reader(path_), std::runtime_error);
  foreign = text;
  foreign.replace(foreign.find("separator: nul"), 14, "separator: tab");
  write(foreign);
  EXPECT_THROW(CensusReportReader reader(path_), std::runtime_error);

  header.census = CensusSettings{};
  write(yaml_header_document(header));
  const CensusSettings plain = *CensusReportReader(path_).header().header.census;
  EXPECT_FALSE(plain.files_from);
  EXPECT_TRUE(plain.shard_from.empty());
}

}  // namespace
}  // namespace gafcheck::testing
