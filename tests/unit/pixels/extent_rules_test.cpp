// The byte-extent map (docs/format/gaf.md §5). With simple_spec(): header 0..12, entry
// table 12..16, entry 16..56, frame table 56..64, frame header 64..88, raw pixels 88..104 (the
// whole file).
#include <algorithm>
#include <random>

#include "tests/support/check_helpers.hpp"
#include "validator/pixels/extent_map.hpp"

namespace gafcheck::testing {
namespace {

using pixels::Extent;
using pixels::ExtentKind;

// Entry with frames a (4x4 raw, pixels at 120) and b, whose data pointer is set by the test.
builder::BuiltFile two_frames(std::uint16_t b_height, std::uint32_t b_data_from_a) {
  auto spec = simple_spec();
  spec.frames.push_back({.id = "b", .height = b_height, .data = std::vector<std::uint8_t>{}});
  spec.entries[0].frames.push_back({"b", 1, std::nullopt});
  auto built = builder::build_gaf(spec);
  built.put_u32(built.at("frame:b") + 16,
                static_cast<std::uint32_t>(built.at("frame:a/data")) + b_data_from_a);
  return built;
}

TEST(ExtentRules, TidyFileIsFullyClaimed) {
  const FileReport report = check(simple_spec());
  for (const char* rule :
       {"extent.shared-pixels", "extent.overlap", "extent.overlaps-structure", "extent.slack"})
    EXPECT_NO_FINDING(report, rule);
  EXPECT_EQ(report.summary.get("coverage.claimed"), 104u);
  EXPECT_EQ(report.summary.get("coverage.slack"), 0u);
  EXPECT_EQ(report.summary.get("coverage.extents"), 6u);
}

TEST(ExtentRules, IdenticalPixelExtentsAreShared) {
  const FileReport report = check(two_frames(4, 0).bytes);
  EXPECT_FINDING(report, "extent.shared-pixels", 120, "entry[0]/frame[0]");
  const Finding* finding = find_finding(report, "extent.shared-pixels");
  EXPECT_EQ(finding->length, 16u);
  EXPECT_NE(finding->message.find("used by 2 frame headers (entry[0]/frame[0], entry[0]/frame[1])"),
            std::string::npos)
      << finding->message;
  EXPECT_NO_FINDING(report, "extent.overlap");
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
}

TEST(ExtentRules, PartlyOverlappingPixelExtents) {
  const FileReport report = check(two_frames(2, 4).bytes);
  EXPECT_FINDING(report, "extent.overlap", 124, "entry[0]/frame[1]");
  EXPECT_EQ(find_finding(report, "extent.overlap")->length, 8u);
  EXPECT_NO_FINDING(report, "extent.shared-pixels");
}

TEST(ExtentRules, PixelsOverAFrameHeader) {
  auto built = builder::build_gaf(simple_spec());
  built.put_u32(64 + 16, 64);  // frame a draws its own header
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "extent.overlaps-structure", 64, "entry[0]/frame[0]");
  const Finding* finding = find_finding(report, "extent.overlaps-structure");
  EXPECT_EQ(finding->length, 16u);
  EXPECT_NE(finding->message.find("frame header entry[0]/frame[0]"), std::string::npos)
      << finding->message;
  EXPECT_NE(finding->message.find("rewrites that structure's pointers"), std::string::npos);
  // Its own 16 bytes of pixels are now unclaimed.
  EXPECT_FINDING(report, "extent.slack", 88, "");
}

TEST(ExtentRules, PixelsStartingInsideAFrameTable) {
  auto built = builder::build_gaf(simple_spec());
  built.put_u32(64 + 16, 60);  // pixels 60..76 start in the frame table and run into the header
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "extent.overlaps-structure", 60, "entry[0]/frame[0]");
  EXPECT_NE(find_finding(report, "extent.overlaps-structure")->message.find("frame table"),
            std::string::npos);
}

TEST(ExtentRules, TrailingBytesAreSlackWithAHexdump) {
  auto bytes = builder::build_gaf(simple_spec()).bytes;
  bytes.insert(bytes.end(), {0x50, 0x4B, 0x03, 0x04, 0x14, 0x00});
  const FileReport report = check(bytes);
  EXPECT_FINDING(report, "extent.slack", 104, "");
  const Finding* finding = find_finding(report, "extent.slack");
  EXPECT_EQ(finding->length, 6u);
  EXPECT_NE(finding->message.find("50 4B 03 04 14 00"), std::string::npos) << finding->message;
  EXPECT_EQ(report.summary.get("coverage.slack"), 6u);
  EXPECT_EQ(report.summary.get("coverage.claimed"), 104u);
}

TEST(ExtentRules, AlignmentPaddingIsNotSlack) {
  auto bytes = builder::build_gaf(simple_spec()).bytes;
  bytes.insert(bytes.end(), {0, 0, 0});
  const FileReport report = check(bytes);
  EXPECT_NO_FINDING(report, "extent.slack");
  EXPECT_EQ(report.summary.get("coverage.slack"), 0u);
}

TEST(ExtentRules, RleExtentEndsWhereTheLastRowEnds) {
  auto spec = simple_spec();
  spec.frames[0].compressed = 1;
  spec.frames[0].rle_rows = std::vector<std::vector<std::uint8_t>>{
      {0x0C, 1, 2, 3, 4}, {0x09}, {}, {0x0E, 7}};  // 7 + 3 + 2 + 4 bytes
  auto bytes = builder::build_gaf(spec).bytes;
  bytes.insert(bytes.end(), {0xDE, 0xAD, 0xBE, 0xEF});
  const FileReport report = check(bytes);
  EXPECT_FINDING(report, "extent.slack", 88 + 16, "");
  EXPECT_EQ(report.summary.get("coverage.claimed"), 88u + 16);
}

// Brute force over a byte array, for comparison with the sweep on small random layouts.
TEST(ExtentMap, AgreesWithAPerByteMapOnRandomLayouts) {
  std::mt19937 random(12345);
  for (int round = 0; round < 300; ++round) {
    const std::uint64_t size = 40 + random() % 60;
    std::vector<Extent> extents;
    const int count = 1 + static_cast<int>(random() % 8);
    for (int i = 0; i < count; ++i) {
      const auto kind = static_cast<ExtentKind>(random() % 8);
      extents.push_back({random() % size, 1 + random() % 20, kind, static_cast<std::uint32_t>(i)});
    }
    if (random() % 3 == 0) extents.push_back(extents[random() % extents.size()]);
    const pixels::ExtentMap map = pixels::map_extents(extents, size);

    std::vector<int> owners(size, 0);
    for (const Extent& e : map.sorted)
      for (std::uint64_t b = e.offset; b < e.end(); ++b) ++owners[b];
    const auto claimed = static_cast<std::uint64_t>(
        std::count_if(owners.begin(), owners.end(), [](int n) { return n > 0; }));
    EXPECT_EQ(map.claimed, claimed);
    std::uint64_t slack = 0;
    for (std::uint64_t b = 0; b < size;) {
      std::uint64_t run = 0;
      while (b + run < size && owners[b + run] == 0) ++run;
      if (run >= pixels::min_slack) slack += run;
      b += run ? run : 1;
    }
    EXPECT_EQ(map.slack_bytes, slack);

    // Every distinct pixel extent meeting a structure is reported once; none that does not.
    for (std::size_t i = 0; i < map.sorted.size(); ++i) {
      const Extent& p = map.sorted[i];
      if (!pixels::is_pixels(p.kind)) continue;
      if (i > 0 && pixels::is_pixels(map.sorted[i - 1].kind) &&
          map.sorted[i - 1].offset == p.offset && map.sorted[i - 1].length == p.length)
        continue;
      const bool meets = std::any_of(map.sorted.begin(), map.sorted.end(), [&](const Extent& s) {
        return !pixels::is_pixels(s.kind) && s.offset < p.end() && p.offset < s.end();
      });
      const auto reported =
          std::count_if(map.structure_overlaps.begin(), map.structure_overlaps.end(),
                        [&](const pixels::ExtentOverlap& o) { return o.pixels == i; });
      EXPECT_EQ(reported, meets ? 1 : 0) << "round " << round;
      for (const auto& o : map.structure_overlaps) {
        const Extent& s = map.sorted[o.other];
        EXPECT_TRUE(s.offset < map.sorted[o.pixels].end() && map.sorted[o.pixels].offset < s.end());
      }
    }
  }
}

TEST(ExtentMap, SharedGroupsAndClipping) {
  const pixels::ExtentMap map = pixels::map_extents({{10, 8, ExtentKind::raw_pixels, 0},
                                                     {10, 8, ExtentKind::raw_pixels, 1},
                                                     {10, 8, ExtentKind::rle_rows, 2},
                                                     {30, 100, ExtentKind::raw_pixels, 3},
                                                     {200, 5, ExtentKind::raw_pixels, 4}},
                                                    40);
  ASSERT_EQ(map.shared.size(), 1u);
  EXPECT_EQ(map.shared[0].count, 3u);
  EXPECT_EQ(map.sorted.size(), 4u);  // the extent past the end is dropped, the long one clipped
  EXPECT_EQ(map.sorted.back().length, 10u);
  EXPECT_TRUE(map.pixel_overlaps.empty());
  ASSERT_EQ(map.slack.size(), 2u);  // 0..10 and 18..30; the clipped extent reaches the end
  EXPECT_EQ(map.slack[0].length, 10u);
}

}  // namespace
}  // namespace gafcheck::testing
