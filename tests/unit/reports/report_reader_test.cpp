// Reports read back are untrusted input: the reader's bounds, its document splitting, and what it
// refuses before building a node or handing a document on.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "reports/quoted_line_breaks.hpp"
#include "reports/report_reader.hpp"
#include "reports/yaml_event_tree.hpp"
#include "validator/core/check_options.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

const std::string header_document =
    "---\nkind: header\ntool: gafcheck\nversion: 0.1.0\ncommand: check\n"
    "catalog_sha256: 08ee99e44d490ca53415958d0e8752022d0a4f0ab3b5acaca952f9f33ff83c85\n"
    "profile: default\ngame: ta\nbudgets:\n  file_size: 1024\n"
    "command_line: \"gafcheck check x.gaf\"\nstarted_at: \"2026-01-01T00:00:00Z\"\n";
const std::string file_document =
    "---\nkind: file\npath: \"x.gaf\"\nsize: 10\nsha256: \"\"\nformat: gaf\nverdict: clean\n"
    "retail: none\nsummary:\n  entries: 1\nfindings: []\n";
// Every field the summary schema requires.
const std::string summary_document =
    "---\nkind: summary\nfiles:\n  total: 1\n  by_verdict:\n    clean: 1\n  by_format:\n"
    "    gaf: 1\nbytes: 10\nentries: 1\nzero_frame_entries: 0\nframes: 0\nframe_headers: 0\n"
    "composite_frames: 0\nsubframes: 0\nraw_leaves: 0\nrle_leaves: 0\nunknown3_nonzero: 0\n"
    "versions: {}\ncompression_bytes: {}\nalt_bytes: {}\ncolor_keys: {}\ndurations: {}\n"
    "layer_counts:\n  max: 0\n  counts: {}\ndimensions:\n  max_width: 0\n  max_height: 0\n"
    "  area_buckets: {}\ntotals: {}\nfindings: {}\nsurvey: {}\nbudget_hits: 0\nunreadable: 0\n"
    "interrupted: false\nexit_code: 0\nwall_seconds: 0.001\nbytes_per_second: 9\n";

std::string write_report(const std::string& name, const std::string& text) {
  const fs::path path = fs::temp_directory_path() / ("gafcheck-report-reader-" + name + ".yaml");
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// The kinds of every document, or the ReportError message.
std::vector<std::string> read_kinds(const std::string& name, const std::string& text,
                                    const ReportLimits& limits = {}) {
  const std::string path = write_report(name, text);
  std::vector<std::string> kinds;
  try {
    ReportStream stream(path, limits);
    while (auto document = stream.next()) kinds.push_back(document->kind);
    if (!stream.complete()) kinds.push_back("(incomplete)");
  } catch (const ReportError& error) {
    kinds = {std::string("error: ") + error.what()};
  }
  fs::remove(path);
  return kinds;
}

::testing::AssertionResult refused_with(const std::vector<std::string>& kinds,
                                        const std::string& phrase) {
  if (kinds.size() == 1 && kinds[0].rfind("error: ", 0) == 0 &&
      kinds[0].find(phrase) != std::string::npos)
    return ::testing::AssertionSuccess();
  std::string got;
  for (const auto& kind : kinds) got += kind + " | ";
  return ::testing::AssertionFailure() << "wanted a refusal with '" << phrase << "', got " << got;
}

using Kinds = std::vector<std::string>;

TEST(ReportReader, GenuineReportReadsBackEveryDocument) {
  EXPECT_EQ(read_kinds("genuine", header_document + file_document + summary_document),
            (Kinds{"header", "file", "summary"}));
}

TEST(ReportReader, EmptyFileOrForeignFirstDocumentIsNotAReport) {
  EXPECT_TRUE(refused_with(read_kinds("empty", ""), "is not a gafcheck report: it holds no YAML"));
  EXPECT_TRUE(refused_with(read_kinds("no-header", file_document + summary_document),
                           "the first document is not a gafcheck header"));
  EXPECT_TRUE(refused_with(read_kinds("two-headers", header_document + header_document),
                           "a second header"));
  EXPECT_TRUE(
      refused_with(read_kinds("after-summary", header_document + summary_document + file_document),
                   "document 3 (file, line 52, path x.gaf): a document after the summary"));
}

TEST(ReportReader, ReportWithoutSummaryIsIncomplete) {
  EXPECT_EQ(read_kinds("cut", header_document + file_document),
            (Kinds{"header", "file", "(incomplete)"}));
  // cut inside the last line: the partial file document is dropped, not taken as complete
  const std::string cut = header_document + file_document.substr(0, file_document.size() - 5);
  EXPECT_EQ(read_kinds("cut-mid-line", cut), (Kinds{"header", "(incomplete)"}));
}

TEST(ReportReader, ReportCutAtAnyLineEndOfItsLastDocumentIsIncompleteNotRefused) {
  const std::string document =
      "---\nkind: file\npath: \"x.gaf\"\nsize: 10\nsha256: \"\"\nformat: gaf\n"
      "verdict: warnings\nretail: dropped\nsummary:\n  entries: 1\nfindings:\n"
      "  - rule: entry.name-duplicate\n    severity: warning\n    retail: dropped\n"
      "    offset: 76\n    length: 32\n    path: \"entry[1]/name\"\n    message: \"same name\"\n";
  for (std::size_t end = document.find('\n', 4); end != std::string::npos;
       end = document.find('\n', end + 1)) {
    const Kinds kinds =
        read_kinds("cut-at-line-end", header_document + document.substr(0, end + 1));
    ASSERT_FALSE(kinds.empty());
    EXPECT_EQ(kinds.back(), "(incomplete)") << "cut after byte " << end << ": " << kinds[0];
  }
}

TEST(ReportReader, FieldWithoutValueBeforeTheEndIsAHoleNotACut) {
  std::string holed = file_document;
  holed.replace(holed.find("summary:\n  entries: 1\n"), 24, "summary:\n");
  EXPECT_TRUE(refused_with(read_kinds("holed", header_document + holed + summary_document),
                           "field 'summary' is missing"));
}

TEST(ReportReader, AliasIsRefusedBeforeAnyNodeIsBuilt) {
  std::string bomb = "---\nkind: summary\na0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n";
  for (int i = 1; i < 30; ++i) {
    bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int j = 0; j < 10; ++j) bomb += (j ? ", *a" : "*a") + std::to_string(i - 1);
    bomb += "]\n";
  }
  EXPECT_TRUE(refused_with(read_kinds("bomb", header_document + bomb + summary_document),
                           "document 2 (summary?), line 15: holds an anchor"));
  EXPECT_THROW(load_one_document("a: *x\n", {}), YamlRefusal);
}

TEST(ReportReader, TagsComplexAndDuplicateKeysAndDeepNestingAreRefused) {
  EXPECT_THROW(load_one_document("a: !!python/name:os.system x\n", {}), YamlRefusal);
  EXPECT_THROW(load_one_document("? [a, b]\n: 1\n", {}), YamlRefusal);
  EXPECT_THROW(load_one_document("kind: file\nkind: summary\n", {}), YamlRefusal);
  EXPECT_THROW(load_one_document(std::string(13, '[') + std::string(13, ']'), {}), YamlRefusal);
  EXPECT_NO_THROW(load_one_document(std::string(12, '[') + std::string(12, ']'), {}));
}

// yaml-cpp reads flow tokens ahead of its events: 1 MB of "[" cost 250 MB before the first event.
TEST(ReportReader, DeepFlowNestingIsRefusedOnTheTextBeforeParsing) {
  try {
    load_one_document("a: \"[[[[[[[[[[[[[[\" # [[[[[[[[[[[[[[\nb: " + std::string(1 << 20, '['),
                      {});
    FAIL() << "not refused";
  } catch (const YamlRefusal& refusal) {
    EXPECT_EQ(refusal.line, 2u);
    EXPECT_STREQ(refusal.what(), "nesting deeper than 12 levels (gafcheck writes at most 5)");
  }
}

TEST(ReportReader, NodesPerDocumentAreBounded) {
  std::string wide = "a: [";
  for (int i = 0; i < 100; ++i) wide += "1, ";
  wide += "1]\n";
  EXPECT_THROW(load_one_document(wide, {12, 103}), YamlRefusal);  // map, key, list, 101 items
  EXPECT_NO_THROW(load_one_document(wide, {12, 104}));
  // a scalar spread over many short lines is bounded as a one-line scalar would be
  EXPECT_THROW(
      load_one_document("a: \"" + std::string(60, 'x') + "\n  " + std::string(60, 'x') + "\"\n",
                        {12, 100, 100}),
      YamlRefusal);
}

TEST(ReportReader, LinesDocumentsAndTotalBytesAreBounded) {
  ReportLimits small;
  small.line_bytes = 100;
  small.document_bytes = 400;
  small.total_bytes = 1000;
  const std::string long_line = "---\nkind: file\npath: \"" + std::string(200, 'x') + "\"\n";
  EXPECT_TRUE(refused_with(read_kinds("long-line", header_document + long_line, small),
                           "line 15: longer than 100 bytes"));
  std::string big = "---\nkind: summary\n";
  for (int i = 0; i < 30; ++i) big += "k" + std::to_string(i) + ": 1234567890\n";
  EXPECT_TRUE(refused_with(read_kinds("big-document", header_document + big, small),
                           "document 2 (from line 13): longer than 400 bytes"));
  std::string many =
      header_document + "...\n";  // comments between documents count only in the total
  while (many.size() < 1200) many += "# comment\n";
  EXPECT_TRUE(refused_with(read_kinds("total", many, small),
                           "longer than the report size limit of 1000 bytes"));
  EXPECT_TRUE(refused_with(read_kinds("nul", std::string("---\nkind: \0header\n", 19)),
                           "line 2: holds the control byte 0x00"));
}

TEST(ReportReader, DocumentsSplitWhereEveryYamlReaderSplitsThem) {
  const std::string inline_document =
      "--- {kind: file, path: \"y.gaf\", size: 1, sha256: \"\", format: gaf, verdict: clean, "
      "retail: none, summary: {}, findings: []}\n";
  EXPECT_EQ(
      read_kinds("inline", header_document + file_document + inline_document + summary_document),
      (Kinds{"header", "file", "file", "summary"}));
  // "..." ends a document; what follows it is a (bare) document of its own
  EXPECT_EQ(read_kinds("end-marker",
                       header_document + "...\n" + inline_document.substr(4) + summary_document),
            (Kinds{"header", "file", "summary"}));
  EXPECT_EQ(read_kinds("comments-between", header_document + "...\n# note\n\n" + summary_document),
            (Kinds{"header", "summary"}));
  EXPECT_TRUE(
      refused_with(read_kinds("directive", header_document + "...\n%YAML 1.2\n" + summary_document),
                   "line 14: a YAML directive"));
  EXPECT_TRUE(refused_with(read_kinds("cr", header_document + "# a\r--- x\n" + summary_document),
                           "line 13: holds the control byte 0x0D"));
}

TEST(ReportReader, FieldsAreCheckedAgainstWhatGafcheckWrites) {
  const auto with = [](const std::string& from, const std::string& to) {
    std::string text = header_document + file_document + summary_document;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  EXPECT_TRUE(refused_with(read_kinds("verdict", with("verdict: clean", "verdict: \"3\"")),
                           "document 2 (file, line 13, path x.gaf): field 'verdict' is '3'"));
  EXPECT_TRUE(refused_with(read_kinds("size", with("\nsize: 10", "\nsize: \"10\"")),
                           "field 'size' is not a count"));
  EXPECT_TRUE(refused_with(read_kinds("format", with("format: gaf", "format: [gaf]")),
                           "field 'format' is not a string"));
  EXPECT_TRUE(refused_with(read_kinds("interrupted", with("interrupted: false", "interrupted: 7")),
                           "field 'interrupted' is not true or false"));
  EXPECT_TRUE(refused_with(read_kinds("tool", with("tool: gafcheck", "tool: other")),
                           "is not a gafcheck report: document 1 (header, line 1): field 'tool'"));
  EXPECT_TRUE(
      refused_with(read_kinds("kind", with("kind: file", "kind: diff")), "field 'kind' is 'diff'"));
}

TEST(ReportReader, EveryGameGafcheckWritesIsReadAndNoOther) {
  for (const std::string_view game : game_names) {
    std::string text = header_document + file_document + summary_document;
    text.replace(text.find("game: ta"), 8, "game: " + std::string(game));
    EXPECT_EQ(read_kinds(std::string(game), text),
              (std::vector<std::string>{"header", "file", "summary"}));
  }
  std::string text = header_document + file_document + summary_document;
  text.replace(text.find("game: ta"), 8, "game: ta4");
  EXPECT_TRUE(refused_with(read_kinds("ta4", text), "field 'game' is 'ta4'"));
}

// A summary's exit_code is the process's status: every exit code (rebuild's 5 too), or 128 + the
// SIGINT or SIGTERM that interrupted a census; nothing else.
TEST(ReportReader, SummaryExitCodeIsAnExitStatusGafcheckHas) {
  for (const char* code : {"0", "1", "3", "5", "130", "143"}) {
    std::string text = header_document + file_document + summary_document;
    text.replace(text.find("exit_code: 0"), 12, std::string("exit_code: ") + code);
    EXPECT_EQ(read_kinds(std::string("exit-") + code, text),
              (std::vector<std::string>{"header", "file", "summary"}))
        << code;
  }
  for (const char* code : {"6", "129", "137"}) {
    std::string text = header_document + file_document + summary_document;
    text.replace(text.find("exit_code: 0"), 12, std::string("exit_code: ") + code);
    EXPECT_TRUE(refused_with(read_kinds(std::string("exit-") + code, text),
                             "field 'exit_code' is not an exit status gafcheck has"))
        << code;
  }
}

TEST(QuotedLineBreaks, Yaml11BreaksAreAcceptedOnlyInsideDoubleQuotes) {
  EXPECT_TRUE(yaml11_breaks_only_in_double_quotes("path: \"a\xE2\x80\xA8--- b\""));
  EXPECT_TRUE(yaml11_breaks_only_in_double_quotes("  - \"a\xE2\x80\xA8\""));
  EXPECT_TRUE(yaml11_breaks_only_in_double_quotes("{kind: record, path: \"a\xC2\x85\", size: 1}"));
  EXPECT_FALSE(yaml11_breaks_only_in_double_quotes("# a\xE2\x80\xA8--- {kind: file}"));
  EXPECT_FALSE(yaml11_breaks_only_in_double_quotes("message: a \"b\xE2\x80\xA8\""));
  EXPECT_FALSE(yaml11_breaks_only_in_double_quotes("path: \"a\" \xE2\x80\xA8"));
  EXPECT_FALSE(yaml11_breaks_only_in_double_quotes("{path: a\xE2\x80\xA8}"));
  // Records of schema version 2 nest their maps, with "" for a counter named like its group.
  EXPECT_TRUE(yaml11_breaks_only_in_double_quotes(
      "{kind: record, path: \"a\xE2\x80\xA8\", summary: {entries: 1, coverage: {\"\": 3, "
      "slack: 0}}, survey: {widths: {-1: 2}}, findings: {}}"));
  EXPECT_FALSE(yaml11_breaks_only_in_double_quotes("{summary: {coverage: {a\xE2\x80\xA8: 1}}}"));
  // A record's writer basis is a list of double-quoted texts.
  EXPECT_TRUE(yaml11_breaks_only_in_double_quotes(
      "{kind: record, path: \"a\xE2\x80\xA8\", writer: {tool: \"unknown\", basis: [\"x = 1\", "
      "\"y\"]}, findings: {}}"));
  EXPECT_TRUE(yaml11_breaks_only_in_double_quotes("{writer: {basis: []}, path: \"\xC2\x85\"}"));
  EXPECT_FALSE(yaml11_breaks_only_in_double_quotes("{writer: {basis: [a\xE2\x80\xA8]}}"));
}

}  // namespace
}  // namespace gafcheck::testing
