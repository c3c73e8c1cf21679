// gafcheck render's drawing: every expected image below is written down by hand from
// the bytes of its recipe and docs/format/gaf.md §3-§4, never taken from an earlier run of the
// renderer.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/recipe.hpp"
#include "tests/support/check_helpers.hpp"
#include "tests/support/png_decode.hpp"
#include "validator/render/canvas_colours.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/gif_writer.hpp"
#include "validator/render/output_names.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"

namespace gafcheck::render {
namespace {

constexpr int T = -1;  // transparent
constexpr int M = -2;  // strict: missing (no payload byte gives the pixel)

using builder::FrameSpec;
using builder::GafSpec;

struct Drawn {
  std::vector<std::uint8_t> bytes;
  RenderIndex index;
  Rendered retail;
  Rendered strict;
};

std::uint32_t frame_of(const RenderIndex& index, std::uint32_t entry, std::uint32_t k = 0) {
  const gaf::EntryRecord& record = index.index.entries.at(entry);
  return index.index.refs.at(record.first_ref + k).frame;
}

// limits: the renderer's (the structure is read with the defaults).
Drawn draw(const GafSpec& spec, BudgetLimits limits = {}) {
  Drawn out;
  out.bytes = builder::build_gaf(spec).bytes;
  const ByteView file(out.bytes.data(), out.bytes.size());
  out.index = read_render_index(file, Format::gaf, {});
  FrameRenderer renderer(file, out.index.index, limits);
  out.retail = renderer.render(frame_of(out.index, 0), RenderPolicy::retail);
  out.strict = renderer.render(frame_of(out.index, 0), RenderPolicy::strict);
  return out;
}

// The canvas as palette indices, T for transparent and M for strict-missing pixels.
std::vector<int> pixels_of(const Rendered& rendered) {
  std::vector<int> out;
  if (!rendered.canvas) return out;
  const Canvas& canvas = *rendered.canvas;
  for (std::size_t i = 0; i < canvas.flags.size(); ++i) {
    const std::uint8_t flags = canvas.flags[i];
    out.push_back(flags & pixel_flag::missing ? M
                  : flags & pixel_flag::drawn ? canvas.index[i]
                                              : T);
  }
  return out;
}

std::vector<bool> extra_of(const Rendered& rendered) {
  std::vector<bool> out;
  for (const std::uint8_t flags : rendered.canvas->flags) out.push_back(flags & pixel_flag::extra);
  return out;
}

GafSpec one_frame(FrameSpec frame) {
  GafSpec spec;
  frame.id = "f";
  spec.frames = {frame};
  spec.entries = {{.name = "SPRITE", .frames = {{.frame = "f"}}}};
  return spec;
}

FrameSpec rle(std::uint16_t width, std::uint16_t height, const char* data) {
  return {
      .width = width, .height = height, .compressed = 1, .data = builder::parse_hex_bytes(data)};
}

TEST(Render, CleanRleFrameIsTheSameUnderBothPolicies) {
  // Row 0: skip 1, repeat 2 x 5, literal 7. Row 1: literal 1 2 3 4.
  const Drawn out = draw(one_frame(rle(4, 2, "05 00 03 06 05 00 07   05 00 0C 01 02 03 04")));
  const std::vector<int> expected = {T, 5, 5, 7,  //
                                     1, 2, 3, 4};
  ASSERT_TRUE(out.retail.canvas) << out.retail.reason;
  EXPECT_EQ(pixels_of(out.retail), expected);
  EXPECT_EQ(pixels_of(out.strict), expected);
  EXPECT_EQ(out.strict.defect_rows, 0u);
  EXPECT_EQ(out.retail.canvas->width, 4u);
  EXPECT_EQ(out.retail.canvas->height, 2u);
}

TEST(Render, ShortRowReadsThroughTheNextRowsCountWord) {
  // Row 0 (count 2) is a 2-px repeat of 5 and ends there. The game decodes on: row 1's count word
  // 06 00 is a 2-px repeat of 0x00. Row 1 still starts at 4: literal 1 2 3, then a 1-px repeat
  // of 9 (the key, opaque in an RLE frame).
  const Drawn out = draw(one_frame(rle(4, 2, "02 00 06 05   06 00 08 01 02 03 02 09")));
  ASSERT_TRUE(out.retail.canvas) << out.retail.reason;
  EXPECT_EQ(pixels_of(out.retail), (std::vector<int>{5, 5, 0, 0,  //
                                                     1, 2, 3, 9}));
  EXPECT_EQ(pixels_of(out.strict), (std::vector<int>{5, 5, M, M,  //
                                                     1, 2, 3, 9}));
  ASSERT_EQ(out.strict.defects.size(), 1u);
  EXPECT_EQ(out.strict.defects[0].kind, "short_row");
  EXPECT_EQ(out.strict.defects[0].row, 0u);
  EXPECT_EQ(out.strict.defects[0].column, 2u);
  // The key drawn by a repeat is marked (the forensic palette shows it as a checkerboard).
  EXPECT_TRUE(out.retail.canvas->flags[7] & pixel_flag::key);
  EXPECT_FALSE(out.retail.canvas->flags[6] & pixel_flag::key);
}

TEST(Render, OverrunIsClampedAndTheNextRowFoundByItsCount) {
  // Row 0 (count 7): a 6-px literal 1..6 in a 4-px row; the game keeps 1 2 3 4. Row 1 starts at
  // 0 + 2 + 7: literal 5 6 7 8.
  const Drawn out = draw(one_frame(rle(4, 2, "07 00 14 01 02 03 04 05 06   05 00 0C 05 06 07 08")));
  const std::vector<int> expected = {1, 2, 3, 4,  //
                                     5, 6, 7, 8};
  ASSERT_TRUE(out.retail.canvas) << out.retail.reason;
  EXPECT_EQ(pixels_of(out.retail), expected);
  EXPECT_EQ(pixels_of(out.strict), expected);
  EXPECT_EQ(extra_of(out.strict), (std::vector<bool>{true, true, true, true,  //
                                                     false, false, false, false}));
  ASSERT_EQ(out.strict.defects.size(), 1u);
  EXPECT_EQ(out.strict.defects[0].kind, "overrun");
  // Retail has no marks.
  EXPECT_EQ(extra_of(out.retail), std::vector<bool>(8, false));
}

TEST(Render, CountZeroRowIsTransparent) {
  const Drawn out = draw(one_frame(rle(3, 2, "00 00   04 00 08 07 08 09")));
  ASSERT_TRUE(out.retail.canvas) << out.retail.reason;
  EXPECT_EQ(pixels_of(out.retail), (std::vector<int>{T, T, T,  //
                                                     7, 8, 9}));
  EXPECT_EQ(out.strict.defect_rows, 0u);
}

TEST(Render, RawFrameKeyPixelsAreTransparent) {
  FrameSpec frame{
      .width = 3, .height = 2, .color_key = 9, .raw = std::vector<std::uint8_t>{9, 1, 9, 2, 9, 3}};
  const Drawn out = draw(one_frame(frame));
  ASSERT_TRUE(out.retail.canvas) << out.retail.reason;
  EXPECT_EQ(pixels_of(out.retail), (std::vector<int>{T, 1, T,  //
                                                     2, T, 3}));
  // Control: another key leaves 9 opaque and hides its own value.
  frame.color_key = 1;
  const Drawn keyed = draw(one_frame(frame));
  EXPECT_EQ(pixels_of(keyed.retail), (std::vector<int>{9, T, 9,  //
                                                       2, 9, 3}));
}

// Parent 4x4 with anchor (1,1); layer A (2x2 raw 1 2 / 3 4, anchor 0,0) lands at (1,1), layer B
// (3x1 raw 5 9 6, key 9, anchor 2,0) at (-1,1): one column left of the parent. The canvas grows
// to hold B: 5x4 with the anchor at (2,1); B, drawn after A, covers A's top-left pixel with 6.
GafSpec offset_composite() {
  GafSpec spec;
  spec.frames = {
      {.id = "parent",
       .width = 4,
       .height = 4,
       .x_offset = 1,
       .y_offset = 1,
       .children = {"a", "b"}},
      {.id = "a", .width = 2, .height = 2, .raw = std::vector<std::uint8_t>{1, 2, 3, 4}},
      {.id = "b",
       .width = 3,
       .height = 1,
       .x_offset = 2,
       .raw = std::vector<std::uint8_t>{5, 9, 6}},
  };
  spec.entries = {{.name = "COMPOSED", .frames = {{.frame = "parent"}}}};
  return spec;
}

TEST(Render, CompositeAlignsAnchorsInTableOrderAndKeepsChildrenOutsideTheParent) {
  const Drawn out = draw(offset_composite());
  ASSERT_TRUE(out.retail.canvas) << out.retail.reason;
  const Canvas& canvas = *out.retail.canvas;
  EXPECT_EQ(canvas.width, 5u);
  EXPECT_EQ(canvas.height, 4u);
  EXPECT_EQ(canvas.x_offset, 2);
  EXPECT_EQ(canvas.y_offset, 1);
  const std::vector<int> expected = {T, T, T, T, T,  //
                                     5, T, 6, 2, T,  //
                                     T, T, 3, 4, T,  //
                                     T, T, T, T, T};
  EXPECT_EQ(pixels_of(out.retail), expected);
  EXPECT_EQ(pixels_of(out.strict), expected);
}

// Layers wider than 16 pixels: the blit's 16-lane steps and its one-at-a-time tail. The top
// layer's key pixels (every third) let the bottom layer show through.
TEST(Render, WideLayersShowThroughTheTopLayersTransparentPixels) {
  std::vector<std::uint8_t> bottom(19, 1), top(19, 2);
  for (std::size_t x = 0; x < top.size(); x += 3) top[x] = 9;
  GafSpec spec;
  spec.frames = {{.id = "parent", .width = 19, .height = 1, .children = {"bottom", "top"}},
                 {.id = "bottom", .width = 19, .height = 1, .raw = bottom},
                 {.id = "top", .width = 19, .height = 1, .raw = top}};
  spec.entries = {{.name = "WIDE", .frames = {{.frame = "parent"}}}};
  const Drawn out = draw(spec);
  ASSERT_TRUE(out.retail.canvas) << out.retail.reason;
  const std::vector<int> expected = {1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 1, 2, 2, 1};
  EXPECT_EQ(pixels_of(out.retail), expected);
  EXPECT_EQ(pixels_of(out.strict), expected);
}

TEST(Render, LayerCountIsTheByteTheGameReads) {
  // +10 = 1 and +11 = 1 on the parent: 257 layers to a reader of the u16, one to the game.
  GafSpec spec = offset_composite();
  spec.frames[0].children = {"a"};
  spec.frames[0].alt_byte = 1;
  const Drawn out = draw(spec);
  ASSERT_TRUE(out.retail.canvas) << out.retail.reason;
  EXPECT_EQ(pixels_of(out.retail), (std::vector<int>{T, T, T, T,  //
                                                     T, 1, 2, T,  //
                                                     T, 3, 4, T,  //
                                                     T, T, T, T}));
  EXPECT_EQ(out.retail.tinted_layers, 0u);
  // A set +11 byte on a layer: the game tints it; it is counted.
  spec.frames[0].alt_byte = 0;
  spec.frames[1].alt_byte = 1;
  EXPECT_EQ(draw(spec).retail.tinted_layers, 1u);
}

TEST(Render, EmptyLayerDrawsNothingAndTheOthersStillDo) {
  GafSpec spec = offset_composite();
  spec.frames.push_back({.id = "empty", .width = 0, .height = 3});
  spec.frames[0].children = {"a", "empty"};
  const Drawn out = draw(spec);
  ASSERT_TRUE(out.retail.canvas) << out.retail.reason;
  EXPECT_EQ(pixels_of(out.retail), (std::vector<int>{T, T, T, T,  //
                                                     T, 1, 2, T,  //
                                                     T, 3, 4, T,  //
                                                     T, T, T, T}));
}

TEST(Render, NestedCompositeIsNotDrawnByTheGameButDrawnStrictly) {
  GafSpec spec = offset_composite();
  spec.frames.push_back({.id = "outer",
                         .width = 4,
                         .height = 4,
                         .x_offset = 1,
                         .y_offset = 1,
                         .children = {"parent"}});
  spec.entries[0].frames[0].frame = "outer";
  const Drawn out = draw(spec);
  EXPECT_FALSE(out.retail.canvas);
  EXPECT_NE(out.retail.reason.find("composite itself"), std::string::npos) << out.retail.reason;
  ASSERT_TRUE(out.strict.canvas) << out.strict.reason;
  EXPECT_EQ(out.strict.canvas->width, 5u);
}

TEST(Render, CycleIsRefused) {
  GafSpec spec = offset_composite();
  spec.frames[0].children = {"a", "parent"};
  const Drawn out = draw(spec);
  EXPECT_FALSE(out.retail.canvas);
  EXPECT_FALSE(out.strict.canvas);
  EXPECT_NE(out.strict.reason.find("cycle"), std::string::npos) << out.strict.reason;
}

TEST(Render, RowDecodedPastTheEndOfTheFileIsNotGuessed) {
  // The last row (the frame's data ends the file) gives 1 of 3 pixels.
  const Drawn out = draw(one_frame(rle(3, 2, "04 00 08 01 02 03   02 00 00 07")));
  EXPECT_FALSE(out.retail.canvas);
  EXPECT_NE(out.retail.reason.find("row 1"), std::string::npos) << out.retail.reason;
  EXPECT_NE(out.retail.reason.find("past the end of the file"), std::string::npos);
  ASSERT_TRUE(out.strict.canvas) << out.strict.reason;
  EXPECT_EQ(pixels_of(out.strict), (std::vector<int>{1, 2, 3,  //
                                                     7, M, M}));
}

TEST(Render, RowOutsideTheFileLeavesTheRestMissing) {
  // Row 1's payload (count 9) runs past the end: strict draws what the file holds, marks the
  // rest of the row and row 2 missing.
  const Drawn out = draw(one_frame(rle(2, 3, "03 00 04 01 02   09 00 00 05")));
  EXPECT_FALSE(out.retail.canvas);
  ASSERT_TRUE(out.strict.canvas) << out.strict.reason;
  EXPECT_EQ(pixels_of(out.strict), (std::vector<int>{1, 2,  //
                                                     5, M,  //
                                                     M, M}));
}

TEST(Render, PixelBudgetRefusesACanvasBeforeItIsAllocated) {
  BudgetLimits limits;
  limits[BudgetKind::pixels] = 15;
  const Drawn out = draw(offset_composite(), limits);  // layers 4 + 3, then the 20-px canvas
  EXPECT_FALSE(out.retail.canvas);
  EXPECT_NE(out.retail.reason.find("budget.exceeded: pixels"), std::string::npos)
      << out.retail.reason;
  // Control: enough for one drawing.
  limits[BudgetKind::pixels] = 27;
  const Drawn enough = draw(offset_composite(), limits);
  EXPECT_TRUE(enough.retail.canvas) << enough.retail.reason;
  EXPECT_FALSE(enough.strict.canvas);  // the budget is per file: the second drawing is refused
}

TEST(Render, HeapBudgetCountsTheLayersHeldWhileTheParentIsAllocated) {
  BudgetLimits limits;
  limits[BudgetKind::heap] = 2 * (4 + 3 + 20) - 1;  // 2 bytes per canvas pixel
  EXPECT_NE(draw(offset_composite(), limits).retail.reason.find("budget.exceeded: heap"),
            std::string::npos);
  limits[BudgetKind::heap] = 2 * (4 + 3 + 20);
  EXPECT_TRUE(draw(offset_composite(), limits).retail.canvas);
}

TEST(Render, HugeDimensionsAreRefusedNotAllocated) {
  // A 65535 x 65535 RLE frame whose first row is in a tiny file: the pixel budget, not the
  // allocator, says no to its 4.3 G pixels.
  const Drawn out = draw(one_frame(rle(65535, 65535, "00 00")));
  EXPECT_FALSE(out.retail.canvas);
  EXPECT_NE(out.retail.reason.find("budget.exceeded: pixels"), std::string::npos)
      << out.retail.reason;
  // Raw pixels the file does not hold are refused before any budget is asked.
  const Drawn raw =
      draw(one_frame({.width = 65535, .height = 65535, .data = std::vector<std::uint8_t>{1}}));
  EXPECT_FALSE(raw.retail.canvas);
  EXPECT_NE(raw.retail.reason.find("run past the end"), std::string::npos) << raw.retail.reason;
}

TEST(Render, SharedCompositeGraphIsBoundedByTheExpansionBudget) {
  // 4^8 leaf visits from 33 frame headers: the strict drawing stops at the budget instead of
  // walking them all; the game refuses at the first nested layer.
  GafSpec spec;
  testing::add_shared_dag(spec, "DAG", 8, 4);
  BudgetLimits limits;
  limits[BudgetKind::expansion] = 1000;
  const Drawn out = draw(spec, limits);
  EXPECT_FALSE(out.strict.canvas);
  EXPECT_NE(out.strict.reason.find("budget.exceeded: expansion"), std::string::npos)
      << out.strict.reason;
  EXPECT_NE(out.retail.reason.find("composite itself"), std::string::npos) << out.retail.reason;
  // Control: a graph within the budget is drawn.
  GafSpec small;
  testing::add_shared_dag(small, "DAG", 2, 3);  // 1 + 3 + 9 visits
  limits[BudgetKind::expansion] = 13;
  EXPECT_TRUE(draw(small, limits).strict.canvas) << draw(small, limits).strict.reason;
}

TEST(Render, DepthBudgetStopsStrictNesting) {
  GafSpec spec;
  testing::add_shared_dag(spec, "DAG", 3, 1);  // root > L1 > L2 > L3: three levels of layers
  BudgetLimits limits;
  limits[BudgetKind::depth] = 2;
  const Drawn out = draw(spec, limits);
  EXPECT_NE(out.strict.reason.find("budget.exceeded: depth"), std::string::npos)
      << out.strict.reason;
  limits[BudgetKind::depth] = 3;
  EXPECT_TRUE(draw(spec, limits).strict.canvas);
}

// --- colours and PNG ---

using testing::decode_png;
using testing::DecodedPng;

std::vector<std::uint8_t> rgba_of(const Palette& palette, std::uint8_t index) {
  const Rgb c = palette.colours[index];
  return {c.r, c.g, c.b, 255};
}

TEST(Render, PngHoldsThePaletteColoursAndZeroAlphaForTransparentPixels) {
  const Drawn out = draw(one_frame(rle(4, 2, "02 00 06 05   06 00 08 01 02 03 02 09")));
  Palette palette;  // a plain palette: index i is (i, 2i, 255-i)
  for (int i = 0; i < 256; ++i)
    palette.colours[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(2 * i),
                          static_cast<std::uint8_t>(255 - i)};
  const Canvas& strict = *out.strict.canvas;
  const Result<std::vector<std::uint8_t>> png = encode_png(
      strict.width, strict.height,
      [&](std::uint32_t y, std::uint8_t* rgba) { policy_row(strict, palette, y, rgba); });
  ASSERT_TRUE(png.ok()) << png.problem().message;
  const DecodedPng decoded = decode_png(*png);
  ASSERT_EQ(decoded.width, 4u);
  ASSERT_EQ(decoded.height, 2u);
  const auto pixel = [&](int x, int y) {
    const auto at = decoded.rgba.begin() + (y * 4 + x) * 4;
    return std::vector<std::uint8_t>(at, at + 4);
  };
  EXPECT_EQ(pixel(0, 0), rgba_of(palette, 5));
  EXPECT_EQ(pixel(2, 0), (std::vector<std::uint8_t>{255, 0, 255, 255}));  // missing: magenta
  EXPECT_EQ(pixel(3, 1), rgba_of(palette, 9));  // the key, drawn, plain palette: its colour
  // Transparent: alpha 0.
  const Drawn zero = draw(one_frame(rle(3, 2, "00 00   04 00 08 07 08 09")));
  const Canvas& canvas = *zero.retail.canvas;
  const DecodedPng clear =
      decode_png(encode_png(canvas.width, canvas.height, [&](std::uint32_t y, std::uint8_t* rgba) {
                   policy_row(canvas, palette, y, rgba);
                 }).value());
  ASSERT_EQ(clear.rgba.size(), 3u * 2 * 4);
  EXPECT_EQ(clear.rgba[3], 0);
  EXPECT_EQ(clear.rgba[3 * 4 + 3], 255);
}

TEST(Render, ForensicPaletteDrawsTheKeyAsACheckerboard) {
  const Drawn out = draw(one_frame(rle(4, 2, "02 00 06 05   06 00 08 01 02 03 02 09")));
  const Palette palette = forensic_palette();
  std::vector<std::uint8_t> row(4 * 4);
  policy_row(*out.retail.canvas, palette, 1, row.data());
  // (3,1): cell ((3>>1)+(1>>1)) & 1 = 1: the second checker colour.
  EXPECT_EQ(row[12], key_checker_b.r);
  EXPECT_EQ(row[13], key_checker_b.g);
  EXPECT_EQ(row[15], 255);
  EXPECT_EQ(row[0], palette.colours[1].r);
}

TEST(Render, DiffMarksReadThroughAndDifferingPixels) {
  const Drawn out = draw(one_frame(rle(4, 2, "02 00 06 05   06 00 08 01 02 03 02 09")));
  DiffCounts counts;
  std::vector<std::uint8_t> row0(16), row1(16);
  const Palette palette = forensic_palette();
  diff_row(*out.retail.canvas, *out.strict.canvas, palette, 0, row0.data(), counts);
  diff_row(*out.retail.canvas, *out.strict.canvas, palette, 1, row1.data(), counts);
  EXPECT_EQ(counts.read_through, 2u);
  EXPECT_EQ(counts.differing, 0u);
  EXPECT_EQ(std::vector<std::uint8_t>(row0.begin() + 8, row0.begin() + 12),
            (std::vector<std::uint8_t>{255, 255, 0, 255}));
  EXPECT_EQ(row0[3], same_alpha);  // drawn alike: faint
  // An overrun differs (strict marks the run extra).
  const Drawn overrun =
      draw(one_frame(rle(4, 2, "07 00 14 01 02 03 04 05 06   05 00 0C 05 06 07 08")));
  DiffCounts overrun_counts;
  for (std::uint32_t y = 0; y < 2; ++y)
    diff_row(*overrun.retail.canvas, *overrun.strict.canvas, palette, y, row0.data(),
             overrun_counts);
  EXPECT_EQ(overrun_counts.differing, 4u);
  EXPECT_EQ(overrun_counts.read_through, 0u);
}

// --- names ---

Canvas one_pixel_at(std::int64_t x_offset, std::int64_t y_offset) {
  Canvas canvas;
  canvas.width = canvas.height = 1;
  canvas.x_offset = x_offset;
  canvas.y_offset = y_offset;
  canvas.index = {7};
  canvas.flags = {pixel_flag::drawn};
  return canvas;
}

// Two one-pixel frames 30,000 pixels apart each way: every GIF image is the 30001x30001 screen
// that holds both, so the animation costs 2 x 900,060,001 pixels, not 2 (fuzz_render once hung
// encoding such a pair).
TEST(RenderGif, FramesFarApartAreRefusedByThePixelBudgetBeforeEncoding) {
  const std::vector<std::optional<Canvas>> frames = {one_pixel_at(0, 0),
                                                     one_pixel_at(-30000, -30000)};
  EXPECT_EQ(gif_pixels(frames), 2ull * 30001 * 30001);
  const Result<GifImage> gif = encode_gif(frames, {1, 1}, forensic_palette(), true, 1u << 20);
  ASSERT_FALSE(gif);
  EXPECT_EQ(gif.problem().message,
            "budget.exceeded: pixels (2 frames of 30001x30001 are past 1048576 pixels)");
}

TEST(RenderGif, FramesWithinThePixelBudgetAreEncodedOnOneScreen) {
  const std::vector<std::optional<Canvas>> frames = {one_pixel_at(0, 0), one_pixel_at(-2, -1)};
  EXPECT_EQ(gif_pixels(frames), 2u * 3 * 2);
  const Result<GifImage> encoded =
      encode_gif(frames, {1, 1}, forensic_palette(), true, gif_pixels(frames));
  ASSERT_TRUE(encoded) << encoded.problem().message;
  const GifImage& gif = *encoded;
  EXPECT_EQ(gif.width, 3u);
  EXPECT_EQ(gif.height, 2u);
  ASSERT_GE(gif.bytes.size(), 6u);
  EXPECT_EQ(std::string(gif.bytes.begin(), gif.bytes.begin() + 6), "GIF89a");
}

TEST(RenderNames, HostileEntryNamesBecomeOneSafeComponent) {
  const auto name = [](std::string text) {
    std::array<std::uint8_t, 32> bytes{};
    std::copy_n(text.begin(), std::min<std::size_t>(text.size(), 32), bytes.begin());
    return bytes;
  };
  EXPECT_EQ(entry_directory(3, name("ARMCOM")), "3-ARMCOM");
  EXPECT_EQ(entry_directory(0, name("../../etc/passwd")), "0-_._.._etc_passwd");
  EXPECT_EQ(entry_directory(1, name("..")), "1-_.");
  EXPECT_EQ(entry_directory(2, name("")), "2-_");
  EXPECT_EQ(entry_directory(4, name("a\\b\x01\x7f\xff")), "4-a_b___");
  // Same name, other case: distinct by their index.
  EXPECT_NE(entry_directory(5, name("Tank")), entry_directory(6, name("tank")));
  EXPECT_EQ(input_directory(2, "mod.ufo!anims/x.gaf"), "2-x.gaf");
  EXPECT_LE(sanitized_name(std::string(500, 'a'), 64).size(), 64u);
}

}  // namespace
}  // namespace gafcheck::render
