// Re-encoding as identify's basis: GafExplode's row encoder makes the choices its source makes
// (each case one of them), and a file gafcheck rebuild wrote is named as gafcheck's own.
#include "validator/provenance/rle_reencode.hpp"

#include <gtest/gtest.h>

#include "corpus/builder/gaf_builder.hpp"
#include "validator/core/walk_context.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/provenance/identify.hpp"
#include "validator/provenance/row_encoders.hpp"
#include "validator/rebuild/rebuild_file.hpp"

namespace gafcheck::provenance {
namespace {

constexpr std::uint8_t key = 9;

std::vector<std::uint8_t> gafexplode_row(const std::vector<std::uint8_t>& pixels) {
  std::vector<std::uint8_t> out;
  encode_row_as_gafexplode(pixels, key, out);
  return out;
}

TEST(GafExplodeRowEncoder, RowOfOnlyTheKeyIsEmpty) {
  EXPECT_TRUE(gafexplode_row({key, key, key}).empty());
  EXPECT_TRUE(gafexplode_row({}).empty());
}

TEST(GafExplodeRowEncoder, TwoEqualPixelsOnTheirOwnAreARepeat) {
  EXPECT_EQ(gafexplode_row({1, 1}), (std::vector<std::uint8_t>{0x06, 1}));
}

TEST(GafExplodeRowEncoder, TwoEqualPixelsAfterALiteralJoinIt) {
  EXPECT_EQ(gafexplode_row({1, 2, 2}), (std::vector<std::uint8_t>{0x08, 1, 2, 2}));
}

TEST(GafExplodeRowEncoder, RepeatsAreCutAtSixtyFour) {
  EXPECT_EQ(gafexplode_row(std::vector<std::uint8_t>(70, 1)),
            (std::vector<std::uint8_t>{0xFE, 1, 0x16, 1}));
  // One pixel left over from a repeat starts a literal.
  EXPECT_EQ(gafexplode_row(std::vector<std::uint8_t>(65, 1)),
            (std::vector<std::uint8_t>{0xFE, 1, 0x00, 1}));
}

TEST(GafExplodeRowEncoder, SkipsAreCutAt127AndTrailingKeysAreSkipped) {
  std::vector<std::uint8_t> row(130, key);
  row.push_back(4);
  row.push_back(key);
  EXPECT_EQ(gafexplode_row(row), (std::vector<std::uint8_t>{0xFF, 0x07, 0x00, 4, 0x03}));
}

TEST(GafExplodeRowEncoder, LiteralsAreCutAtSixtyFour) {
  std::vector<std::uint8_t> row;
  for (int i = 0; i < 66; ++i) row.push_back(static_cast<std::uint8_t>(10 + i % 2));
  const auto out = gafexplode_row(row);
  ASSERT_EQ(out.size(), 1u + 64 + 1 + 2);
  EXPECT_EQ(out[0], 0xFC);
  EXPECT_EQ(out[65], 0x04);
}

std::vector<std::uint8_t> kbot_io_row(const std::vector<std::uint8_t>& pixels) {
  std::vector<std::uint8_t> out;
  encode_row_as_kbot_io(pixels, key, out);
  return out;
}

TEST(KbotIoRowEncoder, RowOfOnlyTheKeyIsSkipped) {
  EXPECT_EQ(kbot_io_row({key, key, key}), (std::vector<std::uint8_t>{0x07}));
  std::vector<std::uint8_t> wide(130, key);
  EXPECT_EQ(kbot_io_row(wide), (std::vector<std::uint8_t>{0xFF, 0x07}));
}

TEST(KbotIoRowEncoder, TwoEqualPixelsAreALiteral) {
  EXPECT_EQ(kbot_io_row({1, 1}), (std::vector<std::uint8_t>{0x04, 1, 1}));
}

TEST(KbotIoRowEncoder, RepeatsAreCutAtSixtyThree) {
  EXPECT_EQ(kbot_io_row(std::vector<std::uint8_t>(70, 1)),
            (std::vector<std::uint8_t>{0xFA, 1, 0x1A, 1}));
}

TEST(KbotIoRowEncoder, ALiteralEndsWhereARunOfThreeStarts) {
  EXPECT_EQ(kbot_io_row({1, 2, 3, 3, 3}), (std::vector<std::uint8_t>{0x04, 1, 2, 0x0A, 3}));
}

// A sprite whose rows neither encoder writes as the builder stores them: a ragged ellipse.
builder::GafSpec ellipse_sprite() {
  builder::GafSpec spec;
  builder::FrameSpec frame{.id = "f", .width = 40, .height = 12, .compressed = 1};
  std::vector<std::vector<std::uint8_t>> rows;
  for (int y = 0; y < 12; ++y) {
    std::vector<int> row(40, -1);  // the builder's transparent pixel
    for (int x = 0; x < 40; ++x)
      if ((x - 20) * (x - 20) / 4 + (y - 6) * (y - 6) * 3 < 90) row[x] = 30 + (x * y) % 5;
    rows.push_back(builder::encode_rle_row(row));
  }
  frame.rle_rows = rows;
  spec.frames.push_back(frame);
  spec.entries.push_back({.name = "ELLIPSE", .frames = {{"f", 1}}});
  return spec;
}

TEST(RleReencode, ARebuiltFileIsGafchecksOwn) {
  const auto original = builder::build_gaf(ellipse_sprite()).bytes;
  const rebuild::RebuildResult rebuilt =
      rebuild::rebuild_sprite_file(ByteView(original.data(), original.size()), "e.gaf", {});
  ASSERT_FALSE(rebuilt.refused);
  const WriterIdentity identity =
      identify_writer(ByteView(rebuilt.bytes.data(), rebuilt.bytes.size()));
  EXPECT_EQ(identity.tool, "gafcheck rebuild") << ::testing::PrintToString(identity.basis);
  EXPECT_EQ(identity.confidence, "certain");
  EXPECT_NE(
      std::find(identity.basis.begin(), identity.basis.end(), "gaf.rle-rows-as-gafcheck = yes"),
      identity.basis.end());
}

TEST(RleReencode, APixelBudgetBelowOneRowLeavesTheEncodersUnchecked) {
  const auto bytes = builder::build_gaf(ellipse_sprite()).bytes;
  StructureOnlyWalk walk(ByteView(bytes.data(), bytes.size()), BudgetLimits{});
  const gaf::GafIndex index = gaf::read_gaf_structure(walk.context());
  const ByteView file(bytes.data(), bytes.size());
  EXPECT_EQ(reencode_rle_rows(file, index, 40 - 1).well_formed, Reencoding::not_checked);
  EXPECT_EQ(reencode_rle_rows(file, index, 40).well_formed, Reencoding::matches);
}

// Only a sample of rows is decoded: a short row past the first 4,096 pixels, which no encoder
// writes, leaves the answer as the sample gave it (within the sample it would be `differs`).
TEST(RleReencode, RowsPastTheSampleAreNotReEncoded) {
  builder::GafSpec spec = ellipse_sprite();
  builder::FrameSpec& frame = spec.frames[0];
  frame.height = 120;  // 4,800 pixels: rows 103 on lie past the sample
  auto rows = *frame.rle_rows;
  while (rows.size() < 120) rows.push_back(builder::encode_rle_row(std::vector<int>(40, -1)));
  rows.back() = {0x05};  // a skip of 2 in a row of 40: short
  frame.rle_rows = rows;
  const auto bytes = builder::build_gaf(spec).bytes;
  StructureOnlyWalk walk(ByteView(bytes.data(), bytes.size()), BudgetLimits{});
  const gaf::GafIndex index = gaf::read_gaf_structure(walk.context());
  const Reencodings sampled = reencode_rle_rows(ByteView(bytes.data(), bytes.size()), index,
                                                BudgetLimits{}[BudgetKind::pixels]);
  EXPECT_EQ(sampled.well_formed, Reencoding::matches);
}

}  // namespace
}  // namespace gafcheck::provenance
