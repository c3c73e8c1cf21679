// Truecolor TAF rules (docs/format/gaf.md §7). simple_taf_spec() (two 4x4 ARGB1555 frames) lays
// out: header 0..12, sequence table 12..16, sequence at 16 (frame references at 56 and 64), frame
// headers f0 at 72 and f1 at 96, pixels of f0 at 120 and of f1 at 152; 184 bytes in all.
#include "corpus/builder/taf_builder.hpp"
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

using builder::build_taf;
using builder::simple_taf_spec;

constexpr std::uint64_t f0 = 72;
constexpr std::uint64_t f1 = 96;

TEST(TafRules, TidyArgb1555FileIsCleanAndSummarised) {
  const auto bytes = build_taf(simple_taf_spec()).bytes;
  ASSERT_EQ(bytes.size(), 184u);
  const FileReport report = check_taf(bytes);
  EXPECT_EQ(report.format, Format::taf_truecolor);
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_TRUE(report.findings.empty()) << describe(report);
  EXPECT_EQ(report.summary.get("entries"), 1u);
  EXPECT_EQ(report.summary.get("frames"), 2u);
  EXPECT_EQ(report.summary.get("frame_headers"), 2u);
  EXPECT_EQ(report.summary.get("formats.argb1555"), 2u);
  EXPECT_EQ(report.summary.get("formats.argb4444"), 0u);
  EXPECT_EQ(report.summary.get("pixels"), 32u);
  // The default ARGB1555 pattern alternates alpha 0 and 1.
  EXPECT_EQ(report.summary.get("alpha.transparent"), 16u);
  EXPECT_EQ(report.summary.get("alpha.opaque"), 16u);
  EXPECT_EQ(report.summary.get("alpha.soft"), 0u);
  EXPECT_EQ(report.survey.at("taf_widths").at(4), 2u);
}

TEST(TafRules, Argb4444AlphaStatisticsCountSoftPixels) {
  builder::TafSpec spec = simple_taf_spec(4, 1);
  spec.frames[0].width = 3;
  spec.frames[0].height = 2;
  spec.frames[0].pixels = {0x0FFF, 0xF000, 0x7123, 0x1000, 0xFFFF, 0x0000};
  const FileReport report = check_taf(spec);
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_EQ(report.summary.get("formats.argb4444"), 1u);
  EXPECT_EQ(report.summary.get("alpha.transparent"), 2u);
  EXPECT_EQ(report.summary.get("alpha.opaque"), 2u);
  EXPECT_EQ(report.summary.get("alpha.soft"), 2u);
}

TEST(TafRules, ManabombGeometryMatchesTheSeedsByteCount) {
  // manabomb_1555.taf: 10 frames of 50x48, origin 25,24, duration 2: 48,376 bytes.
  builder::TafSpec spec;
  for (int i = 0; i < 10; ++i)
    spec.frames.push_back({.width = 50, .height = 48, .x_offset = 25, .y_offset = 24});
  const auto bytes = build_taf(spec).bytes;
  EXPECT_EQ(bytes.size(), 48'376u);
  const FileReport report = check_taf(bytes);
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_EQ(report.summary.get("pixels"), 24'000u);
}

TEST(TafRules, VersionOtherThanTheGafWordIsNonstandard) {
  auto spec = simple_taf_spec();
  spec.version = 0;
  const FileReport report = check_taf(spec);
  EXPECT_EQ(report.format, Format::taf_truecolor);
  EXPECT_FINDING(report, "header.version-nonstandard", 0, "header/version");
  EXPECT_NO_FINDING(report, "header.version-zero");
}

TEST(TafRules, TwoSequencesAreReported) {
  auto spec = simple_taf_spec();
  spec.sequence_count = 2;
  const FileReport report = check_taf(spec);
  EXPECT_EQ(report.format, Format::taf_truecolor);
  EXPECT_FINDING(report, "taf.sequence-count", 4, "header/sequence_count");
  EXPECT_NE(find_finding(report, "taf.sequence-count")->message.find("is 2"), std::string::npos);
}

TEST(TafRules, OneSequenceHasNoSequenceCountFinding) {
  EXPECT_NO_FINDING(check_taf(simple_taf_spec()), "taf.sequence-count");
}

TEST(TafRules, NoSequenceMeansNoFrames) {
  auto spec = simple_taf_spec();
  spec.sequence_count = 0;
  const FileReport report = check_taf(spec);
  EXPECT_EQ(report.format, Format::taf_truecolor);  // no frame evidence: a .taf is truecolor
  EXPECT_FINDING(report, "taf.sequence-count", 4, "header/sequence_count");
  EXPECT_FINDING(report, "taf.no-frames", 4, "header/sequence_count");
}

// The first sequence has no frame whose format byte could tell, and the header says 2 sequences:
// a truecolor TAF holds exactly one, so the file is paletted (docs/format/gaf.md §7). A rebuilt
// .taf whose first entry lost its frames was read as truecolor before (taf.sequence-count, error).
// The control is SequenceWithoutFramesIsReported: one sequence without frames stays truecolor.
TEST(TafRules, MoreThanOneSequenceWithoutFrameEvidenceIsPaletted) {
  auto spec = simple_taf_spec(5, 0);
  spec.sequence_count = 2;
  const FileReport report = check_taf(spec);
  EXPECT_EQ(report.format, Format::taf_paletted);
  for (const Finding& finding : report.findings)
    EXPECT_NE(rule_name(finding.rule), "taf.sequence-count");
}

TEST(TafRules, SequenceWithoutFramesIsReported) {
  auto spec = simple_taf_spec(5, 0);
  const FileReport report = check_taf(spec);
  EXPECT_EQ(report.format, Format::taf_truecolor);
  EXPECT_FINDING(report, "taf.no-frames", 16, "entry[0]");
  EXPECT_EQ(report.verdict, Verdict::warnings);
}

TEST(TafRules, FramesPresentMeansNoNoFramesFinding) {
  EXPECT_NO_FINDING(check_taf(simple_taf_spec()), "taf.no-frames");
}

TEST(TafRules, ReservedFieldsAreNamed) {
  auto spec = simple_taf_spec();
  spec.reserved = 7;
  spec.unknown1 = 0;
  spec.unknown2 = 5;
  spec.frames[0].transparency = 9;
  spec.frames[0].unknown2 = 1;
  spec.frames[1].unknown3 = 30;
  const FileReport report = check_taf(spec);
  std::map<std::string, std::uint64_t> offsets;
  for (const Finding* finding : find_all(report, "taf.field-nonstandard"))
    offsets[finding->path] = finding->offset;
  const std::map<std::string, std::uint64_t> expected = {
      {"header/unknown", 8},
      {"entry[0]/unknown1", 18},
      {"entry[0]/unknown2", 20},
      {"entry[0]/frame[0]/transparency", 72 + 8},
      {"entry[0]/frame[0]/unknown2", 72 + 12},
      {"entry[0]/frame[1]/unknown3", f1 + 20},
  };
  EXPECT_EQ(offsets, expected) << describe(report);
  EXPECT_EQ(find_finding(report, "taf.field-nonstandard")->severity, Severity::info);
}

TEST(TafRules, StandardReservedFieldsAreSilent) {
  EXPECT_NO_FINDING(check_taf(simple_taf_spec()), "taf.field-nonstandard");
}

TEST(TafRules, LayerCountIsReported) {
  auto spec = simple_taf_spec();
  spec.frames[1].layer_count = 2;
  const FileReport report = check_taf(spec);
  EXPECT_FINDING(report, "taf.layers-nonzero", f1 + 10, "entry[0]/frame[1]");
  EXPECT_NO_FINDING(report, "layer.count-misread-256");
}

TEST(TafRules, ZeroLayersAreSilent) {
  EXPECT_NO_FINDING(check_taf(simple_taf_spec()), "taf.layers-nonzero");
}

TEST(TafRules, UnknownPixelFormatIsReported) {
  auto spec = simple_taf_spec();
  spec.frames[1].format = 7;
  const FileReport report = check_taf(spec);
  EXPECT_EQ(report.format, Format::taf_truecolor);
  EXPECT_FINDING(report, "taf.pixel-format-unknown", f1 + 9, "entry[0]/frame[1]");
  EXPECT_EQ(report.summary.get("formats.other"), 1u);
  EXPECT_EQ(report.summary.get("alpha.opaque"), 8u);  // only frame 0 is decoded
}

TEST(TafRules, FormatsFourAndFiveAreKnown) {
  EXPECT_NO_FINDING(check_taf(simple_taf_spec(4)), "taf.pixel-format-unknown");
  EXPECT_NO_FINDING(check_taf(simple_taf_spec(5)), "taf.pixel-format-unknown");
}

TEST(TafRules, MixedFormatsAreInfo) {
  auto spec = simple_taf_spec(5);
  spec.frames[1].format = 4;
  const FileReport report = check_taf(spec);
  EXPECT_FINDING(report, "taf.mixed-formats", f1 + 9, "entry[0]/frame[1]");
  EXPECT_EQ(report.verdict, Verdict::clean);
  EXPECT_EQ(report.summary.get("formats.argb4444"), 1u);
  EXPECT_EQ(report.summary.get("formats.argb1555"), 1u);
}

TEST(TafRules, OneFormatIsNotMixed) {
  EXPECT_NO_FINDING(check_taf(simple_taf_spec(4)), "taf.mixed-formats");
}

TEST(TafRules, FlagOtherThan00OrFFIsReported) {
  auto spec = simple_taf_spec();
  spec.frames[0].flag = 0xFF;
  spec.frames[1].flag = 0x80;
  const FileReport report = check_taf(spec);
  EXPECT_EQ(count_rule(report, "taf.flag-nonstandard"), 1u) << describe(report);
  EXPECT_FINDING(report, "taf.flag-nonstandard", f1 + 11, "entry[0]/frame[1]");
  EXPECT_NE(find_finding(report, "taf.flag-nonstandard")->message.find("0x80"), std::string::npos);
}

TEST(TafRules, PixelsRunningPastTheEnd) {
  auto bytes = build_taf(simple_taf_spec()).bytes;
  bytes.pop_back();
  const FileReport report = check_taf(bytes);
  EXPECT_FINDING(report, "frame.out-of-bounds", f1 + 16, "entry[0]/frame[1]");
  EXPECT_NE(find_finding(report, "frame.out-of-bounds")->message.find("32 bytes"),
            std::string::npos);
}

TEST(TafRules, FrameHeaderOutsideTheFile) {
  auto built = build_taf(simple_taf_spec());
  built.put_u32(built.at("entry[0]/frames") + 8, 0xFFFFFF00);
  const FileReport report = check_taf(built.bytes);
  EXPECT_EQ(report.format, Format::taf_truecolor);
  EXPECT_FINDING(report, "frame.out-of-bounds", 64, "entry[0]/frame[1]");
}

TEST(TafRules, EmptyFrameIsReported) {
  auto spec = simple_taf_spec();
  spec.frames[1].width = 0;
  const FileReport report = check_taf(spec);
  EXPECT_FINDING(report, "frame.empty", f1, "entry[0]/frame[1]");
}

TEST(TafRules, SequenceNamesFollowTheGafRules) {
  auto spec = simple_taf_spec();
  std::array<std::uint8_t, 32> name{};
  std::copy_n("bluefire", 8, name.begin());
  name[12] = 0xCD;  // uninitialised bytes after the NUL, as in some retail files
  spec.name_bytes = name;
  const FileReport report = check_taf(spec);
  EXPECT_FINDING(report, "entry.name-trailing-bytes", 16 + 8 + 12, "entry[0]/name");
}

TEST(TafRules, FrameHeaderReachedTwiceIsReadOnce) {
  auto built = build_taf(simple_taf_spec());
  built.put_u32(built.at("entry[0]/frames") + 8, static_cast<std::uint32_t>(built.at("frame:f0")));
  const FileReport report = check_taf(built.bytes);
  EXPECT_EQ(report.summary.get("frames"), 2u);
  EXPECT_EQ(report.summary.get("frame_headers"), 1u);
  EXPECT_EQ(report.summary.get("pixels"), 16u);
}

TEST(TafRules, PixelBudgetStopsTheWalk) {
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 20;
  const FileReport report = check_taf(build_taf(simple_taf_spec()).bytes, options);
  EXPECT_FINDING(report, "budget.exceeded", f1, "entry[0]/frame[1]");
  EXPECT_EQ(report.verdict, Verdict::rejected);
}

// Bounds before the pixel budget; a frame past the file charges nothing.
TEST(TafRules, HugeFramePastTheFileIsOutOfBoundsNotABudgetHit) {
  auto built = build_taf(simple_taf_spec());
  built.put_u16(f0, 65535);
  built.put_u16(f0 + 2, 65535);
  built.put_u32(f0 + 16, static_cast<std::uint32_t>(built.bytes.size()));
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 20;  // f1 (16 pixels) still fits
  const FileReport report = check_taf(built.bytes, options);
  EXPECT_FINDING(report, "frame.out-of-bounds", f0 + 16, "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "budget.exceeded");
}

TEST(TafRules, HugeSequenceCountIsBoundedByTheFile) {
  auto spec = simple_taf_spec();
  spec.sequence_count = 0xFFFFFFFF;
  const FileReport report = check_taf(spec);
  EXPECT_FINDING(report, "header.truncated", 12, "sequence_table");
  EXPECT_FINDING(report, "taf.sequence-count", 4, "header/sequence_count");
  // 43 slots fit: their garbage headers overlap each other (extent.* findings), but the count is
  // bounded by the file, not by the 4G slots the header claims.
  EXPECT_LT(report.findings.size(), 150u) << describe(report);
}

}  // namespace
}  // namespace gafcheck::testing
