// The YAML report: documents parse back, free text is escaped, outputs are atomic.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "reports/report_output.hpp"
#include "reports/yaml_report.hpp"
#include "tests/support/check_helpers.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

TEST(YamlReport, FileDocumentParsesBackWithEveryField) {
  auto spec = simple_spec();
  spec.entries[0].frames[0].duration = 0;
  const FileReport report = check(spec);
  const YAML::Node document = YAML::Load(yaml_file_document(report));
  EXPECT_EQ(document["kind"].as<std::string>(), "file");
  EXPECT_EQ(document["path"].as<std::string>(), "test.gaf");
  EXPECT_EQ(document["format"].as<std::string>(), "gaf");
  EXPECT_EQ(document["verdict"].as<std::string>(), "clean");
  EXPECT_EQ(document["sha256"].as<std::string>().size(), 64u);
  EXPECT_EQ(document["summary"]["frames"].as<int>(), 1);
  const YAML::Node finding = document["findings"][0];
  EXPECT_EQ(finding["rule"].as<std::string>(), "frame.duration-zero");
  EXPECT_EQ(finding["offset"].as<int>(), 60);
  EXPECT_EQ(finding["path"].as<std::string>(), "entry[0]/frame[0]");
  EXPECT_EQ(finding["severity"].as<std::string>(), "info");
  EXPECT_EQ(finding["retail"].as<std::string>(), "none");
}

TEST(YamlReport, HostileNamesAndPathsStayValidYaml) {
  auto spec = simple_spec();
  std::array<std::uint8_t, 32> name{};
  const std::uint8_t hostile[] = {'"', '\n', '-', ' ', 0x1B, '[', 0xFF, 0xC3, '\\', ':', '#'};
  std::copy(std::begin(hostile), std::end(hostile), name.begin());
  name[20] = 0x55;  // trailing byte so the name shows up in a message
  spec.entries[0].name_bytes = name;
  const auto bytes = builder::build_gaf(spec).bytes;
  const FileReport report = check(bytes, {}, std::string("dir/\x01odd\xFEname\n.gaf"));
  const YAML::Node document = YAML::Load(yaml_file_document(report));
  EXPECT_EQ(document["path"].as<std::string>(), "dir/\\x01odd\\xFEname\\x0A.gaf");
  const std::string message = document["findings"][0]["message"].as<std::string>();
  EXPECT_EQ(document["findings"][0]["rule"].as<std::string>(), "entry.name-trailing-bytes");
  EXPECT_NE(message.find("\\x1B"), std::string::npos) << message;
  EXPECT_NE(message.find("\\xFF\\xC3\\\\"), std::string::npos) << message;
}

TEST(YamlReport, TextEscapingKeepsValidUtf8) {
  EXPECT_EQ(escape_bytes("caf\xC3\xA9"), "caf\xC3\xA9");
  EXPECT_EQ(escape_bytes("\xE2\x82"), "\\xE2\\x82");           // truncated sequence
  EXPECT_EQ(escape_bytes("\xC0\xAF"), "\\xC0\\xAF");           // overlong
  EXPECT_EQ(escape_bytes("\xED\xA0\x80"), "\\xED\\xA0\\x80");  // surrogate
  EXPECT_EQ(escape_bytes("\xC2\x85"), "\\xC2\\x85");           // C1 control
  EXPECT_EQ(escape_bytes(std::string("a\0b", 3)), "a\\x00b");
}

TEST(YamlReport, HeaderAndSummaryDocumentsParse) {
  ReportHeader header;
  header.command = "check";
  header.command_line = "gafcheck check 'x'";
  header.started_at = "2026-01-01T00:00:00Z";
  const YAML::Node head = YAML::Load(yaml_header_document(header));
  EXPECT_EQ(head["kind"].as<std::string>(), "header");
  EXPECT_EQ(head["budgets"]["depth"].as<int>(), 16);
  EXPECT_EQ(head["catalog_sha256"].as<std::string>().size(), 64u);

  RunTotals totals;
  auto spec = simple_spec();
  spec.frames[0].width = 0;
  totals.add(check(spec));
  totals.add(check(simple_spec()));
  const YAML::Node summary = YAML::Load(yaml_summary_document(totals, {1.5, false, 0}));
  EXPECT_EQ(summary["files"]["total"].as<int>(), 2);
  EXPECT_EQ(summary["files"]["by_verdict"]["warnings"].as<int>(), 1);
  EXPECT_EQ(summary["findings"]["frame.empty"]["files"].as<int>(), 1);
  EXPECT_EQ(summary["totals"]["frames"].as<int>(), 2);
}

TEST(ReportOutput, RegularFileAppearsOnlyOnCommit) {
  const fs::path directory = fs::temp_directory_path() / "gafcheck-output-test";
  fs::create_directories(directory);
  const fs::path target = directory / "report.yaml";
  fs::remove(target);
  {
    ReportOutput output(target.string());
    output.write("---\nkind: header\n");
    EXPECT_FALSE(fs::exists(target));
    EXPECT_TRUE(output.is_temp());
    output.commit();
  }
  EXPECT_TRUE(fs::exists(target));
  std::ifstream in(target);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "---\nkind: header\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(directory), fs::directory_iterator()), 1);
  fs::remove_all(directory);
}

TEST(ReportOutput, AbandonedOutputLeavesNoTempFile) {
  const fs::path directory = fs::temp_directory_path() / "gafcheck-output-abandon";
  fs::create_directories(directory);
  {
    ReportOutput output((directory / "r.yaml").string());
    output.write("x");
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(directory), fs::directory_iterator()), 0);
  fs::remove_all(directory);
}

TEST(ReportOutput, DeviceIsWrittenDirectlyAndNeverReplaced) {
  ReportOutput output("/dev/null");
  EXPECT_FALSE(output.is_temp());
  output.write("---\n");
  output.commit();
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST(ReportOutput, DirectoryIsRefused) {
  EXPECT_THROW(ReportOutput(fs::temp_directory_path().string()), std::runtime_error);
}

}  // namespace
}  // namespace gafcheck::testing
