// Headers and tables overlapping other headers and tables (docs/format/gaf.md §5):
// extent.rebase-overlap where the loader's in-place rebase lands in bytes another structure uses,
// extent.structure- overlap where it does not. With simple_spec(): header 0..12, entry
// table 12..16, entry 16..56, frame table 56..64, frame header 64..88, raw pixels 88..104.
#include <algorithm>
#include <random>

#include "tests/support/check_helpers.hpp"
#include "validator/pixels/rebase_conflicts.hpp"
#include "validator/pixels/structure_fields.hpp"

namespace gafcheck::testing {
namespace {

using pixels::Extent;
using pixels::ExtentKind;

// One entry with two 4x4 raw frames a and b: entry 16..56, frame table 56..72, headers 72 and 96.
builder::GafSpec two_frame_spec() {
  auto spec = simple_spec();
  spec.frames.push_back({.id = "b"});
  spec.entries[0].frames.push_back({"b", 1, std::nullopt});
  return spec;
}

TEST(StructureExtents, FrameHeaderAtOffsetZeroRebasesTheEntrysFrameCount) {
  auto built = builder::build_gaf(simple_spec());
  built.put_u32(56, 0);  // the frame reference points at the file header
  const FileReport report = check(built.bytes);
  // The frame header 0..24 is the file header, the entry table slot and the entry's first 8
  // bytes: its data_offset (+16) is the entry's frame count and loop word.
  const Finding* rebase = find_finding(report, "extent.rebase-overlap");
  EXPECT_FINDING(report, "extent.rebase-overlap", 16, "entry[0]/frame[0]");
  EXPECT_EQ(rebase->length, 3u);  // frame count and the loop flag byte; +3 is never read
  EXPECT_EQ(rebase->severity, Severity::error);
  EXPECT_EQ(rebase->retail, Retail::crash);
  EXPECT_TRUE(mentions(rebase,
                       "data_offset at 0x10 of the frame header entry[0]/frame[0] at "
                       "0x0..0x17 (24 bytes)"))
      << rebase->message;
  EXPECT_TRUE(mentions(rebase,
                       "over bytes 0x10..0x12 (3 bytes) of the entry header entry[0] at "
                       "0x10..0x37 (40 bytes) (its frame count, among other fields)"))
      << rebase->message;
  EXPECT_EQ(count_rule(report, "extent.rebase-overlap"), 1u) << describe(report);
  // The bytes shared with the file header and the entry table slot are read-only on one side
  // (the slot is rebased, but the frame never reads its unknown2 word there).
  const auto overlaps = find_all(report, "extent.structure-overlap");
  ASSERT_EQ(overlaps.size(), 2u) << describe(report);
  EXPECT_EQ(overlaps[0]->offset, 0u);
  EXPECT_EQ(overlaps[0]->length, 12u);
  EXPECT_EQ(overlaps[0]->path, "entry[0]/frame[0]");
  EXPECT_EQ(overlaps[0]->severity, Severity::warning);
  EXPECT_EQ(overlaps[0]->retail, Retail::none);
  EXPECT_TRUE(mentions(
      overlaps[0],
      "with the file header at 0x0..0xB (12 bytes) (its width and height, the other's version)"))
      << overlaps[0]->message;
  EXPECT_EQ(overlaps[1]->offset, 12u);
  EXPECT_EQ(overlaps[1]->length, 4u);
  EXPECT_EQ(overlaps[1]->path, "entry_table");
  EXPECT_TRUE(mentions(overlaps[1], "its entry offset, the other's unknown2"))
      << overlaps[1]->message;
  EXPECT_EQ(report.verdict, Verdict::errors);
  EXPECT_EQ(report.retail, Retail::crash);
}

TEST(StructureExtents, FrameHeaderOnTheFrameTableIsRebasedTwice) {
  auto built = builder::build_gaf(two_frame_spec());
  ASSERT_EQ(built.at("entry[0]/frames"), 56u);
  built.put_u32(56, 48);  // frame a's header 48..72: its data_offset (+16) is b's reference
  const FileReport report = check(built.bytes);
  const Finding* rebase = find_finding(report, "extent.rebase-overlap");
  // Reported once, from the frame table: reference 0's pointer is the header's key, compression
  // and layer bytes, reference 1's pointer is the header's data_offset (rebased twice).
  EXPECT_FINDING(report, "extent.rebase-overlap", 56, "entry[0]/frame[0]");
  EXPECT_EQ(rebase->length, 12u);
  EXPECT_EQ(rebase->retail, Retail::crash);
  EXPECT_EQ(rebase->severity, Severity::error);
  EXPECT_TRUE(mentions(rebase,
                       "2 frame-header offset words from 0x38 of the frame table "
                       "entry[0]/frames at 0x38..0x47 (16 bytes)"))
      << rebase->message;
  EXPECT_TRUE(mentions(rebase,
                       "of the frame header entry[0]/frame[0] at 0x30..0x47 (24 bytes) (its "
                       "data_offset, among other fields)"))
      << rebase->message;
  EXPECT_TRUE(mentions(rebase, "rebases that word twice")) << rebase->message;
  EXPECT_EQ(count_rule(report, "extent.rebase-overlap"), 1u) << describe(report);
  // The header's first 8 bytes are the entry's name padding, which nothing reads.
  EXPECT_FINDING(report, "extent.structure-overlap", 48, "entry[0]/frame[0]");
  EXPECT_EQ(find_finding(report, "extent.structure-overlap")->length, 8u);
}

TEST(StructureExtents, LayerTableOnTheFrameTableIsRebasedTwice) {
  auto spec = simple_spec();
  spec.frames[0].children = {"c"};
  spec.frames.push_back({.id = "c"});
  auto built = builder::build_gaf(spec);
  // The composite's one-slot layer table is the frame table's first pointer.
  built.put_u32(built.at("frame:a") + 16, static_cast<std::uint32_t>(built.at("entry[0]/frames")));
  const FileReport report = check(built.bytes);
  // Reported once, from the frame table (sorted after the shorter table at the same offset).
  EXPECT_FINDING(report, "extent.rebase-overlap", 56, "entry[0]/frame[0]");
  const Finding* rebase = find_finding(report, "extent.rebase-overlap");
  EXPECT_EQ(rebase->length, 4u);
  EXPECT_EQ(rebase->retail, Retail::crash);
  EXPECT_TRUE(mentions(rebase,
                       "the frame-header offset at 0x38 of the frame table entry[0]/frames "
                       "at 0x38..0x3F (8 bytes)"))
      << rebase->message;
  EXPECT_TRUE(mentions(rebase,
                       "of the layer table entry[0]/frame[0]/layers at 0x38..0x3B (4 bytes) "
                       "(its subframe pointer): the loader rebases that word twice"))
      << rebase->message;
  EXPECT_EQ(count_rule(report, "extent.rebase-overlap"), 1u) << describe(report);
  EXPECT_NO_FINDING(report, "extent.structure-overlap");  // identical bytes: one finding
}

TEST(StructureExtents, EntryHeaderOverTheEntryTableLosesItsName) {
  auto spec = simple_spec();
  spec.entries.push_back({.name = "SECOND"});
  spec.entries[1].frames.push_back({"a", 1, std::nullopt});
  auto built = builder::build_gaf(spec);
  // Entry 1 starts 8 bytes before the entry table, so its name (+8) is the two table slots and
  // the slots' rebase rewrites it.
  built.put_u32(16, 4);
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "extent.rebase-overlap", 12, "entry[0]");
  const Finding* rebase = find_finding(report, "extent.rebase-overlap");
  EXPECT_EQ(rebase->retail, Retail::dropped);
  // The name as entry 1 reads it is slot 0's bytes 0x10 0x00: two bytes up to the NUL.
  EXPECT_EQ(rebase->length, 2u);
  EXPECT_TRUE(mentions(rebase,
                       "of the entry header entry[1] at 0x4..0x2B (40 bytes) (its name): "
                       "the name no longer matches"))
      << rebase->message;
}

TEST(StructureExtents, BehindANegativeEntryCountTheRebaseIsForensicsOnly) {
  auto spec = simple_spec();
  spec.entry_count_word = 0x8001;  // the game loads no entry; gafcheck walks the slots that fit
  auto built = builder::build_gaf(spec);
  built.put_u32(56, 0);
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "extent.rebase-overlap", 16, "entry[0]/frame[0]");
  for (const Finding* finding : find_all(report, "extent.rebase-overlap"))
    EXPECT_EQ(finding->retail, Retail::dropped) << finding->message;  // the game loads nothing
}

TEST(StructureExtents, ReadOnlyOverlapIsAWarningWithNoRetailImpact) {
  auto spec = simple_spec();
  spec.version = 0;  // the entry at offset 0 reads the version word as 0 frames
  auto built = builder::build_gaf(spec);
  built.put_u32(12, 0);  // entry 0 is the file header; its name (+8) is empty, read to its NUL
  const FileReport report = check(built.bytes);
  EXPECT_NO_FINDING(report, "extent.rebase-overlap");
  const auto overlaps = find_all(report, "extent.structure-overlap");
  ASSERT_EQ(overlaps.size(), 2u) << describe(report);
  EXPECT_EQ(overlaps[0]->offset, 0u);
  EXPECT_EQ(overlaps[0]->length, 12u);
  EXPECT_EQ(overlaps[0]->path, "entry[0]");
  EXPECT_EQ(overlaps[0]->retail, Retail::none);
  EXPECT_TRUE(mentions(overlaps[0],
                       "the entry header entry[0] at 0x0..0x27 (40 bytes) shares "
                       "bytes 0x0..0xB (12 bytes) with the file header at 0x0..0xB"))
      << overlaps[0]->message;
  EXPECT_EQ(overlaps[1]->offset, 12u);
  EXPECT_EQ(overlaps[1]->path, "entry_table");
  EXPECT_NE(report.retail, Retail::crash) << describe(report);
}

TEST(StructureExtents, SharedPixelsAndTidyFilesGetNoStructureFinding) {
  auto built = builder::build_gaf(two_frame_spec());
  built.put_u32(built.at("frame:b") + 16, static_cast<std::uint32_t>(built.at("frame:a/data")));
  for (const auto& bytes : {built.bytes, builder::build_gaf(simple_spec()).bytes}) {
    const FileReport report = check(bytes);
    EXPECT_NO_FINDING(report, "extent.structure-overlap");
    EXPECT_NO_FINDING(report, "extent.rebase-overlap");
  }
  const FileReport shared = check(built.bytes);
  EXPECT_FINDING(shared, "extent.shared-pixels", built.at("frame:a/data"), "entry[0]/frame[0]");
}

TEST(StructureExtents, SharedFrameHeaderIsNotAlsoAnOverlap) {
  auto spec = simple_spec();
  spec.entries[0].frames.push_back({"a", 1, std::nullopt});  // the same header twice
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "frame.header-shared", 72, "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "extent.structure-overlap");
  EXPECT_NO_FINDING(report, "extent.rebase-overlap");
}

TEST(StructureExtents, SharedLayerTableIsNotAlsoAnOverlap) {
  auto spec = simple_spec();
  spec.frames[0].children = {"c"};
  spec.frames.push_back({.id = "b", .children = {"c"}});
  spec.frames.push_back({.id = "c"});
  spec.entries[0].frames.push_back({"b", 1, std::nullopt});
  auto built = builder::build_gaf(spec);
  built.put_u32(built.at("frame:b") + 16, static_cast<std::uint32_t>(built.at("frame:a/data")));
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "composite.table-shared", built.at("frame:b") + 16, "entry[0]/frame[1]");
  EXPECT_NO_FINDING(report, "extent.structure-overlap");
  EXPECT_NO_FINDING(report, "extent.rebase-overlap");
}

// Random layouts of headers and tables, compared with a byte-by-byte model: every rebased word
// sharing a used byte with another structure is reported (from one side), every reported word
// does, and every structure sharing bytes with another is marked.
TEST(StructureExtents, RebaseConflictsAgreeWithAPerByteModelOnRandomLayouts) {
  std::mt19937 random(20261130);
  const ExtentKind kinds[] = {ExtentKind::file_header,  ExtentKind::entry_table,
                              ExtentKind::entry_header, ExtentKind::frame_table,
                              ExtentKind::frame_header, ExtentKind::layer_table};
  for (int round = 0; round < 400; ++round) {
    const std::uint64_t size = 60 + random() % 80;
    gaf::GafIndex index;
    std::vector<Extent> extents;
    const int count = 2 + static_cast<int>(random() % 6);
    for (int i = 0; i < count; ++i) {
      const ExtentKind kind = kinds[random() % 6];
      Extent extent{random() % size, 0, kind, 0};
      switch (kind) {
        case ExtentKind::file_header: extent.offset = 0, extent.length = 12; break;
        case ExtentKind::entry_header: {
          extent.length = 40;
          extent.owner = static_cast<std::uint32_t>(index.entries.size());
          auto& entry = index.entries.emplace_back();
          for (std::size_t c = 0; c < random() % 6; ++c) entry.name[c] = 'A';
          break;
        }
        case ExtentKind::frame_header: extent.length = 24; break;
        case ExtentKind::frame_table: extent.length = 8 * (1 + random() % 4); break;
        default: extent.length = 4 * (1 + random() % 5); break;
      }
      const bool repeated = std::any_of(extents.begin(), extents.end(), [&](const Extent& e) {
        return e.kind == extent.kind && e.offset == extent.offset;
      });
      if (!repeated) extents.push_back(extent);
    }
    const pixels::ExtentMap map = pixels::map_extents(extents, size);
    const auto& sorted = map.sorted;
    const auto used = [&](std::size_t t, std::uint64_t byte) {
      const Extent& e = sorted[t];
      return byte >= e.offset && byte < e.end() &&
             pixels::field_at(index, e, byte - e.offset).use != pixels::FieldUse::unread;
    };
    std::size_t marked = 0;
    for (std::size_t s = 0; s < sorted.size(); ++s) {
      bool meets = false;
      for (std::size_t t = 0; t < sorted.size(); ++t)
        meets |= t != s && sorted[t].offset < sorted[s].end() && sorted[s].offset < sorted[t].end();
      EXPECT_EQ(map.overlapping_structure[s], meets) << "round " << round;
      marked += meets ? 1 : 0;
      bool meets_earlier = false;
      for (std::size_t t = 0; t < s; ++t) meets_earlier |= sorted[t].end() > sorted[s].offset;
      const auto all_pairs = pixels::structure_pairs(map);
      const auto pairs =
          std::count_if(all_pairs.begin(), all_pairs.end(), [&](const pixels::StructureOverlap& p) {
            const Extent& e = sorted[p.earlier];
            return p.later == s && p.earlier < s && e.end() > sorted[s].offset;
          });
      EXPECT_EQ(pairs, meets_earlier ? 1 : 0) << "round " << round;
    }
    EXPECT_EQ(map.overlapping_structures, marked) << "round " << round;
    const auto conflicts = pixels::find_rebase_conflicts(index, map);
    const auto reported = [&](std::size_t s, std::uint64_t word) {
      const pixels::RebasedWords words = pixels::rebased_words(sorted[s].kind);
      for (const auto& c : conflicts)
        for (std::uint64_t k = 0; k < c.words; ++k) {
          const std::uint64_t at = c.first_word + k * words.stride;
          if (c.rebased == s && at == word) return true;
          const std::uint64_t other_at =
              c.first_word + k * pixels::rebased_words(sorted[c.rebased].kind).stride;
          if (c.rebased != s && other_at < word + 4 && word < other_at + 4) return true;
        }
      return false;
    };
    for (std::size_t s = 0; s < sorted.size(); ++s) {
      const pixels::RebasedWords words = pixels::rebased_words(sorted[s].kind);
      if (words.stride == 0) continue;
      for (std::uint64_t at = sorted[s].offset + words.first; at + 4 <= sorted[s].end();
           at += words.stride) {
        bool conflicting = false;
        for (std::size_t t = 0; t < sorted.size(); ++t)
          for (std::uint64_t b = at; b < at + 4 && t != s; ++b) conflicting |= used(t, b);
        EXPECT_EQ(reported(s, at), conflicting) << "round " << round << " word " << at;
      }
    }
    for (const auto& c : conflicts) {
      const pixels::RebasedWords words = pixels::rebased_words(sorted[c.rebased].kind);
      for (std::uint64_t k = 0; k < c.words; ++k) {
        bool shares = false;
        for (std::uint64_t b = 0; b < 4; ++b)
          shares |= used(c.other, c.first_word + k * words.stride + b);
        EXPECT_TRUE(shares) << "round " << round;
      }
    }
  }
}

}  // namespace
}  // namespace gafcheck::testing
