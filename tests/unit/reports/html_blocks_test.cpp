// The HTML page's grouped finding blocks, its gallery bound and the run totals' severities: files
// that say the same thing share one block with "N files", the gallery keeps the first tiles its
// budget allows and says how many of how many entries it shows, and the rules table can show the
// severity the findings were reported with.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "reports/gallery_tiles.hpp"
#include "reports/html_blocks.hpp"
#include "reports/html_gallery.hpp"
#include "validator/result/run_totals.hpp"

namespace gafcheck {
namespace {

// Non-overlapping occurrences of part in text.
std::size_t occurrences_of(std::string_view text, std::string_view part) {
  std::size_t found = 0, at = 0;
  while ((at = text.find(part, at)) != std::string_view::npos) {
    ++found;
    at += part.size();
  }
  return found;
}

FileReport ta3d_report(const std::string& path, std::uint64_t offset) {
  FileReport report;
  report.path = path;
  report.format = Format::ta3d_gaf;
  report.verdict = Verdict::errors;
  report.retail = Retail::garbage;
  Finding foreign{RuleId::format_foreign_variant,
                  Severity::error,
                  Retail::garbage,
                  offset,
                  4,
                  "entry[0]/frame[0]",
                  "frame holds a TA3D payload"};
  Finding alias{RuleId::entry_alias, Severity::warning,         Retail::ignored, offset + 8, 4,
                "entry[1]",          "two slots name one entry"};
  report.findings = {foreign, alias};
  return report;
}

TEST(FindingBlocks, FilesWithTheSameFindingsAtOtherOffsetsShareAKey) {
  const FileReport a = ta3d_report("a.gaf", 0x40);
  FileReport b = ta3d_report("b.gaf", 0x900);
  std::swap(b.findings[0], b.findings[1]);  // a multiset: order does not matter
  ASSERT_TRUE(finding_block_key(a));
  EXPECT_EQ(finding_block_key(a), finding_block_key(b));
}

TEST(FindingBlocks, ADifferentMessageSeverityOrRuleCountMakesAnotherKey) {
  const FileReport a = ta3d_report("a.gaf", 0x40);
  FileReport message = a, severity = a, more = a;
  message.findings[0].message = "frame holds a JPEG";
  severity.findings[1].severity = Severity::error;
  more.findings.push_back(a.findings[1]);
  EXPECT_NE(finding_block_key(a), finding_block_key(message));
  EXPECT_NE(finding_block_key(a), finding_block_key(severity));
  EXPECT_NE(finding_block_key(a), finding_block_key(more));
}

TEST(FindingBlocks, PicturesDoNotPartFilesButUnreadOrCountedFindingsDo) {
  FileReport pictured = ta3d_report("a.gaf", 0x40);
  pictured.attachments.emplace();
  pictured.attachments->thumbnails.push_back({});
  EXPECT_EQ(finding_block_key(pictured), finding_block_key(ta3d_report("b.gaf", 0)));
  FileReport unread = ta3d_report("a.gaf", 0x40);
  unread.attachments.emplace();
  unread.attachments->unavailable = "not drawn: a.gaf has changed since the report";
  EXPECT_FALSE(finding_block_key(unread));
  EXPECT_FALSE(finding_block_key(FileReport{}));
  FileReport counted = ta3d_report("a.gaf", 0x40);
  counted.findings_suppressed = 3;
  EXPECT_FALSE(finding_block_key(counted));
}

TEST(FindingBlocks, IdenticalBlocksAreOneBlockWithTheFileCountAndList) {
  PageBlocks blocks;
  const auto key = finding_block_key(ta3d_report("a.gaf", 0));
  blocks.add(Retail::garbage, "<section class=\"file\"><h2>a.gaf</h2><table></table></section>",
             key, "a.gaf");
  blocks.add(Retail::crash, "<section class=\"file\"><h2>x.gaf</h2></section>", std::nullopt,
             "x.gaf");
  EXPECT_TRUE(blocks.join(*key, "b.gaf"));
  blocks.add(Retail::garbage, "never shown", key, "c.gaf");
  EXPECT_FALSE(blocks.join("another key", "d.gaf"));
  ASSERT_EQ(blocks.blocks().size(), 2u);
  const PageBlock& grouped = blocks.blocks().front();
  EXPECT_EQ(grouped.files, (std::vector<std::string>{"a.gaf", "b.gaf", "c.gaf"}));
  const std::string html = page_block_html(grouped);
  EXPECT_NE(html.find("<section data-files=\"3\" class=\"file\">"), std::string::npos) << html;
  EXPECT_NE(html.find("<b>3 files</b>"), std::string::npos) << html;
  EXPECT_EQ(occurrences_of(html, "<li>"), 3u);
  EXPECT_LT(html.find("</h2>"), html.find("<details")) << html;
  EXPECT_EQ(page_block_html(blocks.blocks().back()), blocks.blocks().back().text);
}

FileReport gallery_report(const std::string& path, std::uint64_t entries, std::size_t tiles) {
  FileReport report;
  report.path = path;
  report.format = Format::gaf;
  report.sha256 = std::string(64, 'a');
  report.attachments.emplace();
  report.attachments->gallery_entries = entries;
  for (std::size_t i = 0; i < tiles; ++i)
    report.attachments->gallery.push_back({"entry" + std::to_string(i), 1, 1, "PNG", {}});
  return report;
}

TEST(PageGallery, KeepsTheFirstTilesTheBudgetAllowsAndSaysHowManyOfHowMany) {
  PageGallery gallery(3);
  std::uint64_t room = UINT64_MAX;
  for (const char* path : {"a.gaf", "b.gaf", "c.gaf"}) {
    const std::string rest =
        gallery.take("before" + gallery_tiles_html(gallery_report(path, 2, 2)) + "after", room);
    EXPECT_EQ(rest, "beforeafter");
  }
  EXPECT_EQ(gallery.shown(), 3u);
  EXPECT_EQ(gallery.entries(), 6u);
  const std::string html = gallery.html(budget_option(gallery_budget));
  EXPECT_EQ(occurrences_of(html, "<figure class=\"tile\""), 3u);
  EXPECT_NE(html.find("gallery shows the first 3 of 6 entries (--max-gallery-thumbnails"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("id=\"gallery-filter\""), std::string::npos);
}

TEST(PageGallery, WithinItsBudgetItSaysNothingAboutIt) {
  PageGallery gallery(300);
  std::uint64_t room = UINT64_MAX;
  gallery.take(gallery_tiles_html(gallery_report("a.gaf", 2, 2)), room);
  const std::string html = gallery.html("max-gallery-thumbnails");
  EXPECT_EQ(occurrences_of(html, "<img "), 2u);
  EXPECT_EQ(html.find("gallery shows the first"), std::string::npos);
  EXPECT_NE(html.find("data:image/png;base64,"), std::string::npos);
  EXPECT_NE(html.find(std::string(64, 'a')), std::string::npos) << "the file's sha256";
}

TEST(PageGallery, AFileThatCannotBeReadAgainIsSaidUnavailable) {
  PageGallery gallery(300);
  std::uint64_t room = UINT64_MAX;
  FileReport missing = gallery_report("gone.gaf", 0, 0);
  missing.attachments->unavailable = "not drawn: gone.gaf cannot be read beneath --root";
  gallery.take(gallery_tiles_html(missing), room);
  EXPECT_NE(gallery.html("max-gallery-thumbnails").find("thumbnails unavailable for 1 file"),
            std::string::npos);
}

TEST(PageBudget, ItsOptionIsSpelledFromItsNameAsTheHostBudgetsAre) {
  EXPECT_EQ(budget_option(gallery_budget), "max-gallery-thumbnails");
}

TEST(RunTotals, KeepTheSeverityEachRulesFindingsWereReportedWith) {
  RunTotals totals;
  totals.add(ta3d_report("a.gaf", 0));
  totals.add(ta3d_report("b.gaf", 0));
  const RuleTotals& foreign = totals.findings.at("format.foreign-variant");
  EXPECT_EQ(foreign.severities, (std::map<std::string, std::uint64_t>{{"error", 2}}));
  RunTotals merged;
  merged.merge(totals);
  EXPECT_EQ(merged.findings.at("entry.alias").severities.at("warning"), 2u);
}

}  // namespace
}  // namespace gafcheck
