// The RLE walker on hand-made bytes (docs/format/gaf.md §3.2): both policies, the pixels each
// produces, the retail read-through of short rows against hand-computed expectations, and its
// bounds.
#include <gtest/gtest.h>

#include <vector>

#include "corpus/builder/recipe.hpp"
#include "validator/pixels/rle_decode.hpp"
#include "validator/pixels/rle_walker.hpp"

namespace gafcheck::pixels {
namespace {

constexpr int clear = -1;  // a pixel no command drew

struct Recorder : RleIssueSink {
  std::vector<RowIssue> issues;
  void on_issue(const RowIssue& issue) override { issues.push_back(issue); }
  const RowIssue* find(RleIssueKind kind) const {
    for (const RowIssue& issue : issues)
      if (issue.kind == kind) return &issue;
    return nullptr;
  }
};

struct Rendered {
  RleWalkResult result;
  std::vector<int> pixels;  // palette index, or clear
  Recorder issues;
};

Rendered render(const std::vector<std::uint8_t>& bytes, RleFrame frame, RlePolicy policy,
                std::uint64_t max_commands = UINT64_MAX) {
  Rendered out;
  const std::size_t plane = std::size_t{frame.width} * frame.height;
  std::vector<std::uint8_t> pixels(plane, 0xEE), coverage(plane, 0);
  RleWalkOptions options;
  options.policy = policy;
  options.max_commands = max_commands;
  options.pixels = pixels;
  options.coverage = coverage;
  options.sink = &out.issues;
  out.result = walk_rle(ByteView(bytes.data(), bytes.size()), frame, options);
  for (std::size_t i = 0; i < plane; ++i) out.pixels.push_back(coverage[i] ? pixels[i] : clear);
  return out;
}

std::vector<std::uint8_t> hex(const char* text) {
  return builder::parse_hex_bytes(text);
}

// Row 0 (count 2) ends after one literal pixel; row 1 (count 3) is a 3-px repeat of 5 and a
// 2-px repeat whose value byte lies after the payload; two more bytes follow the frame.
const char* const short_rows = "02 00  00 07   03 00  0A 05 06   09 FF";

TEST(RleWalker, RetailShortRowKeepsDecodingTheNextRowsBytes) {
  // Row 0 continues into row 1's count word: 0x03 skips 1 px, 0x00 is a 1-px literal that copies
  // row 1's first payload byte 0x0A, and 0x05 (a 2-px skip) is clamped to the last pixel.
  // Row 1 still starts at 0 + 2 + 2; its repeat without a value byte takes 0x09 from after the
  // payload, clamped to 1 px.
  const Rendered out = render(hex(short_rows), {0, 4, 2}, RlePolicy::retail);
  EXPECT_EQ(out.pixels, (std::vector<int>{7, clear, 0x0A, clear, 5, 5, 5, 9}));
  EXPECT_EQ(out.result.stop, RleWalkStop::complete);
  EXPECT_EQ(out.result.rows_walked, 2u);
  EXPECT_EQ(out.result.end, 9u);
  EXPECT_TRUE(out.issues.issues.empty()) << "retail reports only reads past the end of the file";
}

TEST(RleWalker, StrictShortRowDrawsOnlyItsPayloadAndSaysWhatRetailReads) {
  const Rendered out = render(hex(short_rows), {0, 4, 2}, RlePolicy::strict);
  EXPECT_EQ(out.pixels, (std::vector<int>{7, clear, clear, clear, 5, 5, 5, clear}));
  const RowIssue* short_row = out.issues.find(RleIssueKind::short_row);
  ASSERT_NE(short_row, nullptr);
  EXPECT_EQ(short_row->row, 0u);
  EXPECT_EQ(short_row->column, 1u);
  EXPECT_EQ(short_row->offset, 0u);
  EXPECT_TRUE(short_row->read_through.completes);
  EXPECT_EQ(short_row->read_through.bytes_after, 4u);  // 03 00 0A 05

  const RowIssue* truncated = out.issues.find(RleIssueKind::truncated_command);
  ASSERT_NE(truncated, nullptr);
  EXPECT_EQ(truncated->row, 1u);
  EXPECT_EQ(truncated->column, 3u);
  EXPECT_EQ(truncated->offset, 8u);
  EXPECT_EQ(truncated->command, 0x06);
  EXPECT_EQ(truncated->read_through.bytes_after, 1u);
  EXPECT_EQ(out.issues.find(RleIssueKind::reads_past_eof), nullptr);
  EXPECT_EQ(out.result.issue_rows, 2u);
}

TEST(RleWalker, ExactRowsDecodeAlikeUnderBothPolicies) {
  // 2-px skip, 2-px literal (3 4); then a 3-px repeat of 8 and a 1-px literal (9).
  const auto bytes = hex("04 00  05 04 03 04   04 00  0A 08 00 09");
  for (RlePolicy policy : {RlePolicy::strict, RlePolicy::retail}) {
    const Rendered out = render(bytes, {0, 4, 2}, policy);
    EXPECT_EQ(out.pixels, (std::vector<int>{clear, clear, 3, 4, 8, 8, 8, 9}));
    EXPECT_TRUE(out.issues.issues.empty());
    EXPECT_EQ(out.result.end, bytes.size());
    EXPECT_EQ(out.result.payload_bytes, 8u);
  }
}

TEST(RleWalker, CountZeroRowsStayTransparent) {
  const Rendered out = render(hex("00 00  02 00 06 02"), {0, 2, 2}, RlePolicy::retail);
  EXPECT_EQ(out.pixels, (std::vector<int>{clear, clear, 2, 2}));
}

TEST(RleWalker, OverrunIsClampedAndALiteralSkipsItsWholeSource) {
  // A 6-px literal in a 4-px row: drawn as 4, and the payload is consumed exactly.
  const Rendered out = render(hex("07 00 14 01 02 03 04 05 06"), {0, 4, 1}, RlePolicy::strict);
  EXPECT_EQ(out.pixels, (std::vector<int>{1, 2, 3, 4}));
  ASSERT_EQ(out.issues.issues.size(), 1u);
  const RowIssue& overrun = out.issues.issues[0];
  EXPECT_EQ(overrun.kind, RleIssueKind::overrun);
  EXPECT_EQ(overrun.run, 6u);
  EXPECT_EQ(overrun.clamped_run, 4u);
  EXPECT_EQ(overrun.length, 7u);
}

TEST(RleWalker, ClampedLiteralShortOfItsAuthoredBytesNeedsNothingMore) {
  // 0x14 = 6-px literal with 4 bytes in the payload: strict calls it truncated, but the game
  // draws only the 4 px left in the row and reads nothing after the payload.
  const Rendered out = render(hex("05 00 14 01 02 03 04"), {0, 4, 1}, RlePolicy::strict);
  EXPECT_EQ(out.pixels, (std::vector<int>{1, 2, 3, 4}));
  const RowIssue* truncated = out.issues.find(RleIssueKind::truncated_command);
  ASSERT_NE(truncated, nullptr);
  EXPECT_FALSE(truncated->read_through.needed);
  EXPECT_NE(out.issues.find(RleIssueKind::overrun), nullptr);
  EXPECT_EQ(out.issues.find(RleIssueKind::unused_payload), nullptr);
}

TEST(RleWalker, ShortFinalRowAtTheEndOfTheFileReadsAtLeastOneUnknownByte) {
  const Rendered out = render(hex("03 00 04 01 02"), {0, 4, 1}, RlePolicy::retail);
  const RowIssue* past = out.issues.find(RleIssueKind::reads_past_eof);
  ASSERT_NE(past, nullptr);
  EXPECT_EQ(past->row, 0u);
  EXPECT_EQ(past->column, 2u);
  EXPECT_EQ(past->read_through.eof_bytes, 1u);
  EXPECT_FALSE(past->read_through.eof_bytes_exact);
  EXPECT_EQ(past->read_through.pixels_missing_at_eof, 2u);
  EXPECT_EQ(out.pixels, (std::vector<int>{1, 2, clear, clear}));
}

TEST(RleWalker, CutLiteralInTheFinalRowReadsAnExactNumberOfBytesPastTheEnd) {
  // The last row is a 4-px literal with one of its bytes in the file: the game reads exactly the
  // 3 missing bytes past the end, and they finish the row.
  for (RlePolicy policy : {RlePolicy::strict, RlePolicy::retail}) {
    const Rendered out = render(hex("02 00 0C 01"), {0, 4, 1}, policy);
    const RowIssue* past = out.issues.find(RleIssueKind::reads_past_eof);
    ASSERT_NE(past, nullptr);
    EXPECT_EQ(past->read_through.eof_bytes, 3u);
    EXPECT_TRUE(past->read_through.eof_bytes_exact);
    EXPECT_EQ(past->column, 0u);
  }
}

TEST(RleWalker, ShortRowRunningIntoTrailingBytesCountsTheBytesPastTheEnd) {
  // Row 0 ends at 2/4 px; the 2 bytes after it start a 4-px literal clamped to 2 px with one
  // byte in the file: exactly 1 byte is read past the end.
  const Rendered out = render(hex("03 00 04 01 02  0C 09"), {0, 4, 1}, RlePolicy::strict);
  const RowIssue* short_row = out.issues.find(RleIssueKind::short_row);
  ASSERT_NE(short_row, nullptr);
  EXPECT_TRUE(short_row->read_through.past_eof);
  EXPECT_EQ(short_row->read_through.bytes_after, 2u);
  EXPECT_EQ(short_row->read_through.eof_bytes, 1u);
  EXPECT_TRUE(short_row->read_through.eof_bytes_exact);
  ASSERT_NE(out.issues.find(RleIssueKind::reads_past_eof), nullptr);
}

TEST(RleWalker, StrictStopsAtARowOutsideTheFile) {
  const Rendered out = render(hex("02 00 06 05  09 00 0C"), {0, 2, 3}, RlePolicy::strict);
  EXPECT_EQ(out.result.stop, RleWalkStop::out_of_bounds);
  const RowIssue* outside = out.issues.find(RleIssueKind::row_out_of_bounds);
  ASSERT_NE(outside, nullptr);
  EXPECT_EQ(outside->row, 1u);
  EXPECT_EQ(outside->offset, 4u);
  EXPECT_EQ(out.result.end, 7u);
}

TEST(RleWalker, RetailReportsACountWordPastTheEnd) {
  const Rendered out = render(hex("02 00 06 05  02"), {0, 2, 2}, RlePolicy::retail);
  EXPECT_EQ(out.result.stop, RleWalkStop::out_of_bounds);
  const RowIssue* past = out.issues.find(RleIssueKind::reads_past_eof);
  ASSERT_NE(past, nullptr);
  EXPECT_EQ(past->row, 1u);
  EXPECT_EQ(past->read_through.eof_bytes, 1u);
}

TEST(RleWalker, CommandBudgetStopsTheWalk) {
  const Rendered out =
      render(hex("04 00  05 04 03 04   04 00  0A 08 00 09"), {0, 4, 2}, RlePolicy::strict, 4);
  EXPECT_EQ(out.result.stop, RleWalkStop::budget);
  EXPECT_LE(out.result.commands, 4u);
}

TEST(RleWalker, ZeroSkipFloodIsBoundedByTheBudget) {
  // Every row is 257 zero-length skips and reads through the rest of the file: without the
  // command budget the emulation would be quadratic in the file size.
  const std::vector<std::uint8_t> bytes(259 * 2000, 0x01);
  const Rendered out = render(bytes, {0, 8, 2000}, RlePolicy::strict, 1'000'000);
  EXPECT_EQ(out.result.stop, RleWalkStop::budget);
  EXPECT_LE(out.result.commands, 1'000'000u);
}

TEST(RleWalker, WrongSizedPlanesAreNotWritten) {
  std::vector<std::uint8_t> small(3, 0xEE);
  RleWalkOptions options;
  options.policy = RlePolicy::retail;
  options.pixels = small;
  const auto bytes = hex("03 00 0A 05 06");
  walk_rle(ByteView(bytes.data(), bytes.size()), {0, 4, 1}, options);
  EXPECT_EQ(small, std::vector<std::uint8_t>(3, 0xEE));
}

// The drawing path's short stores: every length writes exactly its bytes, none around them.
TEST(RleWalker, RunWritesCoverExactlyTheirPixels) {
  std::vector<std::uint8_t> source(64);
  for (std::size_t i = 0; i < source.size(); ++i) source[i] = static_cast<std::uint8_t>(100 + i);
  for (std::uint32_t n = 0; n <= 40; ++n) {
    std::vector<std::uint8_t> filled(64, 0xEE), copied(64, 0xEE);
    detail::fill_run(filled.data() + 8, 7, n);
    detail::copy_run(copied.data() + 8, source.data(), n);
    for (std::uint32_t i = 0; i < 64; ++i) {
      const bool inside = i >= 8 && i < 8 + n;
      ASSERT_EQ(filled[i], inside ? 7 : 0xEE) << "fill of " << n << " at " << i;
      ASSERT_EQ(copied[i], inside ? source[i - 8] : 0xEE) << "copy of " << n << " at " << i;
    }
  }
}

}  // namespace
}  // namespace gafcheck::pixels
