// gafcheck rebuild: the canonical encoder's exact bytes, written down by hand from
// docs/format/gaf.md §3.2 and the rules in validator/pixels/rle_encoder.hpp; rebuilds of damaged
// files compared with what the retail renderer draws of the input, and the refusals.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"
#include "tests/support/check_helpers.hpp"
#include "validator/rebuild/kept_composite.hpp"
#include "validator/rebuild/rebuild_file.hpp"
#include "validator/rebuild/retail_view.hpp"
#include "validator/pixels/rle_encoder.hpp"

namespace gafcheck::rebuild {
namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr int T = -1;  // transparent

Bytes encode(const std::vector<int>& pixels) {
  std::vector<std::uint8_t> index, opaque;
  for (const int p : pixels) {
    index.push_back(p < 0 ? 0 : static_cast<std::uint8_t>(p));
    opaque.push_back(p < 0 ? 0 : 1);
  }
  Bytes out;
  EXPECT_TRUE(
      pixels::encode_rle_row(index.data(), opaque.data(), static_cast<std::uint32_t>(pixels.size()), out));
  return out;
}

std::vector<int> repeated(int value, int n) {
  return std::vector<int>(n, value);
}

std::vector<int> operator+(std::vector<int> a, const std::vector<int>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST(RebuildEncoder, RunLiteralSkipAndMixedRows) {
  EXPECT_EQ(encode(repeated(7, 5)), (Bytes{0x02, 0x00, 0x12, 7}));
  EXPECT_EQ(encode({1, 2, 3}), (Bytes{0x04, 0x00, 0x08, 1, 2, 3}));
  EXPECT_EQ(encode({T, T, 5}), (Bytes{0x03, 0x00, 0x05, 0x00, 5}));
  EXPECT_EQ(encode({5, T, T}), (Bytes{0x03, 0x00, 0x00, 5, 0x05}));
  EXPECT_EQ(encode({1, 2, 2, 2, 3, T, 4, 4}),
            (Bytes{0x09, 0x00, 0x00, 1, 0x0A, 2, 0x00, 3, 0x03, 0x06, 4}));
  // Two equal pixels inside a literal stay in it (3 bytes either way would be no saving).
  EXPECT_EQ(encode({1, 2, 2, 3}), (Bytes{0x05, 0x00, 0x0C, 1, 2, 2, 3}));
}

TEST(RebuildEncoder, TransparentRowHasCountZero) {
  EXPECT_EQ(encode({T, T, T}), (Bytes{0x00, 0x00}));
}

TEST(RebuildEncoder, MaximumRunsAndSkips) {
  EXPECT_EQ(encode(repeated(4, 64)), (Bytes{0x02, 0x00, 0xFE, 4}));
  EXPECT_EQ(encode(repeated(4, 65)), (Bytes{0x04, 0x00, 0xFE, 4, 0x00, 4}));
  EXPECT_EQ(encode(repeated(4, 66)), (Bytes{0x04, 0x00, 0xFE, 4, 0x06, 4}));
  EXPECT_EQ(encode(repeated(4, 67)), (Bytes{0x04, 0x00, 0xFE, 4, 0x0A, 4}));
  EXPECT_EQ(encode(repeated(T, 127) + std::vector<int>{8}), (Bytes{0x03, 0x00, 0xFF, 0x00, 8}));
  EXPECT_EQ(encode(repeated(T, 128) + std::vector<int>{8}),
            (Bytes{0x04, 0x00, 0xFF, 0x03, 0x00, 8}));
  std::vector<int> distinct;
  for (int i = 0; i < 65; ++i) distinct.push_back(i % 2 ? 10 : 11);
  Bytes expected{67, 0x00, 0xFC};
  for (int i = 0; i < 64; ++i) expected.push_back(static_cast<std::uint8_t>(i % 2 ? 10 : 11));
  expected.push_back(0x00);
  expected.push_back(11);
  EXPECT_EQ(encode(distinct), expected);
}

TEST(RebuildEncoder, RowPastTheCountIsRefused) {
  std::vector<std::uint8_t> index(65535), opaque(65535, 1);
  for (std::size_t i = 0; i < index.size(); ++i) index[i] = static_cast<std::uint8_t>(i % 2);
  Bytes out{0xAA};
  EXPECT_FALSE(pixels::encode_rle_row(index.data(), opaque.data(), 65535, out));
  EXPECT_EQ(out, Bytes{0xAA});
}

struct Rebuilt {
  Bytes input;
  RebuildResult result;
};

Rebuilt rebuild(const builder::GafSpec& spec, const std::string& path = "anims/test.gaf",
                RebuildOptions options = {}) {
  Rebuilt out;
  out.input = builder::build_gaf(spec).bytes;
  out.result = rebuild_sprite_file(ByteView(out.input.data(), out.input.size()), path, options);
  return out;
}

RetailView view(const Bytes& bytes, const std::string& path = "anims/test.gaf") {
  return retail_view(ByteView(bytes.data(), bytes.size()), path, {});
}

// Warnings and errors check finds in a rebuilt file.
std::string warnings_in(const Bytes& bytes, const std::string& path = "anims/test.gaf") {
  std::string listed;
  for (const Finding& finding : testing::check(bytes, {}, path).findings)
    if (finding.severity != Severity::info) listed += std::string(rule_name(finding.rule)) + " ";
  return listed;
}

// Asserts guarantees 1-3 on a rebuild that was not refused.
void expect_guarantees(const Rebuilt& rebuilt, const std::string& path = "anims/test.gaf") {
  ASSERT_FALSE(rebuilt.result.refused);
  EXPECT_EQ(warnings_in(rebuilt.result.bytes, path), "");
  EXPECT_EQ(first_difference(view(rebuilt.input, path), view(rebuilt.result.bytes, path)),
            std::nullopt);
  const RebuildResult again = rebuild_sprite_file(
      ByteView(rebuilt.result.bytes.data(), rebuilt.result.bytes.size()), path, {});
  EXPECT_EQ(again.bytes, rebuilt.result.bytes);
}

builder::GafSpec rle_spec(std::vector<std::vector<std::uint8_t>> rows, std::uint16_t width) {
  builder::GafSpec spec;
  spec.entries.push_back({.name = "FX", .frames = {{.frame = "a", .duration = 3}}});
  builder::FrameSpec frame{.id = "a",
                           .width = width,
                           .height = static_cast<std::uint16_t>(rows.size()),
                           .compressed = 1};
  frame.rle_rows = std::move(rows);
  spec.frames.push_back(frame);
  return spec;
}

std::vector<int> pixels_of(const RetailView& v) {
  return v.entries.at(0).frames.at(0).pixels;
}

TEST(RebuildFile, ShortRowIsRebuiltWithTheBytesTheGameReadsOn) {
  // Row 0 gives 2 of 4 pixels; the game reads on into row 1's count (02 00: a repeat of 1 of
  // value 0) and its first command (0x0E: a repeat of 4 of 5, clamped to the 1 pixel left).
  const Rebuilt rebuilt = rebuild(rle_spec({{0x04, 1, 2}, {0x0E, 5}}, 4));
  expect_guarantees(rebuilt);
  EXPECT_EQ(pixels_of(view(rebuilt.result.bytes)), (std::vector<int>{1, 2, 0, 5, 5, 5, 5, 5}));
  EXPECT_EQ(rebuilt.result.dispositions.at(0).rule, "rle.short-row");
  EXPECT_EQ(rebuilt.result.dispositions.at(0).action, "fixed");
}

TEST(RebuildFile, OverrunIsClampedAsTheGameClampsIt) {
  const Rebuilt rebuilt = rebuild(rle_spec({{0x1E, 3}}, 4));  // a repeat of 8 in a 4-wide row
  expect_guarantees(rebuilt);
  EXPECT_EQ(pixels_of(view(rebuilt.result.bytes)), (std::vector<int>{3, 3, 3, 3}));
}

TEST(RebuildFile, CleanFileKeepsItsFramesAndDurations) {
  const Rebuilt rebuilt = rebuild(rle_spec({{0x03, 0x08, 1, 2, 3}, {0x0A, 6, 0x03}}, 4));
  expect_guarantees(rebuilt);
  EXPECT_EQ(view(rebuilt.result.bytes).entries.at(0).frames.at(0).duration, 3u);
  EXPECT_TRUE(rebuilt.result.dispositions.empty());
}

TEST(RebuildFile, EntriesAreThoseTheGameReads) {
  builder::GafSpec spec = testing::simple_spec();
  spec.entries.push_back({.name = "armcom", .frames = {{.frame = "a"}}});  // folded duplicate
  spec.entries.push_back({.name = "THIRD", .frames = {{.frame = "b"}}});
  spec.entries.push_back({.name = "FOURTH", .frames = {{.frame = "c"}}});
  spec.frames.push_back({.id = "b"});
  spec.frames.push_back({.id = "c"});
  spec.entries[1].frames[0].frame = "d";
  spec.frames.push_back({.id = "d"});
  spec.entry_count_word = 0xFFFF0003;  // the game reads 3: the fourth slot is never loaded
  const Rebuilt rebuilt = rebuild(spec);
  expect_guarantees(rebuilt);
  const RetailView out = view(rebuilt.result.bytes);
  ASSERT_EQ(out.entries.size(), 2u);
  EXPECT_EQ(out.entries[0].name, "ARMCOM");
  EXPECT_EQ(out.entries[1].name, "THIRD");
  // The fourth slot is not even walked; the folded duplicate is listed as dropped.
  ASSERT_EQ(rebuilt.result.dropped.size(), 1u);
  EXPECT_EQ(rebuilt.result.dropped[0].rfind("entry[1]: unreachable", 0), 0u);
  ASSERT_FALSE(rebuilt.result.dispositions.empty());
  EXPECT_EQ(rebuilt.result.dispositions[0].rule, "header.entry-count-high-bits");
  EXPECT_EQ(rebuilt.result.dispositions[0].action, "fixed");
}

// 32 name bytes without a NUL: `head` (31 bytes) and then `last`.
std::array<std::uint8_t, 32> unterminated_name(char head, char last) {
  std::array<std::uint8_t, 32> name{};
  name.fill(static_cast<std::uint8_t>(head));
  name[31] = static_cast<std::uint8_t>(last);
  return name;
}

// Two entries that differ in the game's eyes but not once the unterminated name is cut to 31
// bytes: the game never finds the unterminated one by name, so the rebuild leaves it out rather
// than let its cut name take the other entry's.
builder::GafSpec cut_name_spec(bool terminated_second) {
  builder::GafSpec spec = testing::simple_spec();
  spec.entries[0].name_bytes = unterminated_name('p', 'q');
  spec.entries.push_back({.frames = {{.frame = "b"}}});
  if (terminated_second)
    spec.entries[1].name = std::string(31, 'P');
  else
    spec.entries[1].name_bytes = unterminated_name('p', 'r');
  spec.frames.push_back({.id = "b", .width = 3});
  return spec;
}

// A rebuild that keeps guarantees 1-3 and one entry of the two: its name and its frame's width.
void expect_one_entry_kept(const Rebuilt& rebuilt, const std::string& name, std::uint32_t width) {
  expect_guarantees(rebuilt);
  const RetailView out = view(rebuilt.result.bytes);
  ASSERT_EQ(out.entries.size(), 1u);
  EXPECT_EQ(out.entries[0].name, name);
  EXPECT_EQ(out.entries[0].frames.at(0).width, width);
  ASSERT_EQ(rebuilt.result.dropped.size(), 1u);
}

TEST(RebuildFile, UnterminatedNameNeverTakesATerminatedOnesName) {
  const Rebuilt rebuilt = rebuild(cut_name_spec(true));
  // entry[1]'s frame, as the game finds it
  ASSERT_NO_FATAL_FAILURE(expect_one_entry_kept(rebuilt, std::string(31, 'P'), 3));
  EXPECT_EQ(rebuilt.result.dropped[0],
            "entry[0]: unreachable: its 32 name bytes hold no NUL, so the game never finds it by "
            "name, and cut to 31 bytes its name would equal entry[1]'s");
  ASSERT_FALSE(rebuilt.result.dispositions.empty());
  EXPECT_EQ(rebuilt.result.dispositions[0].rule, "entry.name-unterminated");
  EXPECT_EQ(rebuilt.result.dispositions[0].action, "dropped");
}

TEST(RebuildFile, UnterminatedNamesThatCutAlikeKeepTheFirst) {
  const Rebuilt rebuilt = rebuild(cut_name_spec(false));
  ASSERT_NO_FATAL_FAILURE(expect_one_entry_kept(rebuilt, std::string(31, 'p'), 4));  // entry[0]'s
  EXPECT_EQ(
      rebuilt.result.dropped[0].rfind("entry[1]: unreachable: its 32 name bytes hold no NUL", 0),
      0u);
}

TEST(RebuildFile, UnterminatedNameAloneIsCutAndKept) {
  builder::GafSpec spec = testing::simple_spec();
  spec.entries[0].name_bytes = unterminated_name('p', 'q');
  const Rebuilt rebuilt = rebuild(spec);
  expect_guarantees(rebuilt);
  ASSERT_EQ(view(rebuilt.result.bytes).entries.size(), 1u);
  EXPECT_EQ(view(rebuilt.result.bytes).entries[0].name, std::string(31, 'p'));
  EXPECT_TRUE(rebuilt.result.dropped.empty());
  ASSERT_FALSE(rebuilt.result.dispositions.empty());
  EXPECT_EQ(rebuilt.result.dispositions[0].rule, "entry.name-unterminated");
  EXPECT_EQ(rebuilt.result.dispositions[0].action, "fixed");
}

// Rebuilt with --drop-unrenderable under anims/inner.taf the spec is refused for `reason`; under
// anims/inner.gaf it is refused too, as a file of which nothing drawable would remain (into
// as_gaf).
void expect_refused_as_taf_and_gaf(const builder::GafSpec& spec, const std::string& reason,
                                   Rebuilt& as_gaf) {
  RebuildOptions options;
  options.drop_unrenderable = true;
  const Rebuilt rebuilt = rebuild(spec, "anims/inner.taf", options);
  ASSERT_TRUE(rebuilt.result.refused);
  ASSERT_FALSE(rebuilt.result.refusal_reasons.empty());
  EXPECT_EQ(rebuilt.result.refusal_reasons.back(), reason);
  EXPECT_FALSE(rebuilt.result.refused_by_output_check);  // refused before it, knowingly
  as_gaf = rebuild(spec, "anims/inner.gaf", options);
  ASSERT_TRUE(as_gaf.result.refused);
  EXPECT_EQ(as_gaf.result.refusal_reasons.back(),
            "every entry and frame the game could draw was left out: nothing would remain");
  EXPECT_TRUE(as_gaf.result.bytes.empty());
}

TEST(RebuildFile, TafNamedFileWithNoSequenceLeftIsRefused) {
  // TA3D's version word on a file named .taf whose one entry's frame table runs past the end:
  // dropped, it would leave a truecolor TAF without its sequence. As .gaf: a GAF without entries,
  // refused all the same.
  builder::GafSpec spec = testing::simple_spec();
  spec.version = 0x00010101;
  spec.entries[0].frame_count = 2683;
  Rebuilt as_gaf;
  expect_refused_as_taf_and_gaf(
      spec,
      "read under its name the rebuilt file would be a truecolor TAF with 0 "
      "sequences, where it holds exactly one: what it held was left out",
      as_gaf);
}

TEST(RebuildFile, TafNamedFileWhoseSequenceLosesEveryFrameIsRefused) {
  // A paletted .taf whose one frame's pixels lie past the end: dropped, the sequence would keep no
  // frame, and a .taf without frames reads as a truecolor TAF with nothing to draw. As .gaf, an
  // entry without frames: nothing drawable is left, refused too.
  builder::GafSpec spec = testing::simple_spec();
  spec.frames[0].data_offset = 0x7FFFFF00;
  Rebuilt as_gaf;
  expect_refused_as_taf_and_gaf(
      spec,
      "read under its name the rebuilt file would be a truecolor TAF with "
      "no frame, which TA: Kingdoms has nothing to draw from: what it held "
      "was left out",
      as_gaf);
  ASSERT_EQ(as_gaf.result.dropped.size(), 1u);
  EXPECT_EQ(as_gaf.result.dropped[0].rfind("entry[0]/frame[0]: ", 0), 0u);
}

TEST(RebuildFile, TexturesAreWrittenRaw) {
  const builder::GafSpec spec = rle_spec({{0x03, 0x08, 1, 2, 3}, {0x0E, 9}}, 4);
  const Rebuilt rebuilt = rebuild(spec, "textures/x.gaf");
  expect_guarantees(rebuilt, "textures/x.gaf");
  const Bytes& out = rebuilt.result.bytes;
  // one entry: header 12 + table 4 + entry 40 + ref 8 = 64; the frame header follows
  ASSERT_GE(out.size(), 64u + 24u + 8u);
  EXPECT_EQ(out[64 + 9], 0);  // compressed byte: raw
  // 9 is drawn, so the key is the lowest index no opaque pixel uses: 0
  EXPECT_EQ(out[64 + 8], 0);
  EXPECT_EQ(Bytes(out.end() - 8, out.end()), (Bytes{0, 1, 2, 3, 9, 9, 9, 9}));
  // elsewhere a frame whose rows encode shorter than its pixels is RLE, in textures/ raw
  const builder::GafSpec runs = rle_spec({{0xFE, 5}, {0xFE, 6}}, 64);  // two rows: 64 x 5, 64 x 6
  const Rebuilt elsewhere = rebuild(runs);
  expect_guarantees(elsewhere);
  EXPECT_EQ(elsewhere.result.bytes[64 + 9], 1);
  EXPECT_EQ(Bytes(elsewhere.result.bytes.end() - 8, elsewhere.result.bytes.end()),
            (Bytes{2, 0, 0xFE, 5, 2, 0, 0xFE, 6}));
  EXPECT_EQ(rebuild(runs, "textures/x.gaf").result.bytes[64 + 9], 0);
}

// 4x2 pixels whose RLE rows take 2 + 5 and 2 + 2 bytes: raw (8 bytes) is smaller, so it is stored
// raw outside textures/ too, with the key the raw form needs; rebuilding it again keeps it raw.
TEST(RebuildFile, FrameIsStoredRawWhereRawIsSmallerThanItsRows) {
  const builder::GafSpec spec = rle_spec({{0x03, 0x08, 1, 2, 3}, {0x0E, 9}}, 4);
  const Rebuilt rebuilt = rebuild(spec);
  expect_guarantees(rebuilt);
  const Bytes& out = rebuilt.result.bytes;
  ASSERT_GE(out.size(), 64u + 24u + 8u);
  EXPECT_EQ(out[64 + 9], 0);  // compressed byte: raw
  EXPECT_EQ(out[64 + 8], 0);  // 9 is drawn: the lowest free index is the key
  EXPECT_EQ(Bytes(out.end() - 8, out.end()), (Bytes{0, 1, 2, 3, 9, 9, 9, 9}));
}

builder::GafSpec cycle_spec() {
  builder::GafSpec spec = testing::simple_spec();
  spec.entries.push_back({.name = "LOOP", .frames = {{.frame = "p"}}});
  spec.frames.push_back({.id = "p", .children = {"q"}});
  spec.frames.push_back({.id = "q", .children = {"p"}});
  return spec;
}

TEST(RebuildFile, UndefinedOutcomeIsRefused) {
  const Rebuilt rebuilt = rebuild(cycle_spec());
  EXPECT_TRUE(rebuilt.result.refused);
  EXPECT_TRUE(rebuilt.result.bytes.empty());
  std::string reasons;
  for (const std::string& reason : rebuilt.result.refusal_reasons) reasons += reason + "\n";
  EXPECT_NE(reasons.find("entry[1]/frame[0]: composite.cycle"), std::string::npos) << reasons;
}

TEST(RebuildFile, DropUnrenderableLeavesOutTheFrameAndKeepsTheRest) {
  RebuildOptions options;
  options.drop_unrenderable = true;
  const Rebuilt rebuilt = rebuild(cycle_spec(), "anims/test.gaf", options);
  ASSERT_FALSE(rebuilt.result.refused);
  ASSERT_FALSE(rebuilt.result.dropped.empty());
  EXPECT_EQ(rebuilt.result.dropped[0].rfind("entry[1]/frame[0]: ", 0), 0u);
  EXPECT_EQ(warnings_in(rebuilt.result.bytes), "");
  const RetailView out = view(rebuilt.result.bytes);
  ASSERT_EQ(out.entries.size(), 2u);
  EXPECT_EQ(out.entries[0], view(rebuilt.input).entries[0]);
  EXPECT_TRUE(out.entries[1].frames.empty());
}

// Content left out that no option asked for is counted as lost: an entry the game never loads
// (its name folds like an earlier one's); content --drop-unrenderable asked for is not; a clean
// file loses nothing (the control).
TEST(RebuildFile, ContentLeftOutUnaskedIsCountedAsLost) {
  builder::GafSpec spec = testing::simple_spec();
  spec.entries.push_back({.name = "ARMCOM", .frames = {{.frame = "b"}}});
  spec.frames.push_back({.id = "b", .width = 5});
  const Rebuilt unreachable = rebuild(spec);
  ASSERT_FALSE(unreachable.result.refused);
  EXPECT_EQ(unreachable.result.lost, 1u);
  EXPECT_EQ(rebuild(testing::simple_spec()).result.lost, 0u);
  RebuildOptions options;
  options.drop_unrenderable = true;
  const Rebuilt asked = rebuild(cycle_spec(), "anims/test.gaf", options);
  ASSERT_FALSE(asked.result.refused);
  EXPECT_FALSE(asked.result.dropped.empty());
  EXPECT_EQ(asked.result.lost, 0u);
}

// A file whose every entry (or frame) is dropped is refused, even when the drops were asked for:
// an empty GAF is not what the upload held.
TEST(RebuildFile, NothingLeftToDrawIsRefusedEvenWithDropUnrenderable) {
  builder::GafSpec spec = cycle_spec();
  spec.entries.erase(spec.entries.begin());  // only the cycling entry is left
  RebuildOptions options;
  options.drop_unrenderable = true;
  const Rebuilt rebuilt = rebuild(spec, "anims/test.gaf", options);
  EXPECT_TRUE(rebuilt.result.refused);
  EXPECT_TRUE(rebuilt.result.bytes.empty());
  std::string reasons;
  for (const std::string& reason : rebuilt.result.refusal_reasons) reasons += reason + "\n";
  EXPECT_NE(reasons.find("nothing would remain"), std::string::npos) << reasons;
  // An input that holds no entry at all is written as it is: nothing was left out.
  builder::GafSpec empty;
  const Rebuilt none = rebuild(empty);
  EXPECT_FALSE(none.result.refused);
}

// Refusal reasons stop at --max-findings and are counted past it.
TEST(RebuildFile, RefusalReasonsAreBoundedByMaxFindings) {
  builder::GafSpec spec = cycle_spec();
  for (int i = 0; i < 20; ++i) spec.entries.push_back(spec.entries.back());
  RebuildOptions options;
  options.limits[BudgetKind::findings] = 5;
  const Rebuilt rebuilt = rebuild(spec, "anims/test.gaf", options);
  EXPECT_TRUE(rebuilt.result.refused);
  EXPECT_LE(rebuilt.result.refusal_reasons.size() + rebuilt.result.dropped.size(), 5u);
  EXPECT_GT(rebuilt.result.reasons_unlisted, 0u);
}

std::uint32_t u32_at(const Bytes& bytes, std::size_t at) {
  return bytes.at(at) | bytes.at(at + 1) << 8 | bytes.at(at + 2) << 16 |
         static_cast<std::uint32_t>(bytes.at(at + 3)) << 24;
}

TEST(RebuildFile, UnknownFieldsAreZeroUnlessKept) {
  builder::GafSpec spec = testing::simple_spec();
  spec.frames[0].unknown3 = 0xDEADBEEF;
  spec.frames[0].unknown2 = 7;
  spec.reserved = 3;
  const Rebuilt plain = rebuild(spec);
  expect_guarantees(plain);
  // header 12 + table 4 + entry 40 + ref 8 = 64: the frame header; +12 unknown2, +20 unknown3
  EXPECT_EQ(u32_at(plain.result.bytes, 8), 0u);
  EXPECT_EQ(u32_at(plain.result.bytes, 64 + 12), 0u);
  EXPECT_EQ(u32_at(plain.result.bytes, 64 + 20), 0u);
  RebuildOptions keep;
  keep.keep_unknown = true;
  const Rebuilt kept = rebuild(spec, "anims/test.gaf", keep);
  EXPECT_EQ(u32_at(kept.result.bytes, 64 + 20), 0xDEADBEEFu);
  EXPECT_EQ(u32_at(kept.result.bytes, 64 + 12), 0u);
}

TEST(RebuildFile, MaskFilesKeepVersionZeroAndOthersGetTheStandardWord) {
  builder::GafSpec spec = testing::simple_spec();
  spec.version = 0;
  const Rebuilt mask = rebuild(spec, "anims/VISMASKS.GAF");
  expect_guarantees(mask, "anims/VISMASKS.GAF");
  EXPECT_EQ(u32_at(mask.result.bytes, 0), 0u);
  EXPECT_EQ(mask.result.bytes[64 + 9], 0);  // vismasks.gaf is read as plain arrays: raw
  const Rebuilt other = rebuild(spec, "anims/other.gaf");
  EXPECT_EQ(u32_at(other.result.bytes, 0), 0x00010100u);
}

TEST(RebuildFile, TruecolorTafKeepsItsPixelsAndFormat) {
  std::ifstream file(std::string(GAFCHECK_SOURCE_ROOT) + "/corpus/seed/clean-taf-argb1555.taf",
                     std::ios::binary);
  const Bytes input{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  ASSERT_FALSE(input.empty());
  const RebuildResult result =
      rebuild_sprite_file(ByteView(input.data(), input.size()), "anims/x.taf", {});
  ASSERT_FALSE(result.refused);
  EXPECT_EQ(warnings_in(result.bytes, "anims/x.taf"), "");
  const RetailView in = view(input, "anims/x.taf");
  ASSERT_FALSE(in.entries.empty());
  ASSERT_FALSE(in.entries[0].frames.empty());
  EXPECT_TRUE(in.entries[0].frames[0].drawn);
  EXPECT_EQ(first_difference(in, view(result.bytes, "anims/x.taf")), std::nullopt);
  // header 12 + table 4 + sequence 40 + 3 references 24 = 80: the first frame header
  EXPECT_EQ(result.bytes[80 + 9], 5);  // ARGB1555 kept
}

// One entry, one composite "p" (4x4, anchor 0,0) of two raw 2x2 layers: "c1" at the anchor and
// "c2" anchored at -2,-2, so it lands at (2,2). Each layer's 4 pixels are smaller raw than as RLE
// rows, so they are written raw with key 9.
builder::GafSpec composite_spec(std::uint8_t tint = 0) {
  builder::GafSpec spec;
  spec.entries.push_back({.name = "FX", .frames = {{.frame = "p", .duration = 2}}});
  spec.frames.push_back({.id = "p", .width = 4, .height = 4, .children = {"c1", "c2"}});
  spec.frames.push_back({.id = "c1", .width = 2, .height = 2, .raw = Bytes{1, 2, 3, 4}});
  spec.frames.push_back({.id = "c2",
                         .width = 2,
                         .height = 2,
                         .x_offset = -2,
                         .y_offset = -2,
                         .alt_byte = tint,
                         .raw = Bytes{5, 6, 7, 8}});
  return spec;
}

Bytes frame_header(std::uint16_t width, std::uint16_t height, std::int16_t x, std::int16_t y,
                   std::uint8_t layers, std::uint8_t flag, std::uint32_t data) {
  const auto lo = [](int v) { return static_cast<std::uint8_t>(v & 0xFF); };
  const auto hi = [](int v) { return static_cast<std::uint8_t>((v >> 8) & 0xFF); };
  return Bytes{lo(width), hi(width), lo(height), hi(height), lo(x), hi(x), lo(y), hi(y),
               9,         0,         layers,     flag,       0,     0,     0,     0,
               lo(data),  hi(data),  0,          0,          0,     0,     0,     0};
}

Bytes slice(const Bytes& bytes, std::size_t at, std::size_t length) {
  return Bytes(bytes.begin() + static_cast<std::ptrdiff_t>(at),
               bytes.begin() + static_cast<std::ptrdiff_t>(at + length));
}

TEST(RebuildComposite, OneLevelCompositeIsKeptAsAComposite) {
  const Rebuilt rebuilt = rebuild(composite_spec());
  expect_guarantees(rebuilt);
  const Bytes& out = rebuilt.result.bytes;
  // header 12 + table 4 + entry 40 + ref 8 = 64: the parent's header; its layer table at 88,
  // the layers' headers at 96 and 120, their pixel blocks at 144 and 148.
  ASSERT_EQ(out.size(), 152u);
  EXPECT_EQ(slice(out, 64, 24), frame_header(4, 4, 0, 0, 2, 0, 88));
  EXPECT_EQ(slice(out, 88, 8), (Bytes{96, 0, 0, 0, 120, 0, 0, 0}));
  EXPECT_EQ(slice(out, 96, 24), frame_header(2, 2, 0, 0, 0, 0, 144));
  EXPECT_EQ(slice(out, 120, 24), frame_header(2, 2, -2, -2, 0, 0, 148));
  EXPECT_EQ(slice(out, 144, 8), (Bytes{1, 2, 3, 4, 5, 6, 7, 8}));
  const ViewFrame drawn = view(out).entries.at(0).frames.at(0);
  EXPECT_EQ(drawn.pixels, (std::vector<int>{1, 2, T, T, 3, 4, T, T, T, T, 5, 6, T, T, 7, 8}));
  EXPECT_EQ(drawn.duration, 2u);
}

TEST(RebuildComposite, TintedLayerKeepsItsPlusElevenByte) {
  const Rebuilt rebuilt = rebuild(composite_spec(0x01));
  ASSERT_FALSE(rebuilt.result.refused);
  const Bytes& out = rebuilt.result.bytes;
  ASSERT_EQ(out.size(), 152u);
  EXPECT_EQ(out.at(120 + 11), 0x01);  // the second layer's +11 byte
  EXPECT_EQ(out.at(96 + 11), 0x00);
  EXPECT_EQ(out.at(64 + 11), 0x00);
  // The game tints that layer in OUT as in IN: the one warning left is the one kept.
  EXPECT_EQ(warnings_in(out), "layer.alt-blend ");
  ASSERT_EQ(rebuilt.result.dispositions.size(), 1u);
  EXPECT_EQ(rebuilt.result.dispositions[0].rule, "layer.alt-blend");
  EXPECT_EQ(rebuilt.result.dispositions[0].path, "entry[0]/frame[0]/layer[1]");
  EXPECT_EQ(rebuilt.result.dispositions[0].action, "kept");
  EXPECT_EQ(first_difference(view(rebuilt.input), view(out)), std::nullopt);
  const RebuildResult again =
      rebuild_sprite_file(ByteView(out.data(), out.size()), "anims/test.gaf", {});
  EXPECT_EQ(again.bytes, out);
}

TEST(RebuildComposite, CompositeIsFlattenedWhereTheEngineReadsArrays) {
  const Rebuilt rebuilt = rebuild(composite_spec(0x01), "textures/x.gaf");
  expect_guarantees(rebuilt, "textures/x.gaf");
  const Bytes& out = rebuilt.result.bytes;
  // one 4x4 raw leaf: its header at 64, its 16 pixels at 88
  ASSERT_EQ(out.size(), 64u + 24u + 16u);
  EXPECT_EQ(out.at(64 + 10), 0);  // no layers
  EXPECT_EQ(out.at(64 + 11), 0);
  // (storage.raw-required is fixed; the tint is lost with the layer)
  std::string actions;
  for (const Disposition& disposition : rebuilt.result.dispositions)
    actions += disposition.rule + " " + disposition.action + "; ";
  EXPECT_EQ(actions, "layer.alt-blend dropped; storage.raw-required fixed; ");
}

TEST(RebuildComposite, CompositeWithoutAnAreaOfItsOwnIsFlattened) {
  builder::GafSpec spec = composite_spec();
  spec.frames[0].width = 0;
  spec.frames[0].height = 0;
  const Rebuilt rebuilt = rebuild(spec);
  expect_guarantees(rebuilt);
  const Bytes& out = rebuilt.result.bytes;
  ASSERT_GE(out.size(), 64u + 24u);
  EXPECT_EQ(out.at(64 + 10), 0);  // one leaf of the layers' canvas
  const ViewFrame drawn = view(out).entries.at(0).frames.at(0);
  EXPECT_EQ(drawn.width, 4u);
  EXPECT_EQ(drawn.pixels, (std::vector<int>{1, 2, T, T, 3, 4, T, T, T, T, 5, 6, T, T, 7, 8}));
}

TEST(RebuildComposite, NestedCompositeIsDroppedAndAOneLevelOneKept) {
  builder::GafSpec spec = composite_spec();
  spec.entries.push_back({.name = "NEST", .frames = {{.frame = "outer"}}});
  spec.frames.push_back({.id = "outer", .width = 4, .height = 4, .children = {"inner"}});
  spec.frames.push_back({.id = "inner", .width = 2, .height = 2, .children = {"leaf"}});
  spec.frames.push_back({.id = "leaf", .width = 2, .height = 2, .raw = Bytes{1, 1, 1, 1}});
  EXPECT_TRUE(rebuild(spec).result.refused);
  RebuildOptions options;
  options.drop_unrenderable = true;
  const Rebuilt rebuilt = rebuild(spec, "anims/test.gaf", options);
  ASSERT_FALSE(rebuilt.result.refused);
  ASSERT_FALSE(rebuilt.result.dropped.empty());
  EXPECT_EQ(rebuilt.result.dropped[0].rfind("entry[1]/frame[0]: ", 0), 0u);
  const Bytes& out = rebuilt.result.bytes;
  EXPECT_EQ(warnings_in(out), "");
  EXPECT_EQ(out.at(12 + 8 + 40 + 8 + 40 + 10), 2);  // the first entry's frame: still 2 layers
  const RebuildResult again =
      rebuild_sprite_file(ByteView(out.data(), out.size()), "anims/test.gaf", options);
  EXPECT_EQ(again.bytes, out);
}

TEST(RebuildComposite, SameDrawingComparesSizeAnchorOpacityAndIndex) {
  render::Canvas a;
  a.width = 2;
  a.height = 1;
  a.index = {3, 0};
  a.flags = {render::pixel_flag::drawn, 0};
  render::Canvas b = a;
  b.index[1] = 7;  // under a transparent pixel: not drawn, no difference
  EXPECT_TRUE(same_drawing(a, b));
  b.index[0] = 4;
  EXPECT_FALSE(same_drawing(a, b));
  b = a;
  b.flags[1] = render::pixel_flag::drawn;
  EXPECT_FALSE(same_drawing(a, b));
  b = a;
  b.x_offset = 1;
  EXPECT_FALSE(same_drawing(a, b));
}

}  // namespace
}  // namespace gafcheck::rebuild
