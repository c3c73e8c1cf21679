// gafcheck diff inside a sprite file: each kind of edit is reported as exactly one operation of
// its kind (an inserted frame does not make the frames after it changed), and an edit of bytes
// the game does not draw differently is re-encoded. Every case starts from one clean file.
#include "validator/compare/sprite_diff.hpp"

#include <gtest/gtest.h>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/taf_builder.hpp"

namespace gafcheck::compare {
namespace {

using builder::EntrySpec;
using builder::FrameSpec;
using builder::GafSpec;

// Frame i of 6: 4x4 raw pixels, each frame its own values (i*10+1 .. i*10+16), none the key 9
// or 0.
FrameSpec distinct_frame(int i) {
  FrameSpec frame;
  frame.id = "f" + std::to_string(i);
  std::vector<std::uint8_t> pixels(16);
  for (std::size_t p = 0; p < pixels.size(); ++p)
    pixels[p] = static_cast<std::uint8_t>(20 + i * 16 + static_cast<int>(p));
  frame.raw = pixels;
  return frame;
}

GafSpec clean_sprite() {
  GafSpec spec;
  for (int i = 0; i < 6; ++i) spec.frames.push_back(distinct_frame(i));
  EntrySpec walk{.name = "ARMWALK"};
  for (int i = 0; i < 5; ++i) walk.frames.push_back({"f" + std::to_string(i), 2});
  EntrySpec flash{.name = "ARMFLASH"};
  flash.frames.push_back({"f5", 1});
  spec.entries = {walk, flash};
  return spec;
}

SpriteDiff sprite_diff(const GafSpec& before, const GafSpec& after) {
  const auto old_bytes = builder::build_gaf(before).bytes;
  const auto new_bytes = builder::build_gaf(after).bytes;
  SpriteSide a(ByteView(old_bytes.data(), old_bytes.size()), Format::gaf, BudgetLimits{}, false);
  SpriteSide b(ByteView(new_bytes.data(), new_bytes.size()), Format::gaf, BudgetLimits{}, false);
  return diff_sprites(a, b);
}

// The one entry that differs, checked to be the only one.
EntryDiff only_entry(const SpriteDiff& diff) {
  EXPECT_EQ(diff.entries.size(), 1u);
  return diff.entries.at(0);
}

const FieldChange* field(const std::vector<FieldChange>& fields, const std::string& name) {
  for (const FieldChange& change : fields)
    if (change.field == name) return &change;
  return nullptr;
}

TEST(SpriteDiff, IdenticalFilesReportNothing) {
  const SpriteDiff diff = sprite_diff(clean_sprite(), clean_sprite());
  EXPECT_TRUE(diff.entries.empty());
  EXPECT_EQ(diff.unchanged_entries, 2u);
  EXPECT_FALSE(diff.drawn_differs());
}

TEST(SpriteDiff, InsertedFrameIsOneInsertion) {
  GafSpec after = clean_sprite();
  after.frames.push_back(distinct_frame(7));
  auto& frames = after.entries[0].frames;
  frames.insert(frames.begin() + 2, {"f7", 2});
  const EntryDiff entry = only_entry(sprite_diff(clean_sprite(), after));
  EXPECT_EQ(entry.change, EntryChange::changed);
  ASSERT_EQ(entry.frames.size(), 1u);
  EXPECT_EQ(entry.frames[0].change, FrameChange::inserted);
  EXPECT_EQ(entry.frames[0].new_index, 2u);
  EXPECT_EQ(entry.unchanged_frames, 5u);
}

TEST(SpriteDiff, DeletedFrameIsOneDeletion) {
  GafSpec after = clean_sprite();
  after.entries[0].frames.erase(after.entries[0].frames.begin() + 1);
  const EntryDiff entry = only_entry(sprite_diff(clean_sprite(), after));
  ASSERT_EQ(entry.frames.size(), 1u);
  EXPECT_EQ(entry.frames[0].change, FrameChange::deleted);
  EXPECT_EQ(entry.frames[0].old_index, 1u);
  EXPECT_EQ(entry.unchanged_frames, 4u);
}

TEST(SpriteDiff, ReorderedFrameIsOneMove) {
  GafSpec after = clean_sprite();
  auto& frames = after.entries[0].frames;
  const auto moved = frames[1];
  frames.erase(frames.begin() + 1);
  frames.push_back(moved);
  const EntryDiff entry = only_entry(sprite_diff(clean_sprite(), after));
  ASSERT_EQ(entry.frames.size(), 1u);
  EXPECT_EQ(entry.frames[0].change, FrameChange::moved);
  EXPECT_EQ(entry.frames[0].old_index, 1u);
  EXPECT_EQ(entry.frames[0].new_index, 4u);
}

TEST(SpriteDiff, OriginMovedByOneIsAChangedFrame) {
  GafSpec after = clean_sprite();
  after.frames[3].x_offset = 1;
  const EntryDiff entry = only_entry(sprite_diff(clean_sprite(), after));
  ASSERT_EQ(entry.frames.size(), 1u);
  const FrameDiff& frame = entry.frames[0];
  EXPECT_EQ(frame.change, FrameChange::changed);
  EXPECT_EQ(frame.old_index, 3u);
  ASSERT_NE(field(frame.fields, "origin"), nullptr);
  EXPECT_EQ(field(frame.fields, "origin")->after, "1,0");
  ASSERT_TRUE(frame.pixels);
  EXPECT_EQ(frame.pixels->box.left, -1) << "the old and new pixels together, anchor-relative";
  EXPECT_EQ(frame.pixels->box.width, 5u);
}

TEST(SpriteDiff, OnePixelChangedIsCountedAndBoxed) {
  GafSpec after = clean_sprite();
  (*after.frames[2].raw)[1 * 4 + 2] = 200;  // column 2, row 1
  const EntryDiff entry = only_entry(sprite_diff(clean_sprite(), after));
  ASSERT_EQ(entry.frames.size(), 1u);
  const FrameDiff& frame = entry.frames[0];
  EXPECT_EQ(frame.change, FrameChange::changed);
  ASSERT_TRUE(frame.pixels);
  EXPECT_EQ(frame.pixels->differing, 1u);
  EXPECT_EQ(frame.pixels->box.left, 2);
  EXPECT_EQ(frame.pixels->box.top, 1);
  EXPECT_EQ(frame.pixels->box.width, 1u);
  EXPECT_EQ(frame.pixels->box.height, 1u);
  ASSERT_TRUE(frame.pixels->remap) << "one pixel of a unique index is a recolour of it";
  EXPECT_EQ(frame.pixels->remap->to, 200);
}

TEST(SpriteDiff, IndexRemapIsRecognised) {
  GafSpec before = clean_sprite(), after = clean_sprite();
  before.frames[0].raw = std::vector<std::uint8_t>{5, 5, 6, 6, 5, 7, 7, 5, 6, 6, 5, 5, 7, 7, 7, 7};
  after.frames[0].raw =
      std::vector<std::uint8_t>{40, 40, 6, 6, 40, 7, 7, 40, 6, 6, 40, 40, 7, 7, 7, 7};
  const EntryDiff entry = only_entry(sprite_diff(before, after));
  ASSERT_EQ(entry.frames.size(), 1u);
  ASSERT_TRUE(entry.frames[0].pixels);
  EXPECT_EQ(entry.frames[0].pixels->differing, 6u);
  ASSERT_TRUE(entry.frames[0].pixels->remap);
  EXPECT_EQ(entry.frames[0].pixels->remap->from, 5);
  EXPECT_EQ(entry.frames[0].pixels->remap->to, 40);
  // Control: two indices changed is no remap.
  (*after.frames[0].raw)[2] = 41;
  const SpriteDiff two = sprite_diff(before, after);
  ASSERT_EQ(two.entries.size(), 1u);
  EXPECT_FALSE(two.entries[0].frames.at(0).pixels->remap);
}

TEST(SpriteDiff, RenamedEntryIsRenamed) {
  GafSpec after = clean_sprite();
  after.entries[1].name = "ARMBLINK";
  const EntryDiff entry = only_entry(sprite_diff(clean_sprite(), after));
  EXPECT_EQ(entry.change, EntryChange::renamed);
  EXPECT_EQ(entry.name, "ARMBLINK");
  EXPECT_EQ(entry.old_name, "ARMFLASH");
}

TEST(SpriteDiff, DurationChangeIsShownAndZeroToOneIsNot) {
  GafSpec after = clean_sprite();
  after.entries[0].frames[4].duration = 5;
  const EntryDiff entry = only_entry(sprite_diff(clean_sprite(), after));
  ASSERT_EQ(entry.frames.size(), 1u);
  EXPECT_EQ(entry.frames[0].change, FrameChange::changed);
  ASSERT_NE(field(entry.frames[0].fields, "duration"), nullptr);
  EXPECT_TRUE(field(entry.frames[0].fields, "duration")->drawn);

  GafSpec zero = clean_sprite(), one = clean_sprite();
  zero.entries[1].frames[0].duration = 0;
  const SpriteDiff ticks = sprite_diff(zero, one);
  ASSERT_EQ(ticks.entries.size(), 1u);
  EXPECT_EQ(ticks.entries[0].change, EntryChange::re_encoded) << "0 and 1 both show one tick";
  EXPECT_FALSE(ticks.drawn_differs());
}

// The game uses the low 16 bits of a duration (check's frame.duration-high-bits says so of the
// same word): a change confined to the high half is bytes only, and so is 0x10000 against 1.
TEST(SpriteDiff, DurationHighBitsAreNotShown) {
  GafSpec high = clean_sprite();
  high.entries[0].frames[4].duration = 0x10002;
  const EntryDiff entry = only_entry(sprite_diff(clean_sprite(), high));
  EXPECT_EQ(entry.change, EntryChange::re_encoded);
  ASSERT_EQ(entry.frames.size(), 1u);
  ASSERT_NE(field(entry.frames[0].fields, "duration"), nullptr);
  EXPECT_FALSE(field(entry.frames[0].fields, "duration")->drawn);
  GafSpec wrapped = clean_sprite();
  wrapped.entries[1].frames[0].duration = 0x10000;
  EXPECT_FALSE(sprite_diff(clean_sprite(), wrapped).drawn_differs()) << "0 ticks: one, as 1";
  // Control: the low half changed as well is shown.
  GafSpec both = clean_sprite();
  both.entries[0].frames[4].duration = 0x10003;
  EXPECT_TRUE(sprite_diff(clean_sprite(), both).drawn_differs());
}

TEST(SpriteDiff, RawToRleWithTheSamePixelsIsReEncoded) {
  GafSpec after = clean_sprite();
  FrameSpec& frame = after.frames[2];
  std::vector<std::vector<std::uint8_t>> rows;
  for (int y = 0; y < 4; ++y) {
    std::vector<int> row;
    for (int x = 0; x < 4; ++x) row.push_back((*frame.raw)[static_cast<std::size_t>(y * 4 + x)]);
    rows.push_back(builder::encode_rle_row(row));
  }
  frame.compressed = 1;
  frame.rle_rows = rows;
  frame.raw.reset();
  const EntryDiff entry = only_entry(sprite_diff(clean_sprite(), after));
  EXPECT_EQ(entry.change, EntryChange::re_encoded);
  ASSERT_EQ(entry.frames.size(), 1u);
  EXPECT_EQ(entry.frames[0].change, FrameChange::re_encoded);
  ASSERT_NE(field(entry.frames[0].fields, "storage"), nullptr);
  EXPECT_EQ(field(entry.frames[0].fields, "storage")->before, "raw");
  EXPECT_EQ(field(entry.frames[0].fields, "storage")->after, "rle");
}

// Every frame that draws nothing draws the same, whatever the reason: an 8x0 composite whose one
// layer has no pixels against an 8x0 leaf (what a rebuild writes for it) is not a change.
TEST(SpriteDiff, FramesThatDrawNothingAreTheSameDrawing) {
  GafSpec before = clean_sprite();
  FrameSpec empty_layer{.id = "empty", .width = 0, .height = 3, .raw = std::vector<std::uint8_t>{}};
  FrameSpec composite{.id = "f5", .width = 8, .height = 0, .children = {"empty"}};
  before.frames[5] = composite;
  before.frames.push_back(empty_layer);
  GafSpec after = clean_sprite();
  after.frames[5] =
      FrameSpec{.id = "f5", .width = 8, .height = 0, .raw = std::vector<std::uint8_t>{}};
  const EntryDiff entry = only_entry(sprite_diff(before, after));
  EXPECT_EQ(entry.name, "ARMFLASH");
  EXPECT_EQ(entry.change, EntryChange::re_encoded);
  ASSERT_EQ(entry.frames.size(), 1u);
  EXPECT_EQ(entry.frames[0].change, FrameChange::re_encoded);
  EXPECT_EQ(field(entry.frames[0].fields, "undrawable"), nullptr);
}

// A layer the game tints against the screen (its +11 byte set) draws differently with the same
// pixels: the field that says so is listed, drawn.
TEST(SpriteDiff, TintedLayerIsAShownField) {
  GafSpec before = clean_sprite();
  FrameSpec layer = distinct_frame(5);
  layer.id = "layer";
  before.frames[5] = FrameSpec{.id = "f5", .width = 4, .height = 4, .children = {"layer"}};
  before.frames.push_back(layer);
  GafSpec after = before;
  after.frames.back().alt_byte = 1;
  const EntryDiff entry = only_entry(sprite_diff(before, after));
  EXPECT_EQ(entry.change, EntryChange::changed);
  ASSERT_EQ(entry.frames.size(), 1u);
  const FieldChange* tinted = field(entry.frames[0].fields, "tinted_layers");
  ASSERT_NE(tinted, nullptr);
  EXPECT_EQ(tinted->before, "0");
  EXPECT_EQ(tinted->after, "1");
  EXPECT_TRUE(tinted->drawn);
  // Control: the same composite on both sides lists no field.
  EXPECT_TRUE(sprite_diff(before, before).entries.empty());
}

TEST(SpriteDiff, LoopFlagIsShownItsHighByteIsNot) {
  GafSpec after = clean_sprite();
  after.entries[0].loop_word = 0;
  const EntryDiff entry = only_entry(sprite_diff(clean_sprite(), after));
  EXPECT_EQ(entry.change, EntryChange::changed);
  ASSERT_NE(field(entry.fields, "loop"), nullptr);

  GafSpec high = clean_sprite();
  high.entries[0].loop_word = 0x0101;
  EXPECT_EQ(only_entry(sprite_diff(clean_sprite(), high)).change, EntryChange::re_encoded);
}

TEST(SpriteDiff, AddedAndRemovedEntries) {
  GafSpec after = clean_sprite();
  after.entries.pop_back();
  EntrySpec extra{.name = "ARMNEW"};
  extra.frames.push_back({"f0", 3});
  after.entries.push_back(extra);
  const SpriteDiff diff = sprite_diff(clean_sprite(), after);
  ASSERT_EQ(diff.entries.size(), 2u);
  EXPECT_EQ(diff.entries[0].change, EntryChange::removed);
  EXPECT_EQ(diff.entries[0].name, "ARMFLASH");
  EXPECT_EQ(diff.entries[1].change, EntryChange::added);
  EXPECT_EQ(diff.entries[1].name, "ARMNEW");
}

// A rename onto a name an earlier entry already has (as the game folds it) leaves the entry
// where the game cannot find it: its drawing is gone, not renamed, and that is a drawn change.
TEST(SpriteDiff, RenameOntoAnEarlierNameLosesTheEntry) {
  GafSpec after = clean_sprite();
  after.entries[1].name = "armwalk";
  const SpriteDiff diff = sprite_diff(clean_sprite(), after);
  EXPECT_TRUE(diff.drawn_differs());
  ASSERT_EQ(diff.entries.size(), 2u);
  EXPECT_EQ(diff.entries[0].change, EntryChange::removed);
  EXPECT_EQ(diff.entries[0].name, "ARMFLASH");
  EXPECT_TRUE(diff.entries[0].reachable);
  EXPECT_EQ(diff.entries[1].change, EntryChange::added);
  EXPECT_EQ(diff.entries[1].name, "armwalk");
  EXPECT_FALSE(diff.entries[1].reachable);
  // Control: a later duplicate renamed to another duplicate's name stays out of the game's
  // reach on both sides, and that is no drawn change.
  GafSpec before = clean_sprite();
  before.entries.push_back(EntrySpec{.name = "ARMWALK", .frames = {{"f5", 1}}});
  GafSpec quiet = before;
  quiet.entries[2].name = "ARMFLASH";
  const SpriteDiff hidden = sprite_diff(before, quiet);
  ASSERT_EQ(hidden.entries.size(), 1u);
  EXPECT_EQ(hidden.entries[0].change, EntryChange::renamed);
  EXPECT_FALSE(hidden.entries[0].reachable);
  EXPECT_FALSE(hidden.drawn_differs());
}

// An entry count the game reads as negative loads no entry: every entry it found before is gone
// from the game, although its bytes did not change.
TEST(SpriteDiff, EntriesTheGameStopsLoadingAreChanged) {
  GafSpec after = clean_sprite();
  after.entry_count_word = 0x8002;
  const SpriteDiff diff = sprite_diff(clean_sprite(), after);
  EXPECT_TRUE(diff.drawn_differs());
  EXPECT_EQ(diff.unchanged_entries, 0u);
  std::size_t lost = 0;
  for (const EntryDiff& entry : diff.entries) {
    if (entry.name != "ARMWALK" && entry.name != "ARMFLASH") continue;
    ++lost;
    EXPECT_EQ(entry.change, EntryChange::changed) << entry.name;
    const FieldChange* reach = field(entry.fields, "reachable");
    ASSERT_NE(reach, nullptr) << entry.name;
    EXPECT_EQ(reach->before, "yes");
    EXPECT_EQ(reach->after, "no");
    EXPECT_TRUE(reach->drawn);
  }
  EXPECT_EQ(lost, 2u);
  // Control: the high 16 bits of the count are not read by the game.
  GafSpec high = clean_sprite();
  high.entry_count_word = 0x10002;
  EXPECT_FALSE(sprite_diff(clean_sprite(), high).drawn_differs());
}

SpriteDiff truecolor_diff(const builder::TafSpec& before, const builder::TafSpec& after) {
  const auto old_bytes = builder::build_taf(before).bytes;
  const auto new_bytes = builder::build_taf(after).bytes;
  SpriteSide a(ByteView(old_bytes.data(), old_bytes.size()), Format::taf_truecolor, BudgetLimits{},
               false);
  SpriteSide b(ByteView(new_bytes.data(), new_bytes.size()), Format::taf_truecolor, BudgetLimits{},
               false);
  return diff_sprites(a, b);
}

TEST(SpriteDiff, TruecolorFramesAreComparedAsDrawn) {
  const builder::TafSpec before = builder::simple_taf_spec(5, 3);
  EXPECT_TRUE(truecolor_diff(before, before).entries.empty());
  builder::TafSpec after = before;
  auto pixels = builder::default_taf_pixels(4, 4, 5);
  pixels[5] = 0x801F;  // an opaque pure blue where the default has another colour
  after.frames[1].pixels = pixels;
  const EntryDiff entry = only_entry(truecolor_diff(before, after));
  ASSERT_EQ(entry.frames.size(), 1u);
  EXPECT_EQ(entry.frames[0].change, FrameChange::changed);
  EXPECT_EQ(entry.frames[0].old_index, 1u);
  ASSERT_TRUE(entry.frames[0].pixels);
  EXPECT_EQ(entry.frames[0].pixels->differing, 1u);
  EXPECT_FALSE(entry.frames[0].pixels->remap) << "no palette: no index remap";
  // A transparent pixel's colour bits are not drawn: changing them is re-encoded.
  builder::TafSpec hidden = before;
  auto hidden_pixels = builder::default_taf_pixels(4, 4, 5);
  hidden_pixels[0] = static_cast<std::uint16_t>(hidden_pixels[0] ^ 0x001F);  // alpha bit clear
  hidden.frames[0].pixels = hidden_pixels;
  const EntryDiff unseen = only_entry(truecolor_diff(before, hidden));
  EXPECT_EQ(unseen.change, EntryChange::re_encoded);
}

}  // namespace
}  // namespace gafcheck::compare

namespace gafcheck::compare {
namespace {

// The sprite with frame f2 undrawable: its pixels lie past the end of the file at data_offset.
GafSpec with_frame_past_end(std::uint32_t data_offset, std::uint8_t compressed = 0) {
  GafSpec spec = clean_sprite();
  spec.frames[2].data_offset = data_offset;
  spec.frames[2].compressed = compressed;
  return spec;
}

const FieldChange* undrawable_field(const SpriteDiff& diff) {
  if (diff.entries.size() != 1u || diff.entries[0].frames.size() != 1u) return nullptr;
  return field(diff.entries[0].frames[0].fields, "undrawable");
}

// Only the data pointer moved: the frame fails the same way, which like a moved drawable frame
// is no change at all (the pointer is not compared; the reason text differs in its offset only).
TEST(SpriteDiff, SameUndrawableFrameMovedIsNotADrawnChange) {
  const SpriteDiff diff = sprite_diff(with_frame_past_end(0x100000), with_frame_past_end(0x200000));
  EXPECT_TRUE(diff.entries.empty());
  EXPECT_FALSE(diff.drawn_differs());
}

// The same failure with another header field the game does not draw by (the reserved word)
// shows the reason texts, but not as a drawn change.
TEST(SpriteDiff, SameUndrawableFrameWithOtherBytesShowsItsReasonNotDrawn) {
  GafSpec after = with_frame_past_end(0x200000);
  after.frames[2].unknown3 = 7;
  const SpriteDiff diff = sprite_diff(with_frame_past_end(0x100000), after);
  EXPECT_FALSE(diff.drawn_differs());
  const FieldChange* reason = undrawable_field(diff);
  ASSERT_NE(reason, nullptr);
  EXPECT_NE(reason->before, reason->after);
  EXPECT_FALSE(reason->drawn);
}

TEST(SpriteDiff, SameUndrawableFrameAtTheSameOffsetIsUnchanged) {
  const SpriteDiff diff = sprite_diff(with_frame_past_end(0x100000), with_frame_past_end(0x100000));
  EXPECT_TRUE(diff.entries.empty());
  EXPECT_FALSE(diff.drawn_differs());
}

TEST(SpriteDiff, AnotherKindOfFailureIsADrawnChange) {
  const SpriteDiff diff =
      sprite_diff(with_frame_past_end(0x100000, 0), with_frame_past_end(0x100000, 1));
  EXPECT_TRUE(diff.drawn_differs());
}

TEST(SpriteDiff, UndrawableOnOneSideOnlyIsADrawnChange) {
  EXPECT_TRUE(sprite_diff(clean_sprite(), with_frame_past_end(0x100000)).drawn_differs());
  EXPECT_TRUE(sprite_diff(with_frame_past_end(0x100000), clean_sprite()).drawn_differs());
}

TEST(SpriteDiff, UndrawableFrameOfAnotherSizeIsADrawnChange) {
  GafSpec after = with_frame_past_end(0x100000);
  after.frames[2].width = 5;
  after.frames[2].raw.reset();
  EXPECT_TRUE(sprite_diff(with_frame_past_end(0x100000), after).drawn_differs());
}

// A truncated copy reads and is compared as the game draws it: the frames past the cut are
// undrawable, a drawn change (diff exits 1, not 3: the file is not unreadable).
TEST(SpriteDiff, TruncatedCopyIsADrawnChange) {
  const auto whole = builder::build_gaf(clean_sprite()).bytes;
  const std::vector<std::uint8_t> cut(whole.begin(), whole.end() - 20);
  SpriteSide a(ByteView(whole.data(), whole.size()), Format::gaf, BudgetLimits{}, false);
  SpriteSide b(ByteView(cut.data(), cut.size()), Format::gaf, BudgetLimits{}, false);
  const SpriteDiff diff = diff_sprites(a, b);
  EXPECT_TRUE(diff.drawn_differs());
}

TEST(DrawnFrame, FailureKindLeavesOutNumbersAndOffsets) {
  EXPECT_EQ(failure_kind("raw pixels 4x4 at 0x1A2b lie outside"),
            "raw pixels #x# at # lie outside");
  EXPECT_EQ(failure_kind("budget.exceeded: pixels"), "budget.exceeded: pixels");
}

}  // namespace
}  // namespace gafcheck::compare
