// The format writers' building blocks: XML text, paths inside roots, finding lines, JSON typing
// of the once-per-run documents, and the writers on hostile names.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "reports/finding_line.hpp"
#include "reports/format_registry.hpp"
#include "reports/json_documents.hpp"
#include "reports/report_places.hpp"
#include "reports/xml_text.hpp"
#include "tests/support/scratch_directory.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::testing {
namespace {

Finding sample_finding(std::string message) {
  Finding finding;
  finding.rule = *rule_from_name("entry.alias");
  finding.severity = Severity::error;
  finding.retail = Retail::crash;
  finding.offset = 0x10;
  finding.length = 4;
  finding.path = "entry[1]";
  finding.message = std::move(message);
  return finding;
}

TEST(XmlText, ForbiddenCharactersBecomeEscapesAndMarkupIsEscaped) {
  // C0 controls, a lone 0xE9, an encoded surrogate, U+FFFE, DEL: none may appear in XML 1.0.
  EXPECT_EQ(xml_content("a\x01"
                        "b\xE9"
                        "c\xED\xA0\x80"
                        "d\xEF\xBF\xBE"
                        "e\x7F"),
            "a\\x01b\\xE9c\\xED\\xA0\\x80d\\xEF\\xBF\\xBEe\\x7F");
  EXPECT_EQ(xml_content("<&>\"\n\t"), "&lt;&amp;&gt;\"\n\t");
  EXPECT_EQ(xml_attribute("<&>\"\n\t\r"), "&lt;&amp;&gt;&quot;&#10;&#9;\\x0D");
  // Control: well-formed text passes untouched, multi-byte characters included.
  EXPECT_EQ(xml_content("caf\xC3\xA9 \xF0\x9F\x98\x80 \\x01"),
            "caf\xC3\xA9 \xF0\x9F\x98\x80 \\x01");
}

TEST(PathInRoot, RootsAreCutOffAndFilesKeepTheirName) {
  const std::vector<std::string> roots = {"tree", "tree/units", "/abs/", "one.gaf"};
  EXPECT_EQ(path_in_root("tree/anims/x.gaf", roots), "anims/x.gaf");
  EXPECT_EQ(path_in_root("tree/units/arm.gaf", roots), "arm.gaf") << "the longest root wins";
  EXPECT_EQ(path_in_root("/abs/a.gaf", roots), "a.gaf");
  EXPECT_EQ(path_in_root("one.gaf", roots), "one.gaf");
  EXPECT_EQ(path_in_root("tree/a.ufo!anims/x.gaf", roots), "a.ufo!anims/x.gaf");
  EXPECT_EQ(path_in_root("dir/b.hpi", {"dir/b.hpi"}), "b.hpi");
  EXPECT_EQ(path_in_root("dir/b.hpi!m/x.gaf", {"dir/b.hpi"}), "b.hpi!m/x.gaf");
  EXPECT_EQ(path_in_root("treehouse/x.gaf", roots), "treehouse/x.gaf") << "not under 'tree'";
}

// A root is one root however it is spelled: "sub//", "./sub/" and "sub" hold the same files, and
// a path spelled with "./" or "//" is still under its root.
TEST(PathInRoot, RootsAreComparedInNormalForm) {
  for (const char* root : {"sub//", "./sub/", "sub", ".//sub/./"}) {
    SCOPED_TRACE(root);
    EXPECT_EQ(path_in_root("sub/x.gaf", {root}), "x.gaf");
    EXPECT_EQ(path_in_root("./sub//d/x.gaf", {root}), "d/x.gaf");
    EXPECT_EQ(path_in_root("sub/m.ufo!a//b.gaf", {root}), "m.ufo!a//b.gaf") << "members as named";
    EXPECT_EQ(path_in_root("subway/x.gaf", {root}), "subway/x.gaf");
  }
  EXPECT_EQ(path_in_root("/abs/sub/x.gaf", {"//abs//sub"}), "x.gaf");
  EXPECT_EQ(path_in_root("sub/x.gaf", {"/sub"}), "sub/x.gaf") << "absolute is not relative";
  EXPECT_EQ(path_in_root("./x.gaf", {"."}), "x.gaf");
  const RootedPath file_root = locate_in_roots("a//b/x.ufo!m.gaf", {"a/b//x.ufo"});
  EXPECT_EQ(file_root.root, 0u);
  EXPECT_EQ(file_root.base, "a/b");
  EXPECT_EQ(file_root.relative, "x.ufo!m.gaf");
  EXPECT_EQ(normal_path("./a//b/./c/"), "a/b/c");
  EXPECT_EQ(normal_path("//"), "/");
  EXPECT_EQ(normal_path("./"), "");
  EXPECT_EQ(normal_path("a/../b"), "a/../b") << "'..' is left to the file system";
}

TEST(FindingLine, OneLineWhateverTheMessageHolds) {
  Finding finding = sample_finding("name 'a\nb\x01\xE9' twice");
  const std::string line = finding_line(finding);
  EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  EXPECT_EQ(line, "offset 0x10: error: entry[1]: name 'a\\x0Ab\\x01\\xE9' twice [entry.alias]");
  finding.row = 3;
  finding.column = 7;
  EXPECT_NE(finding_line(finding).find("twice (line 3, column 7) [entry.alias]"),
            std::string::npos);
}

TEST(JsonFromYaml, QuotedScalarsStayStringsPlainOnesAreTyped) {
  const auto parsed = nlohmann::json::parse(json_from_yaml_document(
      "---\n{a: \"123\", b: 123, c: true, d: -3, e: 0.250, f: 1.2.3, g: [x, \"0x0001\"], "
      "h: {8: 2, -1: 1}, i: ~}\n"));
  EXPECT_EQ(parsed["a"], "123");
  EXPECT_EQ(parsed["b"], 123);
  EXPECT_EQ(parsed["c"], true);
  EXPECT_EQ(parsed["d"], -3);
  EXPECT_EQ(parsed["e"], 0.25);
  EXPECT_EQ(parsed["f"], "1.2.3");
  EXPECT_EQ(parsed["g"], nlohmann::json::parse(R"(["x", "0x0001"])"));
  EXPECT_EQ(parsed["h"], nlohmann::json::parse(R"({"8": 2, "-1": 1})"));
  EXPECT_TRUE(parsed["i"].is_null());
}

TEST(JsonDocuments, HostileNamesAreEscapedAndNeverThrow) {
  FileReport report;
  report.path = std::string("dir/\x01\xE9\n\"<\\.gaf", 14);
  report.findings.push_back(sample_finding("raw \xFF\xFE bytes"));
  std::string line;
  ASSERT_NO_THROW(line = json_file_line(report, 0));
  ASSERT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1) << "one object per line";
  const auto parsed = nlohmann::json::parse(line);
  EXPECT_EQ(parsed["path"], "dir/\\x01\\xE9\\x0A\"<\\\\.gaf");
  EXPECT_EQ(unescape_bytes(parsed["path"].get<std::string>()), report.path);
  EXPECT_EQ(parsed["findings"][0]["message"], "raw \\xFF\\xFE bytes");
  ASSERT_NO_THROW(line = json_record_line(report, RecordFacts{}));
  EXPECT_EQ(nlohmann::json::parse(line)["path"], parsed["path"]);
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs one input (the archive and a member) through a writer into a file.
std::string write_one(std::string_view format, const std::vector<ReportItem>& items,
                      const std::filesystem::path& path) {
  FormatContext context;
  context.roots = {"root"};
  auto writer = make_format_writer(format, std::make_unique<ReportOutput>(path.string()), context);
  ReportHeader header;
  header.command = "check";
  header.started_at = "2026-01-01T00:00:00Z";
  writer->header(header);
  writer->write(writer->render(items));
  writer->summary(RunTotals{}, ReportClosing{});
  writer->commit();
  return slurp(path);
}

TEST(FormatWriters, GnuAndJunitNameMembersAndFailAtTheThreshold) {
  const auto directory = fresh_test_directory("format-writers");
  FileReport archive, member;
  archive.path = "root/a.ufo";
  archive.format = Format::hpi;
  member.path = "root/a.ufo!anims/x\ny.gaf";
  member.member_of = archive.path;
  member.findings = {sample_finding("aliased"), sample_finding("twice")};
  member.findings[1].severity = Severity::warning;
  const std::vector<ReportItem> items = {{&archive, true, 0, std::nullopt},
                                         {&member, true, 0, Severity::error}};
  const std::string gnu = write_one("gnu", items, directory / "r.gnu");
  EXPECT_EQ(gnu,
            "root/a.ufo!anims/x\\x0Ay.gaf: offset 0x10: error: entry[1]: aliased [entry.alias]\n"
            "root/a.ufo!anims/x\\x0Ay.gaf: offset 0x10: warning: entry[1]: twice [entry.alias]\n");
  const std::string junit = write_one("junit", items, directory / "r.xml");
  EXPECT_NE(junit.find("<testsuite name=\"gafcheck check\" tests=\"2\" failures=\"1\" errors=\"0\" "
                       "skipped=\"0\""),
            std::string::npos)
      << junit;
  EXPECT_NE(junit.find("<testcase classname=\"gafcheck.hpi\" name=\"a.ufo\">\n    </testcase>"),
            std::string::npos)
      << junit;
  EXPECT_NE(junit.find("name=\"a.ufo!anims/x\\x0Ay.gaf\">\n      <failure type=\"error\""),
            std::string::npos)
      << junit;
  EXPECT_NE(junit.find("offset 0x10: warning: entry[1]: twice [entry.alias]\n</failure>"),
            std::string::npos);
  // The suppression hook: a suppressed file is skipped, not failed.
  std::vector<ReportItem> suppressed = items;
  suppressed[1].suppressed = true;
  const std::string skipped = write_one("junit", suppressed, directory / "s.xml");
  EXPECT_NE(skipped.find("failures=\"0\" errors=\"0\" skipped=\"1\""), std::string::npos);
  EXPECT_NE(skipped.find("<skipped/>"), std::string::npos);
}

TEST(FormatRegistry, EveryFormatIsBuiltAndOthersAreUnknown) {
  EXPECT_EQ(format_spec("json").name, "json");
  for (const FormatSpec& spec : format_specs())
    EXPECT_NE(spec.factory, nullptr) << spec.name << " has no writer";
  EXPECT_EQ(format_spec("sarif-binary").name, "sarif-binary");
  EXPECT_THROW(format_spec("xml"), FormatUnavailable);
}

}  // namespace
}  // namespace gafcheck::testing
