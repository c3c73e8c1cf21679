// RLE row rules through the check pipeline (docs/format/gaf.md §3.2). rle_spec() lays out one entry
// at 16 (frame table at 56), frame header "a" at 64 and its rows from 88.
#include "corpus/builder/recipe.hpp"
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

constexpr std::uint64_t rows_start = 88;

builder::GafSpec rle_spec(std::uint16_t width, const std::vector<std::string>& rows_hex) {
  builder::GafSpec spec;
  spec.entries.push_back({.name = "RLE", .frames = {{"a", 1, std::nullopt}}});
  builder::FrameSpec frame{.id = "a", .width = width, .compressed = 1};
  frame.height = static_cast<std::uint16_t>(rows_hex.size());
  frame.rle_rows.emplace();
  for (const std::string& row : rows_hex) frame.rle_rows->push_back(builder::parse_hex_bytes(row));
  spec.frames.push_back(frame);
  return spec;
}

// Offset of row r's count word.
std::uint64_t row_at(const std::vector<std::string>& rows_hex, std::size_t r) {
  std::uint64_t at = rows_start;
  for (std::size_t i = 0; i < r; ++i) at += 2 + builder::parse_hex_bytes(rows_hex[i]).size();
  return at;
}

const Finding& expect_rle(const FileReport& report, std::string_view rule, std::uint64_t offset,
                          std::uint64_t row, std::uint64_t column) {
  const Finding* finding = find_finding(report, rule);
  EXPECT_NE(finding, nullptr) << "no " << rule << " in " << describe(report);
  if (!finding) throw std::runtime_error("missing finding");
  EXPECT_EQ(finding->offset, offset) << finding->message;
  EXPECT_EQ(finding->path, "entry[0]/frame[0]/row[" + std::to_string(row) + "]");
  EXPECT_EQ(finding->row, row) << finding->message;
  EXPECT_EQ(finding->column, column) << finding->message;
  return *finding;
}

const std::vector<std::string> exact_rows = {"0C 01 02 03 04", "03 04 05 06 03", "05 06 09"};

TEST(RleRules, ExactRowsHaveNoRowFindings) {
  const FileReport report = check(rle_spec(4, exact_rows));
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  for (const char* rule :
       {"rle.overrun", "rle.short-row", "rle.unused-payload", "rle.truncated-command",
        "rle.zero-skip", "rle.reads-past-eof", "rle.out-of-step", "frame.out-of-bounds"})
    EXPECT_NO_FINDING(report, rule);
  // The builder's own encoder (skips, repeats, literals) is exact too.
  auto spec = simple_spec();
  spec.frames[0] = {.id = "a", .width = 33, .height = 9, .compressed = 1};
  EXPECT_EQ(check(spec).verdict, Verdict::clean) << describe(check(spec));
}

TEST(RleRules, OverrunNamesTheCommandAndTheClamp) {
  const std::vector<std::string> rows = {"0C 01 02 03 04", "03 0C 01 02 03 04"};
  const FileReport report = check(rle_spec(4, rows));
  // Row 1: a 1-px skip, then a 4-px literal at column 1.
  const Finding& finding = expect_rle(report, "rle.overrun", row_at(rows, 1) + 3, 1, 1);
  EXPECT_EQ(finding.retail, Retail::ignored);
  EXPECT_TRUE(mentions(&finding, "literal of 4 px (0x0C) overshoots the 4-px width by 1"));
  EXPECT_TRUE(mentions(&finding, "changes no pixel")) << finding.message;
  EXPECT_NO_FINDING(report, "rle.unused-payload");
  EXPECT_NO_FINDING(report, "rle.out-of-step");  // a lone clamp that ends on the payload's end
  EXPECT_EQ(report.verdict, Verdict::warnings);
}

TEST(RleRules, ShortRowSaysWhatTheGameDecodesNext) {
  const std::vector<std::string> rows = {"04 01 02", "0C 01 02 03 04", "0C 01 02 03 04"};
  const FileReport report = check(rle_spec(4, rows));
  const Finding& finding = expect_rle(report, "rle.short-row", rows_start, 0, 2);
  EXPECT_EQ(finding.retail, Retail::garbage);
  EXPECT_TRUE(mentions(&finding, "payload of 3 bytes ends at 2/4 px")) << finding.message;
  // Row 1's count word starts 05 00: 0x05 is a 2-px skip that fills row 0.
  EXPECT_TRUE(mentions(&finding, "keeps decoding 1 byte from row 1's count word on as commands"))
      << finding.message;
  EXPECT_NO_FINDING(report, "rle.reads-past-eof");
}

TEST(RleRules, UnusedPayload) {
  const std::vector<std::string> rows = {"0C 01 02 03 04", "0C 01 02 03 04 05 06"};
  const FileReport report = check(rle_spec(4, rows));
  const Finding& finding = expect_rle(report, "rle.unused-payload", row_at(rows, 1) + 2 + 5, 1, 4);
  EXPECT_EQ(finding.length, 2u);
  EXPECT_TRUE(mentions(&finding, "after 5 of 7 payload bytes")) << finding.message;
  EXPECT_NO_FINDING(report, "rle.out-of-step");  // the width is reached without a clamp
}

// A row whose width is reached by a clamped run with payload bytes left has lost step with its
// payload: each instance is a different way a byte goes missing in front of the clamp.
TEST(RleRules, ShortenedLiteralPutsTheRowOutOfStep) {
  // 2-px literal + 6-px literal, the first literal one byte short: 0x14 is drawn as a pixel and
  // the first pixel byte 0x3D becomes a 30-px skip, clamped to 6, with 5 bytes left.
  const std::vector<std::string> rows = {"0C 01 02 03 04 05 06 07 08",
                                         "04 21 14 3D 22 23 24 25 26"};
  const FileReport report = check(rle_spec(8, rows));
  const Finding& finding = expect_rle(report, "rle.out-of-step", row_at(rows, 1), 1, 2);
  EXPECT_EQ(finding.severity, Severity::error);
  EXPECT_EQ(finding.retail, Retail::garbage);
  EXPECT_EQ(finding.length, 2u + 9u);  // the whole row
  EXPECT_TRUE(mentions(&finding,
                       "skip of 30 px (0x3D) clamped to 6 px at column 2 with 5 "
                       "payload bytes still unread"))
      << finding.message;
  // Each constituent finding stays, right about its own command.
  EXPECT_NE(find_finding(report, "rle.overrun"), nullptr);
  EXPECT_NE(find_finding(report, "rle.unused-payload"), nullptr);
  EXPECT_EQ(report.verdict, Verdict::errors);
  EXPECT_EQ(report.retail, Retail::garbage);
}

TEST(RleRules, DroppedRepeatValuePutsTheRowOutOfStep) {
  // A 4-px repeat of 0x41 and a 2-px literal; the repeat lost its value byte, so it repeats the
  // literal's command byte and 0x51 becomes a 40-px skip clamped to 2, leaving 0x52.
  const FileReport report = check(rle_spec(6, {"0E 04 51 52"}));
  const Finding& finding = expect_rle(report, "rle.out-of-step", rows_start, 0, 4);
  EXPECT_TRUE(mentions(&finding, "1 payload byte still unread")) << finding.message;
}

TEST(RleRules, ClampedLiteralWithBytesLeftIsOutOfStep) {
  // Row 1: a 5-px literal in a 4-px row, clamped, then a byte the commands never reach.
  const std::vector<std::string> rows = {"0C 01 02 03 04", "10 01 02 03 04 05 06",
                                         "10 01 02 03 04 05 06"};
  const FileReport report = check(rle_spec(4, rows));
  const Finding& finding = expect_rle(report, "rle.out-of-step", row_at(rows, 1), 1, 0);
  EXPECT_TRUE(mentions(&finding, "literal of 5 px (0x10) clamped to 4 px")) << finding.message;
  EXPECT_TRUE(mentions(&finding, "(first of 2 affected rows of 3")) << finding.message;
}

TEST(RleRules, RepeatWithoutItsValueByte) {
  const std::vector<std::string> rows = {"0E", "0C 01 02 03 04"};
  const FileReport report = check(rle_spec(4, rows));
  const Finding& finding = expect_rle(report, "rle.truncated-command", rows_start + 2, 0, 0);
  EXPECT_EQ(finding.retail, Retail::garbage);
  EXPECT_TRUE(mentions(&finding, "colour from the next byte (row 1's count word)"))
      << finding.message;
}

TEST(RleRules, LiteralWithTooFewBytes) {
  // A 1-px skip, then a 4-px literal (clamped to 3) with 1 byte: the game takes the other 2 from
  // row 1's count word (05 00).
  const std::vector<std::string> rows = {"03 0C 01", "0C 01 02 03 04"};
  const FileReport report = check(rle_spec(4, rows));
  const Finding& finding = expect_rle(report, "rle.truncated-command", rows_start + 3, 0, 1);
  EXPECT_TRUE(mentions(&finding, "has 1 of its 4 bytes in the payload")) << finding.message;
  EXPECT_TRUE(mentions(&finding, "missing 2 bytes from row 1's count word on")) << finding.message;
  EXPECT_NO_FINDING(report, "rle.short-row");
}

TEST(RleRules, ClampedLiteralShortOfItsBytesChangesNoPixel) {
  const FileReport report = check(rle_spec(4, {"14 01 02 03 04"}));
  const Finding& finding = expect_rle(report, "rle.truncated-command", rows_start + 2, 0, 0);
  EXPECT_EQ(finding.retail, Retail::ignored);
  EXPECT_TRUE(mentions(&finding, "no pixel changes")) << finding.message;
  EXPECT_NO_FINDING(report, "rle.reads-past-eof");
}

TEST(RleRules, ZeroSkip) {
  const FileReport report = check(rle_spec(4, {"0C 01 02 03 04", "03 01 01 07"}));
  const Finding& finding = expect_rle(report, "rle.zero-skip", rows_start + 7 + 3, 1, 1);
  EXPECT_EQ(finding.severity, Severity::warning);
  EXPECT_EQ(finding.retail, Retail::none);
  EXPECT_TRUE(mentions(&finding, "(2 in this row)")) << finding.message;
}

TEST(RleRules, ShortLastRowReadsPastTheEndOfTheFile) {
  const std::vector<std::string> rows = {"0C 01 02 03 04", "04 01 02"};
  const FileReport report = check(rle_spec(4, rows));
  const Finding& past = expect_rle(report, "rle.reads-past-eof", row_at(rows, 1), 1, 2);
  EXPECT_EQ(past.retail, Retail::crash);
  EXPECT_TRUE(mentions(&past, "at least 1 byte past the end")) << past.message;
  EXPECT_EQ(expect_rle(report, "rle.short-row", row_at(rows, 1), 1, 2).retail, Retail::crash);
  EXPECT_EQ(report.retail, Retail::crash);
}

TEST(RleRules, CutLastCommandReadsAnExactNumberOfBytesPastTheEnd) {
  const std::vector<std::string> rows = {"0C 01 02 03 04", "0C 01"};
  const FileReport report = check(rle_spec(4, rows));
  const Finding& past = expect_rle(report, "rle.reads-past-eof", row_at(rows, 1), 1, 0);
  EXPECT_TRUE(mentions(&past, "reads exactly 3 bytes past the end, which finish the row"))
      << past.message;
  EXPECT_EQ(find_finding(report, "rle.truncated-command")->retail, Retail::crash);
}

TEST(RleRules, RowPayloadRunningPastTheEndOfTheFile) {
  const std::vector<std::string> rows = {"0C 01 02 03 04", "0C 01 02 03 04"};
  auto bytes = builder::build_gaf(rle_spec(4, rows)).bytes;
  bytes.resize(bytes.size() - 2);
  const FileReport report = check(bytes);
  const Finding& finding = expect_rle(report, "frame.out-of-bounds", row_at(rows, 1), 1, 0);
  EXPECT_EQ(finding.retail, Retail::crash);
  EXPECT_TRUE(mentions(&finding, "runs 2 bytes past the end")) << finding.message;
  EXPECT_TRUE(mentions(&finding, "exactly 2 bytes beyond it")) << finding.message;
}

TEST(RleRules, LastRowPayloadPastTheEndThatTheGameNeverReads) {
  const std::vector<std::string> rows = {"0C 01 02 03 04", "0C 01 02 03 04 05 06"};
  auto bytes = builder::build_gaf(rle_spec(4, rows)).bytes;
  bytes.resize(bytes.size() - 2);
  const FileReport report = check(bytes);
  const Finding& finding = expect_rle(report, "frame.out-of-bounds", row_at(rows, 1), 1, 4);
  EXPECT_EQ(finding.retail, Retail::ignored);
  EXPECT_TRUE(mentions(&finding, "reads nothing beyond it")) << finding.message;
}

TEST(RleRules, RowCountWordOutsideTheFile) {
  auto spec = rle_spec(4, exact_rows);
  spec.frames[0].height = 4;
  const FileReport report = check(spec);
  const Finding& finding = expect_rle(report, "frame.out-of-bounds", row_at(exact_rows, 3), 3, 0);
  EXPECT_TRUE(mentions(&finding, "row 3's count word")) << finding.message;
}

std::vector<std::string> short_rows(std::size_t count) {
  // Each row ends at 2/4 px; the next row's count word (03 00) completes it, the last one runs
  // off the end of the file.
  return std::vector<std::string>(count, "04 01 02");
}

TEST(RleRules, ManyBadRowsGiveOneFindingPerRule) {
  const FileReport report = check(rle_spec(4, short_rows(50)));
  EXPECT_EQ(count_rule(report, "rle.short-row"), 1u);
  const Finding& finding = expect_rle(report, "rle.short-row", rows_start, 0, 2);
  EXPECT_TRUE(mentions(&finding, "first of 50 affected rows of 50; --all-rows lists each"))
      << finding.message;
  EXPECT_EQ(finding.retail, Retail::crash) << "the worst row decides";
  expect_rle(report, "rle.reads-past-eof", row_at(short_rows(50), 49), 49, 2);
}

TEST(RleRules, AllRowsListsEveryRow) {
  CheckOptions options;
  options.all_rows = true;
  const FileReport report = check(rle_spec(4, short_rows(50)), options);
  const auto findings = find_all(report, "rle.short-row");
  ASSERT_EQ(findings.size(), 50u);
  EXPECT_EQ(findings[17]->row, 17u);
  EXPECT_EQ(findings[17]->offset, row_at(short_rows(50), 17));
  EXPECT_EQ(findings[17]->retail, Retail::garbage);
  EXPECT_EQ(findings[49]->retail, Retail::crash);
  EXPECT_FALSE(mentions(findings[17], "affected rows"));
}

TEST(RleRules, SharedRleBlockIsWalkedOnce) {
  auto spec = rle_spec(4, {"04 01 02", "0C 01 02 03 04"});
  spec.frames.push_back(
      {.id = "b", .width = 4, .height = 2, .compressed = 1, .data = std::vector<std::uint8_t>{}});
  spec.entries[0].frames.push_back({"b", 1, std::nullopt});
  auto built = builder::build_gaf(spec);
  built.put_u32(built.at("frame:b") + 16, static_cast<std::uint32_t>(built.at("frame:a/data")));
  const FileReport report = check(built.bytes);
  EXPECT_EQ(count_rule(report, "rle.short-row"), 1u) << describe(report);
  EXPECT_NE(find_finding(report, "extent.shared-pixels"), nullptr) << describe(report);
}

TEST(RleRules, CommandBudget) {
  CheckOptions options;
  options.limits[BudgetKind::rle_commands] = 3;
  const FileReport report = check(rle_spec(4, exact_rows), options);
  const Finding* finding = find_finding(report, "budget.exceeded");
  ASSERT_NE(finding, nullptr) << describe(report);
  EXPECT_TRUE(mentions(finding, "'rle_commands'")) << finding->message;
  EXPECT_EQ(report.verdict, Verdict::rejected);
}

TEST(RleRules, BehindANegativeEntryCountRowsAreForensicsOnly) {
  auto spec = rle_spec(4, {"04 01 02", "0C 01 02 03 04"});
  spec.entry_count_word = 0xFFFF0001;  // low 16 bits 0x0001: loaded
  EXPECT_EQ(find_finding(check(spec), "rle.short-row")->retail, Retail::garbage);
  auto built = builder::build_gaf(spec);
  built.put_u16(4, 0x8001);  // bit 15: the game loads nothing; gafcheck walks one slot
  const FileReport report = check(built.bytes);
  const Finding* finding = find_finding(report, "rle.short-row");
  ASSERT_NE(finding, nullptr) << describe(report);
  EXPECT_EQ(finding->retail, Retail::dropped);
}

}  // namespace
}  // namespace gafcheck::testing
