// --format text: a verdict line with its reason per file, one line per finding given (never
// filtered again), a summary line with plurals; colour only when the context asks for it.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "reports/format_registry.hpp"
#include "reports/text_writer.hpp"
#include "tests/support/scratch_directory.hpp"

namespace gafcheck::testing {
namespace {

std::string text_report_of(const std::vector<ReportItem>& items, const RunTotals& totals,
                           bool colour) {
  const auto path = fresh_test_directory("text-writer") / "r.txt";
  FormatContext context;
  context.colour = colour;
  auto writer = make_format_writer("text", std::make_unique<ReportOutput>(path.string()), context);
  writer->header(ReportHeader{});
  writer->write(writer->render(items));
  writer->summary(totals, ReportClosing{0.1, false, 3});
  writer->commit();
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Finding text_report_finding(const char* rule, Severity severity, std::uint64_t offset,
                            const char* path, const char* message) {
  Finding finding;
  finding.rule = *rule_from_name(rule);
  finding.severity = severity;
  finding.offset = offset;
  finding.path = path;
  finding.message = message;
  return finding;
}

TEST(TextWriter, EachFileSaysItsVerdictWhyAndItsFindings) {
  FileReport missing, broken, clean;
  missing.path = "/no/x.gaf";
  missing.verdict = Verdict::rejected;
  missing.findings = {text_report_finding("input.unreadable", Severity::error, 0, "",
                                          "cannot open: No such file or directory")};
  broken.path = "a.gaf";
  broken.verdict = Verdict::errors;
  broken.findings = {
      text_report_finding("entry.name-duplicate", Severity::warning, 0x28, "entry[1]", "same name"),
      text_report_finding("composite.cycle", Severity::error, 0x74, "entry[0]/frame[0]",
                          "a cycle")};
  clean.path = "b.gaf";
  RunTotals totals;
  for (const FileReport* report : {&missing, &broken, &clean}) totals.add(*report);
  const std::vector<ReportItem> items = {
      {&missing, true, 0, Severity::error}, {&broken, true, 0, Severity::error}, {&clean, true}};
  EXPECT_EQ(text_report_of(items, totals, false),
            "REJECTED /no/x.gaf: cannot open: No such file or directory\n"
            "  error   input.unreadable  offset 0x0: cannot open: No such file or directory\n"
            "ERROR    a.gaf: a cycle\n"
            "  warning entry.name-duplicate  offset 0x28 entry[1]: same name\n"
            "  error   composite.cycle  offset 0x74 entry[0]/frame[0]: a cycle\n"
            "OK       b.gaf\n"
            "3 files checked: 1 rejected, 1 with errors, 1 clean; 2 errors, 1 warning, 0 info; "
            "exit 3\n");
  // Colour only when asked for: the verdict and severities painted, the text the same.
  const std::string coloured = text_report_of(items, totals, true);
  EXPECT_NE(coloured.find("\x1b[1;31mREJECTED "), std::string::npos) << coloured;
  EXPECT_NE(coloured.find("\x1b[31merror   \x1b[0m"), std::string::npos) << coloured;
}

TEST(TextWriter, FilesWithoutADocumentAreLeftOut) {
  FileReport quiet;
  quiet.path = "c.gaf";
  RunTotals totals;
  totals.add(quiet);
  EXPECT_EQ(text_report_of({{&quiet, false}}, totals, false),
            "1 file checked: 1 clean; 0 errors, 0 warnings, 0 info; exit 3\n");
}

TEST(TextSummaryLine, SaysWhatADisplayThresholdHid) {
  RunTotals totals;
  FileReport one;
  totals.add(one);
  TextSummaryCounts counts;
  counts.listed = {2, 0, 1};
  EXPECT_EQ(text_summary_line(totals, {0, false, 1}, counts),
            "1 file checked: 1 clean; 1 error, 0 warnings, 2 info; exit 1");
  totals.hidden_below = Severity::warning;
  totals.hidden = {4, 0};
  EXPECT_EQ(text_summary_line(totals, {0, true, 1}, counts),
            "1 file checked: 1 clean; 1 error, 0 warnings, 2 info; hidden below warning: 4 info; "
            "interrupted, the report is partial; exit 1");
}

// A line per file for the tool that wrote it; the summary counts files by writer.
TEST(TextWriter, EachFileSaysItsWriterAndTheSummaryCountsThem) {
  FileReport packed, mixed;
  packed.path = "mod.ufo";
  packed.writer = WriterIdentity{"HPIPack (HPIUtil.dll)", "1997-1999", "certain", {"a = 1"}};
  mixed.path = "odd.ufo";
  mixed.writer = WriterIdentity{"unknown", "", "none", {"no signature fits", "b = 2"}};
  RunTotals totals;
  for (const FileReport* report : {&packed, &mixed, &mixed}) totals.add(*report);
  const std::vector<ReportItem> items = {{&packed, true}, {&mixed, true}};
  const std::string text = text_report_of(items, totals, false);
  EXPECT_NE(text.find("OK       mod.ufo\n  writer: HPIPack (HPIUtil.dll) 1997-1999, certain\n"),
            std::string::npos)
      << text;
  EXPECT_NE(
      text.find("OK       odd.ufo\n  writer: unknown (no signature fits; 1 fact seen: gafcheck "
                "identify lists them)\n"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("; writers: unknown 2, HPIPack (HPIUtil.dll) 1; exit 3\n"), std::string::npos)
      << text;
}

}  // namespace
}  // namespace gafcheck::testing
