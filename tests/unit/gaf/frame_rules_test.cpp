// Frame and layer rules (docs/format/gaf.md §3). With simple_spec(): entry[0]'s frame table at 56
// (reference 0: pointer at 56, duration at 60), frame "a" at 64, pixels at 88.
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

builder::GafSpec composite_spec() {
  builder::GafSpec spec;
  spec.entries.push_back({.name = "COMP", .frames = {{"top", 1, std::nullopt}}});
  spec.frames.push_back({.id = "top", .width = 8, .height = 8, .children = {"a", "b", "c"}});
  spec.frames.push_back({.id = "a"});
  spec.frames.push_back({.id = "b"});
  spec.frames.push_back({.id = "c"});
  return spec;
}

TEST(FrameRules, HeaderPointerOutsideTheFile) {
  auto spec = simple_spec();
  spec.entries[0].frames[0].header_offset = 0xFFFFFFF0;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "frame.out-of-bounds", 56, "entry[0]/frame[0]");
  EXPECT_EQ(report.retail, Retail::crash);
}

TEST(FrameRules, RawPixelsRunningPastTheEnd) {
  auto bytes = builder::build_gaf(simple_spec()).bytes;
  bytes.resize(bytes.size() - 1);
  const FileReport report = check(bytes);
  EXPECT_FINDING(report, "frame.out-of-bounds", 64 + 16, "entry[0]/frame[0]");
  EXPECT_NE(find_finding(report, "frame.out-of-bounds")->message.find("4x4"), std::string::npos);
}

TEST(FrameRules, LayerTableRunningPastTheEnd) {
  auto spec = composite_spec();
  spec.frames[0].layer_count = 250;
  const FileReport report = check(spec);
  // entry at 16 (48 bytes), frame "top" at 64.
  EXPECT_FINDING(report, "frame.out-of-bounds", 64 + 16, "entry[0]/frame[0]");
}

TEST(FrameRules, InBoundsFramesHaveNoBoundsFinding) {
  EXPECT_NO_FINDING(check(simple_spec()), "frame.out-of-bounds");
  EXPECT_NO_FINDING(check(composite_spec()), "frame.out-of-bounds");
}

TEST(FrameRules, HeaderReachedTwiceIsShared) {
  auto spec = simple_spec();
  spec.entries[0].frames.push_back({"a", 1, std::nullopt});
  const FileReport report = check(spec);
  // Frame table now has two references (56..72), so frame "a" sits at 72.
  EXPECT_FINDING(report, "frame.header-shared", 72, "entry[0]/frame[0]");
  EXPECT_NE(find_finding(report, "frame.header-shared")->message.find("entry[0]/frame[1]"),
            std::string::npos);
}

// The reader keeps the paths of a header's first two reaches only (and builds no others).
TEST(FrameRules, HeaderReachedThreeTimesNamesItsFirstTwoReaches) {
  auto spec = simple_spec();
  spec.entries[0].frames.push_back({"a", 1, std::nullopt});
  spec.entries[0].frames.push_back({"a", 1, std::nullopt});
  const FileReport report = check(spec);
  // Three references (56..80), so frame "a" sits at 80.
  EXPECT_FINDING(report, "frame.header-shared", 80, "entry[0]/frame[0]");
  const std::string& message = find_finding(report, "frame.header-shared")->message;
  EXPECT_NE(message.find("reached 3 times (entry[0]/frame[0], entry[0]/frame[1], ...)"),
            std::string::npos)
      << message;
  EXPECT_EQ(message.find("entry[0]/frame[2]"), std::string::npos) << message;
}

TEST(FrameRules, SharedPixelsAreNotSharedHeaders) {
  auto spec = simple_spec();
  spec.frames.push_back({.id = "b", .data_offset = 0});
  spec.entries[0].frames.push_back({"b", 1, std::nullopt});
  auto built = builder::build_gaf(spec);
  built.put_u32(built.at("frame:b") + 16, static_cast<std::uint32_t>(built.at("frame:a/data")));
  EXPECT_NO_FINDING(check(built.bytes), "frame.header-shared");
}

TEST(FrameRules, ZeroSizeFrame) {
  auto spec = simple_spec();
  spec.frames[0].width = 0;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "frame.empty", 64, "entry[0]/frame[0]");
  EXPECT_NO_FINDING(check(simple_spec()), "frame.empty");
}

TEST(FrameRules, CompressionByteOtherThanZeroOrOne) {
  auto spec = simple_spec();
  spec.frames[0].compressed = 7;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "frame.compression-nonstandard", 64 + 9, "entry[0]/frame[0]");
  EXPECT_EQ(report.summary.get("rle_leaves"), 1u);
  auto rle = simple_spec();
  rle.frames[0].compressed = 1;
  EXPECT_NO_FINDING(check(rle), "frame.compression-nonstandard");
}

TEST(FrameRules, DurationZero) {
  auto spec = simple_spec();
  spec.entries[0].frames[0].duration = 0;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "frame.duration-zero", 60, "entry[0]/frame[0]");
  EXPECT_EQ(report.verdict, Verdict::clean);
}

TEST(FrameRules, DurationAboveSixteenBits) {
  auto spec = simple_spec();
  spec.entries[0].frames[0].duration = 0x00010003;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "frame.duration-high-bits", 60, "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "frame.duration-zero");
}

TEST(FrameRules, OrdinaryDurationsHaveNoFinding) {
  const FileReport report = check(simple_spec());
  EXPECT_NO_FINDING(report, "frame.duration-zero");
  EXPECT_NO_FINDING(report, "frame.duration-high-bits");
}

TEST(LayerRules, AltByteOnTopLevelFrameIsA256LayerMisread) {
  auto spec = composite_spec();
  spec.frames[0].alt_byte = 3;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "layer.count-misread-256", 64 + 11, "entry[0]/frame[0]");
  EXPECT_NE(find_finding(report, "layer.count-misread-256")
                ->message.find("game reads 3 layers, a 16-bit reader reads 771"),
            std::string::npos);
  EXPECT_NO_FINDING(report, "layer.alt-blend");
}

TEST(LayerRules, AltByteOnSubframeSelectsTheBlendPath) {
  auto spec = composite_spec();
  spec.frames[2].alt_byte = 1;  // "b", the second frame header after "top": 64 + 24 * 2
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "layer.alt-blend", 64 + 48 + 11, "entry[0]/frame[0]/layer[1]");
  EXPECT_NO_FINDING(report, "layer.count-misread-256");
}

TEST(LayerRules, ZeroAltBytesHaveNoLayerFinding) {
  const FileReport report = check(composite_spec());
  EXPECT_NO_FINDING(report, "layer.alt-blend");
  EXPECT_NO_FINDING(report, "layer.count-misread-256");
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_EQ(report.summary.get("composite_frames"), 1u);
  EXPECT_EQ(report.summary.get("subframes"), 3u);
  EXPECT_EQ(report.summary.get("frame_headers"), 4u);
}

}  // namespace
}  // namespace gafcheck::testing
