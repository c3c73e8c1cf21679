// Free text in reports: every name an input brings (file paths, archive member
// names, GAF entry names, TSF values) is written so that YAML 1.1 and 1.2 readers parse the report,
// and escaped reversibly and distinctly. Reports are parsed back with yaml-cpp here; the CLI test
// tests/report_text_test.py reads real reports with PyYAML.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include "corpus/builder/hpi_builder.hpp"
#include "reports/yaml_record.hpp"
#include "reports/yaml_report.hpp"
#include "reports/yaml_writer.hpp"
#include "tests/support/check_helpers.hpp"
#include "tests/support/hpi_helpers.hpp"
#include "validator/census/census_input.hpp"
#include "validator/census/resume_cursor.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::testing {
namespace {

// One representative set per class of code point, as the bytes a name would hold.
struct NameClass {
  const char* what;
  std::vector<std::string> names;
};

std::string bytes(std::initializer_list<int> values) {
  std::string text;
  for (const int value : values) text.push_back(static_cast<char>(value));
  return text;
}

const std::vector<NameClass>& escaped_classes() {
  static const std::vector<NameClass> classes = {
      {"C0 controls", {bytes({0x00}), "\t", "\n", "\r", "\x1B", "\x1F"}},
      {"DEL", {"\x7F"}},
      {"C1 controls", {"\xC2\x80", "\xC2\x85", "\xC2\x9F"}},
      {"YAML 1.1 line and paragraph separators", {"\xE2\x80\xA8", "\xE2\x80\xA9"}},
      {"byte order mark", {"\xEF\xBB\xBF"}},
      {"U+FFFE and U+FFFF", {"\xEF\xBF\xBE", "\xEF\xBF\xBF"}},
      {"noncharacters yaml-cpp rewrites",
       {"\xEF\xB7\x90", "\xEF\xB7\xAF", "\xF0\x9F\xBF\xBE", "\xF4\x8F\xBF\xBF"}},
      {"encoded surrogates", {"\xED\xA0\x80", "\xED\xBF\xBF"}},
      {"overlong forms", {"\xC0\xAF", "\xC1\xBF", "\xE0\x80\xAF", "\xF0\x80\x80\xAF"}},
      {"bytes that start nothing", {"\x80", "\xBF", "\xF5", "\xFF"}},
      {"truncated sequences", {"\xE2\x82", "\xF0\x9F\x98"}},
      {"beyond U+10FFFF", {"\xF4\x90\x80\x80"}},
      {"backslash", {"\\"}},
  };
  return classes;
}

const std::vector<NameClass>& plain_classes() {
  static const std::vector<NameClass> classes = {
      {"printable ASCII", {"anims/ARMCOM.gaf", " \"q\" #: -[]{}"}},
      {"Latin, CJK and other BMP text",
       {"caf\xC3\xA9", "\xE6\x97\xA5\xE6\x9C\xAC", "\xC2\xA0", "\xED\x9F\xBF", "\xEE\x80\x80",
        "\xEF\xB7\x8F", "\xEF\xB7\xB0", "\xEF\xBF\xBD", "\xE2\x80\xAE"}},
      {"astral planes", {"\xF0\x90\x80\x80", "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBD"}},
  };
  return classes;
}

// Whether text holds only what a YAML 1.1 and 1.2 reader takes as printable, non-break
// characters of a line, line feeds between lines aside. Written from the specs' c-printable,
// b-char and c-byte-order-mark, independently of escape_bytes.
bool yaml_printable_lines(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    std::uint32_t code = byte;
    std::size_t length = 1;
    if (byte >= 0x80) {
      length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
      if (byte < 0xC2 || byte > 0xF4 || i + length > text.size()) return false;
      code = byte & (0x7Fu >> length);
      for (std::size_t k = 1; k < length; ++k) {
        const auto next = static_cast<unsigned char>(text[i + k]);
        if ((next & 0xC0) != 0x80) return false;
        code = (code << 6) | (next & 0x3Fu);
      }
      if ((length == 3 && code < 0x800) || (length == 4 && code < 0x10000)) return false;
    }
    const bool printable = code == '\n' || (code >= 0x20 && code <= 0x7E) ||
                           (code >= 0xA0 && code <= 0xD7FF) || (code >= 0xE000 && code <= 0xFFFD) ||
                           (code >= 0x10000 && code <= 0x10FFFF);
    const bool line_break_or_bom = code == 0x2028 || code == 0x2029 || code == 0xFEFF;
    if (!printable || line_break_or_bom) return false;
    i += length;
  }
  return true;
}

// Every name of every class, each alone and inside ordinary text, plus the report-splitting
// name of the issue and random byte strings from a fixed seed.
std::vector<std::string> property_names() {
  std::vector<std::string> names;
  for (const auto* classes : {&escaped_classes(), &plain_classes()}) {
    for (const NameClass& name_class : *classes) {
      for (const std::string& name : name_class.names) {
        names.push_back(name);
        names.push_back("dir/" + name + "x.gaf");
      }
    }
  }
  names.push_back("a\xE2\x80\xA8--- kind: file\xE2\x80\xA8.gaf");
  names.push_back("\\xFF");  // the four characters an escape would write for the byte 0xFF
  names.push_back("\xFF");
  names.push_back("\\\\xFF");
  names.push_back("\\x");
  std::mt19937 random(20261130);
  std::uniform_int_distribution<int> length(0, 12), byte(0, 255), pick(0, 3);
  const std::string interesting[] = {"\xE2\x80\xA8", "\xEF\xBF\xBE", "\\x", "\xC3\xA9"};
  for (int i = 0; i < 1500; ++i) {
    std::string name;
    for (int n = length(random); n > 0; --n) {
      if (pick(random) == 0)
        name += interesting[static_cast<std::size_t>(pick(random))];
      else
        name.push_back(static_cast<char>(byte(random)));
    }
    names.push_back(name);
  }
  return names;
}

FileReport report_named(const std::string& name) {
  FileReport report;
  report.path = name;
  report.member_of = name;
  report.format = Format::hpi;
  report.members.emplace().push_back(ArchiveMember{name, 1, 1, "stored", false, Format::gaf, true});
  Finding finding;
  finding.rule = RuleId::entry_name_duplicate;
  finding.path = "entry[1]/name";
  finding.message = "name '" + escape_bytes(name) + "' equals entry[0]";
  report.findings.push_back(finding);
  return report;
}

TEST(ReportText, EveryYamlBreakAndNonPrintableCharacterIsEscapedByteByByte) {
  for (const NameClass& name_class : escaped_classes()) {
    for (const std::string& name : name_class.names) {
      std::string expected;
      for (const char c : name) {
        static constexpr char digits[] = "0123456789ABCDEF";
        const auto value = static_cast<unsigned char>(c);
        expected += c == '\\' ? std::string("\\\\")
                              : std::string("\\x") + digits[value >> 4] + digits[value & 0xF];
      }
      EXPECT_EQ(escape_bytes(name), expected) << name_class.what;
      EXPECT_EQ(sanitize_text(name), name == "\\" ? name : expected) << name_class.what;
    }
  }
}

TEST(ReportText, HexIsUppercaseAfter0xAndPaddedToItsWidth) {
  EXPECT_EQ(hex(0), "0x0");
  EXPECT_EQ(hex(0xABCDEF), "0xABCDEF");
  EXPECT_EQ(hex(0x1F, 8), "0x0000001F");
  EXPECT_EQ(hex(0x123456789, 4), "0x123456789");  // a width shorter than the value cuts nothing
  EXPECT_EQ(hex(UINT64_MAX), "0xFFFFFFFFFFFFFFFF");
  EXPECT_EQ(hex(0, 2), "0x00");
}

// Names compare as the game compares them: A-Z fold, and no other byte does, whatever the locale
// (Latin-1 and UTF-8 capitals, and '@' and '[' on either side of A-Z, stay as they are).
TEST(ReportText, AsciiLowercaseFoldsOnlyAToZ) {
  EXPECT_EQ(ascii_lowercase("ArmCOM.GAF"), "armcom.gaf");
  EXPECT_EQ(ascii_lowercase("@AZ[`az{"), "@az[`az{");
  EXPECT_EQ(ascii_lowercase("\xC4\xC3\x84\xFF"), "\xC4\xC3\x84\xFF");
  EXPECT_EQ(ascii_lowercase(std::string_view("A\0B", 3)), std::string_view("a\0b", 3));
  EXPECT_EQ(ascii_lower('Q'), 'q');
  EXPECT_EQ(ascii_lower('q'), 'q');
}

TEST(ReportText, OrdinaryTextIsWrittenAsItIs) {
  for (const NameClass& name_class : plain_classes()) {
    for (const std::string& name : name_class.names) {
      EXPECT_EQ(escape_bytes(name), name) << name_class.what;
      const YAML::Node document = YAML::Load(yaml_file_document(report_named(name)));
      EXPECT_EQ(document["path"].as<std::string>(), name) << name_class.what;
    }
  }
}

TEST(ReportText, AReportSplittingNameStaysInsideItsDocument) {
  const std::string name = "x\xE2\x80\xA8--- \xE2\x80\xA8kind: summary\xEF\xBF\xBE.gaf";
  const std::string text = yaml_file_document(report_named(name)) +
                           yaml_record_document(report_named(name), RecordFacts{});
  EXPECT_TRUE(yaml_printable_lines(text)) << text;
  const std::vector<YAML::Node> documents = YAML::LoadAll(text);
  ASSERT_EQ(documents.size(), 2u);
  EXPECT_EQ(documents[0]["path"].as<std::string>(),
            "x\\xE2\\x80\\xA8--- \\xE2\\x80\\xA8kind: summary\\xEF\\xBF\\xBE.gaf");
  EXPECT_EQ(documents[1]["path"].as<std::string>(), documents[0]["path"].as<std::string>());
}

// The property: for every name, every document kind that carries it parses, holds only
// YAML-printable text, gives the name back byte for byte, and no two names give the same text.
TEST(ReportText, EveryNameParsesBackExactlyAndDistinctly) {
  std::map<std::string, std::string> seen_paths, seen_messages, seen_command_lines;
  for (const std::string& name : property_names()) {
    SCOPED_TRACE(escape_bytes(name));
    const FileReport report = report_named(name);
    const std::string file_text = yaml_file_document(report);
    const std::string record_text = yaml_record_document(report, RecordFacts{});
    ReportHeader header;
    header.command = "census";
    header.command_line = "gafcheck census " + escape_argument(name) + " " + escape_argument(name);
    header.census = CensusSettings{{name}, {name}, "", "findings", "info", name};
    const std::string header_text = yaml_header_document(header);
    for (const std::string* text : {&file_text, &record_text, &header_text})
      ASSERT_TRUE(yaml_printable_lines(*text)) << *text;

    const YAML::Node file = YAML::Load(file_text);
    const std::string path_text = file["path"].as<std::string>();
    EXPECT_EQ(unescape_bytes(path_text), name);
    EXPECT_EQ(unescape_bytes(file["member_of"].as<std::string>()), name);
    EXPECT_EQ(unescape_bytes(file["members"][0]["path"].as<std::string>()), name);
    const std::string message = file["findings"][0]["message"].as<std::string>();
    EXPECT_EQ(message, "name '" + path_text + "' equals entry[0]");
    const ParsedRecord record = parse_record(YAML::Load(record_text));
    EXPECT_EQ(record.report.path, name);
    EXPECT_EQ(record.report.member_of, name);
    const YAML::Node head = YAML::Load(header_text);
    EXPECT_EQ(unescape_bytes(head["census"]["roots"][0].as<std::string>()), name);
    const std::string command_line = head["command_line"].as<std::string>();
    std::vector<std::string> arguments(1);
    for (const char c : command_line) {
      if (c == ' ')
        arguments.emplace_back();
      else
        arguments.back().push_back(c);
    }
    ASSERT_EQ(arguments.size(), 4u) << command_line;
    EXPECT_EQ(unescape_bytes(arguments[3]), name);
    EXPECT_EQ(canonical_escaped(path_text), path_text);

    for (auto [seen, text] : {std::pair{&seen_paths, path_text}, std::pair{&seen_messages, message},
                              std::pair{&seen_command_lines, command_line}}) {
      const auto [earlier, inserted] = seen->try_emplace(text, name);
      EXPECT_TRUE(inserted || earlier->second == name)
          << "'" << escape_bytes(earlier->second) << "' gives the same text";
    }
  }
  const std::vector<std::string> names = property_names();
  EXPECT_EQ(seen_paths.size(), std::set<std::string>(names.begin(), names.end()).size());
}

TEST(ReportText, ReadersTakeNamesOfEarlierBuildsInTodaysForm) {
  // An earlier build wrote U+2028 and U+FEFF raw; they are escaped now.
  EXPECT_EQ(canonical_escaped("a\xE2\x80\xA8z\xEF\xBB\xBF"), "a\\xE2\\x80\\xA8z\\xEF\\xBB\\xBF");
  EXPECT_EQ(canonical_escaped("\\\\x41\\xFF"), "\\\\x41\\xFF");
}

TEST(ReportText, ShortenedNamesAreCutBetweenWholeEscapesAndCharacters) {
  const std::string escapes = shorten_middle(escape_bytes(std::string(300, '\xFF')), 511);
  ASSERT_LE(escapes.size(), 511u);
  const std::size_t marker = escapes.find("...");
  ASSERT_NE(marker, std::string::npos);
  EXPECT_EQ(marker % 4, 0u) << escapes;
  EXPECT_EQ((escapes.size() - marker - 3) % 4, 0u) << escapes;
  EXPECT_EQ(unescape_bytes(escapes.substr(0, marker)), std::string(marker / 4, '\xFF'));

  std::string accents;
  for (int i = 0; i < 300; ++i) accents += "\xC3\xA9";
  const std::string shortened = shorten_middle(accents, 101);
  EXPECT_LE(shortened.size(), 101u);
  EXPECT_EQ(sanitize_text(shortened), shortened);  // still whole UTF-8 characters
  EXPECT_EQ(shorten_middle("short", 101), "short");
}

TEST(ReportText, ResumeChecksAgainAGroupAnEarlierBuildWroteWithARawYamlBreak) {
  const std::string odd = "a\xE2\x80\xA8--- b.gaf", plain = "c.gaf";
  ReportHeader header;
  header.command = "census";
  header.started_at = "2026-01-01T00:00:00Z";
  header.census = CensusSettings{};
  std::string text = yaml_header_document(header);
  std::vector<InputItem> items;
  for (const std::string& name : {odd, plain}) {
    const FileReport report = check(builder::build_gaf(simple_spec()).bytes, {}, name);
    text += yaml_file_document(report) +
            yaml_record_document(report, {42, std::nullopt, FileIdentity{}});
    items.push_back({name, std::nullopt, InputKind::file, report.size, 42, name});
  }
  // What an earlier build wrote: U+2028 raw. yaml-cpp reads it, PyYAML splits the document.
  const std::string escaped = "\\\\xE2\\\\x80\\\\xA8";
  ASSERT_NE(text.find(escaped), std::string::npos) << text;
  for (std::size_t at; (at = text.find(escaped)) != std::string::npos;)
    text.replace(at, escaped.size(), "\xE2\x80\xA8");
  ASSERT_FALSE(printable_report_text(text));
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "gafcheck-report-text-resume.yaml";
  std::ofstream(file, std::ios::binary) << text;
  ResumeCursor cursor(file.string());
  EXPECT_FALSE(cursor.take(items[0]).has_value());
  auto taken = cursor.take(items[1]);
  ASSERT_TRUE(taken.has_value());
  EXPECT_EQ(cursor.taken(), 1u);
  CensusContext context;
  const auto yaml = make_yaml_writer(std::make_unique<ReportOutput>("/dev/null"), {});
  context.writers = {yaml.get()};
  const FinishedInput carried = reuse_group(std::move(*taken), context);
  ASSERT_EQ(carried.rendered.size(), 1u);
  EXPECT_NE(carried.rendered[0].text.find("c.gaf"), std::string::npos);
  EXPECT_TRUE(printable_report_text(carried.rendered[0].text));
  std::filesystem::remove(file);
}

// The names reach the report through the checks, not only through the report writer.
TEST(ReportText, GafEntryNamesReachTheDuplicateMessageEscaped) {
  auto spec = simple_spec();
  spec.entries.push_back(spec.entries[0]);
  std::array<std::uint8_t, 32> name{};
  const std::string hostile = "A\xE2\x80\xA8--- \xEF\xBF\xBE\\xFF\xFF";
  std::copy(hostile.begin(), hostile.end(), name.begin());
  spec.entries[0].name_bytes = name;
  std::string lower = hostile;
  lower[0] = 'a';  // equal under the game's A-Z folding
  std::copy(lower.begin(), lower.end(), name.begin());
  spec.entries[1].name_bytes = name;
  const FileReport report = check(spec);
  const std::string text = yaml_file_document(report);
  ASSERT_TRUE(yaml_printable_lines(text)) << text;
  const YAML::Node document = YAML::Load(text);
  std::string message;
  for (const auto& finding : document["findings"])
    if (finding["rule"].as<std::string>() == "entry.name-duplicate")
      message = finding["message"].as<std::string>();
  EXPECT_EQ(message.substr(0, message.find("' equals")),
            "name 'a\\xE2\\x80\\xA8--- \\xEF\\xBF\\xBE\\\\xFF\\xFF");
}

TEST(ReportText, TsfValuesReachTheirMessageEscaped) {
  const std::string script =
      "[Anim]\n{\n    Looping = \xE2\x80\xA8--- \xC2\x85\xEF\xBF\xBF;\n    [Frame0]\n    {\n"
      "        [Layer0]\n        {\n            Filename = a.png;\n        }\n    }\n}\n";
  const FileReport report =
      check(std::vector<std::uint8_t>(script.begin(), script.end()), {}, "menu.tsf");
  const std::string text = yaml_file_document(report);
  ASSERT_TRUE(yaml_printable_lines(text)) << text;
  const YAML::Node document = YAML::Load(text);
  std::string message;
  for (const auto& finding : document["findings"])
    if (finding["rule"].as<std::string>() == "tsf.value")
      message = finding["message"].as<std::string>();
  EXPECT_NE(message.find("'\\xE2\\x80\\xA8--- \\xC2\\x85\\xEF\\xBF\\xBF'"), std::string::npos)
      << message;
}

TEST(ReportText, ArchiveMemberNamesComeBackExactly) {
  builder::HpiSpec spec = tidy_hpi();
  const std::string hostile = "anims/\xE2\x80\xA8--- \xEF\xBF\xBE\xED\xA0\x80.gaf";
  spec.files[0].path = hostile;
  const std::vector<FileReport> reports = check_hpi_input(builder::build_hpi(spec).bytes);
  ASSERT_GE(reports.size(), 2u);
  const YAML::Node archive = YAML::Load(yaml_file_document(reports[0]));
  std::vector<std::string> members;
  for (const auto& member : archive["members"])
    members.push_back(unescape_bytes(member["path"].as<std::string>()));
  EXPECT_NE(std::find(members.begin(), members.end(), hostile), members.end());
  const std::string text = yaml_file_document(reports[1]);
  ASSERT_TRUE(yaml_printable_lines(text)) << text;
  const YAML::Node member = YAML::Load(text);
  const std::string path = unescape_bytes(member["path"].as<std::string>());
  EXPECT_EQ(path.substr(path.find('!') + 1), hostile);
}

}  // namespace
}  // namespace gafcheck::testing
