// gafcheck diff's pictures: the HTML page holds its sections and one old | new | difference
// triple of PNG data: URIs per changed frame; the difference image marks exactly the pixels that
// differ (and only them at full opacity); truecolor frames keep their own colours; names from the
// inputs are escaped; --max-pictures and the heap budget bound how many frames are drawn, and the
// page says how many were left out; nothing is drawn unless asked.
#include "validator/compare/diff_page.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/taf_builder.hpp"
#include "reports/html_text.hpp"
#include "tests/support/png_decode.hpp"
#include "validator/compare/content_compare.hpp"

namespace gafcheck::compare {
namespace {

using builder::EntrySpec;
using builder::FrameSpec;
using builder::GafSpec;

// Three 4x4 raw frames of distinct pixels, none the key (9) or 0, in one entry.
GafSpec three_frames() {
  GafSpec spec;
  EntrySpec entry{.name = "ARMWALK"};
  for (int i = 0; i < 3; ++i) {
    FrameSpec frame{.id = "f" + std::to_string(i)};
    frame.raw.emplace(16);
    std::iota(frame.raw->begin(), frame.raw->end(), static_cast<std::uint8_t>(20 + 16 * i));
    spec.frames.push_back(frame);
    entry.frames.push_back({frame.id, 2});
  }
  spec.entries = {entry};
  return spec;
}

// Frames 0 and 2 changed: frame 0 three pixels recoloured and one made transparent (the key),
// frame 2 moved right by its origin (the union box is wider than either drawing).
GafSpec edited() {
  GafSpec spec = three_frames();
  auto& pixels = *spec.frames[0].raw;
  pixels[0] = 200, pixels[5] = 201, pixels[15] = 202, pixels[10] = 9;
  spec.frames[2].x_offset = -1;
  return spec;
}

Side sprite_side(const std::string& name, const GafSpec& spec) {
  Side side;
  side.kind = SideKind::sprite;
  side.argument = name;
  side.input.name = InputName::file(name);
  side.input.member = builder::build_gaf(spec).bytes;
  return side;
}

ContentDiff diff_with_pictures(std::uint64_t max_frames = 200) {
  CompareSettings settings;
  settings.pictures.wanted = true;
  settings.pictures.max_frames = max_frames;
  return compare_content(sprite_side("old.gaf", three_frames()), sprite_side("new.gaf", edited()),
                         settings);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t found = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++found;
  return found;
}

std::vector<const FrameDiff*> changed_frames(const ContentDiff& diff) {
  std::vector<const FrameDiff*> frames;
  for (const FileDiff& file : diff.files)
    if (file.sprite)
      for (const EntryDiff& entry : file.sprite->entries)
        for (const FrameDiff& frame : entry.frames)
          if (frame.change == FrameChange::changed) frames.push_back(&frame);
  return frames;
}

TEST(DiffPage, HoldsItsSectionsAndOneImageTriplePerChangedFrame) {
  const ContentDiff diff = diff_with_pictures();
  const auto frames = changed_frames(diff);
  ASSERT_EQ(frames.size(), 2u);
  for (const FrameDiff* frame : frames) ASSERT_TRUE(frame->pictures);
  const std::string page = html_content_diff(diff);
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(page.find("<strong class=\"verdict-different\">different</strong>"), std::string::npos);
  EXPECT_NE(page.find("<table class=\"counts\">"), std::string::npos);
  EXPECT_NE(page.find("<table class=\"changes\">"), std::string::npos);
  EXPECT_EQ(count(page, "<section class=\"file\">"), 1u);
  EXPECT_EQ(count(page, "<figure class=\"compare\""), 2u);
  EXPECT_EQ(count(page, "data:image/png;base64,"), 3 * frames.size());
  for (const std::string view : {"two-up", "swipe", "onion"})
    EXPECT_EQ(count(page, "<div class=\"view " + view + "\">"), 2u) << view;
  // Each picture is in the page once, as its own data: URI, in old, new, difference order.
  const FramePictures& first = *frames[0]->pictures;
  const auto old_at =
      page.find(png_data_uri(std::string(first.old_png.begin(), first.old_png.end())));
  const auto new_at =
      page.find(png_data_uri(std::string(first.new_png.begin(), first.new_png.end())));
  const auto difference_at = page.find(
      png_data_uri(std::string(first.difference_png.begin(), first.difference_png.end())));
  ASSERT_NE(difference_at, std::string::npos);
  EXPECT_LT(old_at, new_at);
  EXPECT_LT(new_at, difference_at);
  EXPECT_EQ(page.find("<link"), std::string::npos) << "no external resource";
  EXPECT_EQ(page.find("src=\"http"), std::string::npos);
}

TEST(DiffPage, DifferenceImageMarksExactlyTheDifferingPixels) {
  const std::vector<std::uint8_t> old_bytes = builder::build_gaf(three_frames()).bytes;
  const std::vector<std::uint8_t> new_bytes = builder::build_gaf(edited()).bytes;
  SpriteSide before(ByteView(old_bytes.data(), old_bytes.size()), Format::gaf, BudgetLimits{},
                    false);
  SpriteSide after(ByteView(new_bytes.data(), new_bytes.size()), Format::gaf, BudgetLimits{},
                   false);
  for (const std::uint32_t frame : {0u, 2u}) {
    const DrawnImage a = before.draw(frame), b = after.draw(frame);
    const auto pictures = draw_frame_pictures(a, b, render::forensic_palette(), true);
    ASSERT_TRUE(pictures);
    const testing::DecodedPng difference = testing::decode_png(pictures->difference_png);
    ASSERT_EQ(difference.width, pictures->box.width);
    ASSERT_EQ(difference.height, pictures->box.height);
    std::uint64_t marked = 0;
    for (std::uint32_t y = 0; y < difference.height; ++y)
      for (std::uint32_t x = 0; x < difference.width; ++x) {
        const std::uint8_t* rgba =
            difference.rgba.data() + (std::size_t{y} * difference.width + x) * 4;
        const bool is_marked = rgba[0] == 255 && rgba[1] == 0 && rgba[2] == 255 && rgba[3] == 255;
        const std::int64_t ax = pictures->box.left + x, ay = pictures->box.top + y;
        EXPECT_EQ(is_marked, a.at(ax, ay) != b.at(ax, ay))
            << "frame " << frame << " at " << ax << "," << ay;
        if (!is_marked) {
          EXPECT_LT(rgba[3], 255) << "only marked pixels are opaque";
        }
        marked += is_marked;
      }
    EXPECT_EQ(marked, compare_pixels(a, b).differing) << "frame " << frame;
    // Old and new are drawn in the same box, so they overlay.
    EXPECT_EQ(testing::decode_png(pictures->old_png).width, difference.width);
    EXPECT_EQ(testing::decode_png(pictures->new_png).height, difference.height);
  }
}

TEST(DiffPage, MaxPicturesBoundsTheFramesDrawnAndThePageSaysSo) {
  const ContentDiff diff = diff_with_pictures(1);
  const auto frames = changed_frames(diff);
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_TRUE(frames[0]->pictures);
  EXPECT_FALSE(frames[1]->pictures);
  EXPECT_EQ(diff.pictures.taken, 1u);
  EXPECT_EQ(diff.pictures.past_max_frames, 1u);
  const std::string page = html_content_diff(diff);
  EXPECT_EQ(count(page, "data:image/png;base64,"), 3u);
  EXPECT_NE(page.find("1 more changed frames not drawn: past --max-pictures 1"), std::string::npos);
}

TEST(DiffPage, HeapBudgetBoundsThePictures) {
  CompareSettings settings;
  settings.pictures.wanted = true;
  // Room for the first frame's pictures at their worst case (about 3.3 KB), not for a second.
  settings.check.limits[BudgetKind::heap] = 3500;
  const ContentDiff diff = compare_content(sprite_side("old.gaf", three_frames()),
                                           sprite_side("new.gaf", edited()), settings);
  ASSERT_EQ(changed_frames(diff).size(), 2u) << "the files are read and compared all the same";
  EXPECT_EQ(diff.pictures.taken, 1u);
  EXPECT_EQ(diff.pictures.past_heap, 1u);
  EXPECT_NE(html_content_diff(diff).find("would pass the heap budget (--max-heap 3500)"),
            std::string::npos);
}

TEST(DiffPage, TruecolorFramesAreDrawnFromTheirOwnColours) {
  const auto taf = [](std::uint16_t second) {
    builder::TafSpec spec;
    builder::TafFrameSpec frame;
    frame.width = 2, frame.height = 1;
    frame.pixels = std::vector<std::uint16_t>{0xFC00, second};  // ARGB1555: opaque red, then second
    spec.frames = {frame};
    Side side;
    side.kind = SideKind::sprite;
    side.argument = second == 0x83E0 ? "old.taf" : "new.taf";
    side.input.name = InputName::file(side.argument);
    side.input.member = builder::build_taf(spec).bytes;
    return side;
  };
  CompareSettings settings;
  settings.pictures.wanted = true;
  const ContentDiff diff = compare_content(taf(0x83E0), taf(0x801F), settings);  // green, blue
  const auto frames = changed_frames(diff);
  ASSERT_EQ(frames.size(), 1u);
  ASSERT_TRUE(frames[0]->pictures);
  const auto old_picture = testing::decode_png(frames[0]->pictures->old_png);
  const auto new_picture = testing::decode_png(frames[0]->pictures->new_png);
  const auto difference = testing::decode_png(frames[0]->pictures->difference_png);
  ASSERT_EQ(old_picture.width, 2u);
  EXPECT_EQ(old_picture.rgba, (std::vector<std::uint8_t>{255, 0, 0, 255, 0, 255, 0, 255}));
  EXPECT_EQ(new_picture.rgba, (std::vector<std::uint8_t>{255, 0, 0, 255, 0, 0, 255, 255}));
  EXPECT_EQ(difference.rgba,
            (std::vector<std::uint8_t>{255, 0, 0, dimmed_alpha, 255, 0, 255, 255}));
}

TEST(DiffPage, NamesFromTheInputsAreEscaped) {
  GafSpec before = three_frames(), after = edited();
  before.entries[0].name = after.entries[0].name = "<img src=x>&";
  CompareSettings settings;
  settings.pictures.wanted = true;
  const std::string page = html_content_diff(
      compare_content(sprite_side("<b>old.gaf", before), sprite_side("new.gaf", after), settings));
  EXPECT_EQ(page.find("<img src=x>"), std::string::npos);
  EXPECT_EQ(page.find("<b>old"), std::string::npos);
  EXPECT_NE(page.find("&lt;img src=x&gt;&amp;"), std::string::npos);
}

TEST(DiffPage, NoPicturesUnlessAsked) {
  const ContentDiff diff = compare_content(sprite_side("old.gaf", three_frames()),
                                           sprite_side("new.gaf", edited()), CompareSettings{});
  for (const FrameDiff* frame : changed_frames(diff)) EXPECT_FALSE(frame->pictures);
  EXPECT_EQ(diff.pictures.taken, 0u);
}

}  // namespace
}  // namespace gafcheck::compare
