// The byte-extent map of truecolor TAFs (docs/format/gaf.md §5, §7). simple_taf_spec() (two 4x4
// ARGB1555 frames) lays out: header 0..12, sequence table 12..16, sequence at 16 (frame references
// at 56 and 64), frame headers f0 at 72 and f1 at 96, pixels of f0 at 120 and of f1 at 152 (32
// bytes each); 184 bytes in all.
#include "corpus/builder/taf_builder.hpp"
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

using builder::build_taf;
using builder::simple_taf_spec;

TEST(TafExtents, TidyFileIsCleanAndFullyClaimed) {
  const FileReport report = check_taf(build_taf(simple_taf_spec()).bytes);
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_TRUE(report.findings.empty()) << describe(report);
  EXPECT_EQ(report.summary.get("coverage.claimed"), 184u);
  EXPECT_EQ(report.summary.get("coverage.slack"), 0u);
  // header, sequence table, sequence header, frame table, 2 frame headers, 2 pixel extents
  EXPECT_EQ(report.summary.get("coverage.extents"), 8u);
}

TEST(TafExtents, PixelsOverlappingTheNextFramesPixels) {
  auto built = build_taf(simple_taf_spec());
  built.put_u32(96 + 16, 136);  // f1's 32 bytes start 16 bytes before f0's end
  const FileReport report = check_taf(built.bytes);
  EXPECT_FINDING(report, "extent.overlap", 136, "entry[0]/frame[1]");
  const Finding* overlap = find_finding(report, "extent.overlap");
  EXPECT_EQ(overlap->length, 16u);
  EXPECT_EQ(overlap->severity, Severity::warning);
  EXPECT_TRUE(mentions(overlap,
                       "16-bit pixels at 0x88..0xA7 (32 bytes) share 16 bytes with the "
                       "different 16-bit pixels of entry[0]/frame[0] at 0x78..0x97"))
      << overlap->message;
  EXPECT_FINDING(report, "extent.slack", 168, "");  // the 16 bytes f1 no longer claims
  EXPECT_EQ(report.summary.get("coverage.slack"), 16u);
}

TEST(TafExtents, PixelsAtOffsetZeroCoverTheHeader) {
  auto built = build_taf(simple_taf_spec());
  built.put_u32(72 + 16, 0);  // f0's 32 bytes of pixels are the header, table and sequence
  const FileReport report = check_taf(built.bytes);
  EXPECT_FINDING(report, "extent.overlaps-structure", 0, "entry[0]/frame[0]");
  const Finding* overlap = find_finding(report, "extent.overlaps-structure");
  EXPECT_EQ(overlap->length, 12u);
  EXPECT_EQ(overlap->retail, Retail::garbage);
  EXPECT_TRUE(mentions(overlap,
                       "16-bit pixels at 0x0..0x1F (32 bytes) cover 12 bytes of the file "
                       "header at 0x0..0xB"))
      << overlap->message;
  EXPECT_FINDING(report, "extent.slack", 120, "");
}

TEST(TafExtents, SharedPixelsAreInfoOnly) {
  auto built = build_taf(simple_taf_spec());
  built.put_u32(96 + 16, 120);  // f1 draws f0's pixels
  const FileReport report = check_taf(built.bytes);
  EXPECT_FINDING(report, "extent.shared-pixels", 120, "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "extent.overlap");
  EXPECT_NO_FINDING(report, "extent.structure-overlap");
  EXPECT_NO_FINDING(report, "extent.rebase-overlap");
  EXPECT_FINDING(report, "extent.slack", 152, "");
}

TEST(TafExtents, OverlappingFrameHeadersAreARebaseHazardOfUnknownImpact) {
  auto spec = simple_taf_spec();
  spec.frames[0].x_offset = 5;  // byte 76: f1 moved to 67 finds its format byte 5 there
  auto built = build_taf(spec);
  built.put_u32(64, 67);  // f1's header 67..91: the end of the frame table and f0's first 19 bytes
  const FileReport report = check_taf(built.bytes);
  ASSERT_EQ(report.format, Format::taf_truecolor) << describe(report);
  // f1's data_offset (83..87) is f0's flag byte and unknown2 word: the flag is read.
  const auto rebases = find_all(report, "extent.rebase-overlap");
  ASSERT_EQ(rebases.size(), 2u) << describe(report);
  const Finding* data_offset = rebases[1];
  EXPECT_EQ(data_offset->path, "entry[0]/frame[1]");
  EXPECT_EQ(data_offset->offset, 83u);
  EXPECT_EQ(data_offset->length, 1u);
  EXPECT_EQ(data_offset->severity, Severity::error);
  EXPECT_EQ(data_offset->retail, Retail::unknown);  // TA: Kingdoms' loader is not documented
  EXPECT_TRUE(mentions(data_offset,
                       "a loader that rebases pointers in place (as TA's does) "
                       "rewrites the data_offset at 0x53 of the frame header "
                       "entry[0]/frame[1] at 0x43..0x5A (24 bytes)"))
      << data_offset->message;
  EXPECT_TRUE(mentions(data_offset,
                       "over bytes 0x53..0x53 (1 byte) of the frame header "
                       "entry[0]/frame[0] at 0x48..0x5F (24 bytes) (its alt byte)"))
      << data_offset->message;
  // f1's reference pointer (64..68) is f1's own first byte: the frame table rewrites f1's width.
  EXPECT_EQ(rebases[0]->path, "entry[0]/frame[1]");
  EXPECT_EQ(rebases[0]->offset, 67u);
  EXPECT_EQ(rebases[0]->retail, Retail::unknown);
}

TEST(TafExtents, ASequenceTableLongerThanTheFileEndsAtTheNextStructure) {
  auto spec = simple_taf_spec();
  spec.sequence_count = 0x00010005;  // low 16 bits 5: only the full u32 says it runs past the file
  const FileReport report = check_taf(build_taf(spec).bytes);
  EXPECT_FINDING(report, "header.truncated", 12, "sequence_table");
  // The garbage slots lead to sequence headers all over the file, but the table itself is only
  // 12..16: the first structure after it (the real sequence at 16) ends it.
  std::size_t table_findings = 0;
  for (const Finding& finding : report.findings) {
    if (finding.path != "entry_table") continue;
    ++table_findings;
    EXPECT_EQ(finding.offset, 12u) << finding.message;
    EXPECT_EQ(finding.length, 4u) << finding.message;
  }
  EXPECT_GT(table_findings, 0u) << describe(report);
}

TEST(TafExtents, TrailingBytesAreSlack) {
  auto bytes = build_taf(simple_taf_spec()).bytes;
  bytes.insert(bytes.end(), {1, 2, 3, 4, 5, 6, 7, 8});
  const FileReport report = check_taf(bytes);
  EXPECT_FINDING(report, "extent.slack", 184, "");
  EXPECT_EQ(find_finding(report, "extent.slack")->length, 8u);
}

}  // namespace
}  // namespace gafcheck::testing
