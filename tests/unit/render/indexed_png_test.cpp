// Paletted frames are written as indexed PNGs (colour type 3, PLTE, tRNS for the key): decoded,
// every one shows what the RGBA writer wrote for it (compared on the corpus's seed files, every
// frame, both policies, the forensic and a plain palette), and an image with a colour outside the
// palette (a strict mark, the forensic key checkerboard) stays RGBA.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/recipe.hpp"
#include "tests/support/png_decode.hpp"
#include "validator/render/canvas_colours.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/png_deflate.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"
#include "validator/render/sprite_sheet.hpp"

namespace gafcheck::render {
namespace {

std::vector<std::uint8_t> seed_bytes(const char* name) {
  std::ifstream in(std::filesystem::path(GAFCHECK_SOURCE_ROOT) / "corpus/seed" / name,
                   std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// What a PNG's chunks say: its colour type, PLTE entries and tRNS alphas.
struct PngChunks {
  int colour_type = -1;
  std::size_t plte_entries = 0;
  std::vector<std::uint8_t> trns;
};

std::uint32_t png_u32(const std::vector<std::uint8_t>& bytes, std::size_t at) {
  return std::uint32_t{bytes[at]} << 24 | std::uint32_t{bytes[at + 1]} << 16 |
         std::uint32_t{bytes[at + 2]} << 8 | bytes[at + 3];
}

PngChunks png_chunks_of(const std::vector<std::uint8_t>& png) {
  PngChunks out;
  for (std::size_t at = 8; at + 8 <= png.size();) {
    const std::uint32_t length = png_u32(png, at);
    const std::string kind(png.begin() + static_cast<std::ptrdiff_t>(at + 4),
                           png.begin() + static_cast<std::ptrdiff_t>(at + 8));
    const auto body = png.begin() + static_cast<std::ptrdiff_t>(at + 8);
    if (kind == "IHDR") out.colour_type = body[9];
    if (kind == "PLTE") out.plte_entries = length / 3;
    if (kind == "tRNS") out.trns.assign(body, body + length);
    at += 12 + length;
  }
  return out;
}

// The decoded pixels, a fully transparent pixel as 0,0,0,0 (its colour is not shown: the RGBA
// writer writes it black, an indexed PNG has the key's palette colour there).
std::vector<std::uint8_t> shown_pixels(const std::vector<std::uint8_t>& png) {
  std::vector<std::uint8_t> rgba = testing::decode_png(png).rgba;
  for (std::size_t i = 0; i + 4 <= rgba.size(); i += 4)
    if (rgba[i + 3] == 0) rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
  return rgba;
}

std::vector<std::uint8_t> rgba_writer_png(const Canvas& canvas, const Palette& palette) {
  return encode_png(
             canvas.width, canvas.height,
             [&](std::uint32_t y, std::uint8_t* rgba) { policy_row(canvas, palette, y, rgba); })
      .value();
}

Palette ramp_palette() {
  Palette palette;  // index i is (i, 2i, 255-i)
  for (int i = 0; i < 256; ++i)
    palette.colours[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(2 * i),
                          static_cast<std::uint8_t>(255 - i)};
  return palette;
}

TEST(IndexedPng, SeedFramesDecodeToWhatTheRgbaWriterWrote) {
  std::size_t indexed = 0, rgba = 0;
  for (const char* name : {"clean-rle.gaf", "clean-raw.gaf", "clean-composite.gaf",
                           "rle.short-row.gaf", "rle.overrun.gaf", "layer.alt-blend.gaf",
                           "clean-version-zero-mask.gaf", "extent.shared-pixels.gaf"}) {
    const std::vector<std::uint8_t> bytes = seed_bytes(name);
    ASSERT_FALSE(bytes.empty()) << name;
    const ByteView file(bytes.data(), bytes.size());
    const RenderIndex index = read_render_index(file, Format::gaf, {});
    for (const Palette& palette : {forensic_palette(), ramp_palette()}) {
      FrameRenderer renderer(file, index.index, {});
      for (std::uint32_t frame = 0; frame < index.index.frames.size(); ++frame)
        for (const RenderPolicy policy : {RenderPolicy::retail, RenderPolicy::strict}) {
          const Rendered rendered = renderer.render(frame, policy);
          if (!rendered.canvas) continue;
          const Canvas& canvas = *rendered.canvas;
          const std::vector<std::uint8_t> png =
              encode_image(canvas.width, canvas.height, policy_rows(canvas, palette)).value();
          const std::string where = std::string(name) + " frame " + std::to_string(frame);
          EXPECT_EQ(shown_pixels(png), shown_pixels(rgba_writer_png(canvas, palette))) << where;
          const PngChunks chunks = png_chunks_of(png);
          if (chunks.colour_type == 6) {
            ++rgba;
            continue;
          }
          ++indexed;
          ASSERT_EQ(chunks.colour_type, 3) << where;
          // tRNS up to the frame's key: the key transparent, every entry before it opaque.
          ASSERT_EQ(chunks.trns.size(), std::size_t{canvas.key} + 1) << where;
          EXPECT_EQ(chunks.trns.back(), 0) << where;
          for (std::size_t i = 0; i < canvas.key; ++i) EXPECT_EQ(chunks.trns[i], 255) << where;
          EXPECT_GT(chunks.plte_entries, canvas.key) << where;
        }
    }
  }
  EXPECT_GT(indexed, 20u);
  EXPECT_GT(rgba, 0u);  // the strict marks and forensic checkerboards among them
}

struct IndexedDrawn {
  std::vector<std::uint8_t> bytes;
  RenderIndex index;
  Rendered retail, strict;
};

IndexedDrawn draw_indexed(builder::FrameSpec frame) {
  builder::GafSpec spec;
  frame.id = "f";
  spec.frames = {frame};
  spec.entries = {{.name = "SPRITE", .frames = {{.frame = "f"}}}};
  IndexedDrawn out;
  out.bytes = builder::build_gaf(spec).bytes;
  const ByteView file(out.bytes.data(), out.bytes.size());
  out.index = read_render_index(file, Format::gaf, {});
  FrameRenderer renderer(file, out.index.index, {});
  const std::uint32_t first = out.index.index.refs.at(0).frame;
  out.retail = renderer.render(first, RenderPolicy::retail);
  out.strict = renderer.render(first, RenderPolicy::strict);
  return out;
}

TEST(IndexedPng, TheIndicesAreTheFramesAndTheKeyIsTransparent) {
  // 3x2 raw, key 9: row 0 is 1 9 2, row 1 is 9 3 4.
  const IndexedDrawn out = draw_indexed({.width = 3,
                                         .height = 2,
                                         .color_key = 9,
                                         .compressed = 0,
                                         .data = builder::parse_hex_bytes("01 09 02 09 03 04")});
  const Canvas& canvas = *out.retail.canvas;
  const std::optional<IndexedLayout> layout = indexed_layout(canvas, ramp_palette());
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->transparent, 9);
  EXPECT_EQ(layout->colours, 10u);  // up to the key, the highest index
  std::vector<std::uint8_t> row(3);
  index_row(canvas, layout->transparent, 0, row.data());
  EXPECT_EQ(row, (std::vector<std::uint8_t>{1, 9, 2}));
  index_row(canvas, layout->transparent, 1, row.data());
  EXPECT_EQ(row, (std::vector<std::uint8_t>{9, 3, 4}));
}

TEST(IndexedPng, OffPaletteColoursKeepTheImageRgba) {
  // A short row: strict marks its missing pixels magenta, outside any palette.
  const IndexedDrawn short_row =
      draw_indexed({.width = 4,
                    .height = 2,
                    .compressed = 1,
                    .data = builder::parse_hex_bytes("02 00 06 05   06 00 08 01 02 03 02 09")});
  EXPECT_FALSE(indexed_layout(*short_row.strict.canvas, ramp_palette()));
  const Canvas& strict = *short_row.strict.canvas;
  EXPECT_EQ(
      png_chunks_of(
          encode_image(strict.width, strict.height, policy_rows(strict, ramp_palette())).value())
          .colour_type,
      6);
  // Control: the same frame's retail image, no mark, key 9 drawn by an RLE literal: the key is
  // shown, so it cannot be the transparent index either.
  EXPECT_FALSE(indexed_layout(*short_row.retail.canvas, ramp_palette()));
  // An RLE frame that never draws its key is indexed.
  const IndexedDrawn clean = draw_indexed({.width = 2,
                                           .height = 1,
                                           .compressed = 1,
                                           .data = builder::parse_hex_bytes("04 00 04 01 02")});
  EXPECT_TRUE(indexed_layout(*clean.retail.canvas, ramp_palette()));
}

TEST(IndexedPng, ImagesPastTheWholeBufferLimitStreamThroughLibpngAlike) {
  // 1100 x 1000 indices with their filter bytes pass max_deflated_image_bytes (1 MiB): libpng.
  Canvas canvas;
  canvas.width = 1100;
  canvas.height = 1000;
  canvas.key = 9;
  for (std::uint32_t i = 0; i < canvas.width * canvas.height; ++i) {
    canvas.index.push_back(static_cast<std::uint8_t>(i % 7 == 0 ? 9 : 10 + i % 31));
    canvas.flags.push_back(i % 7 == 0 ? 0 : pixel_flag::drawn);
  }
  ASSERT_GT(std::uint64_t{canvas.width + 1} * canvas.height, max_deflated_image_bytes);
  const Palette palette = ramp_palette();
  const std::vector<std::uint8_t> png =
      encode_image(canvas.width, canvas.height, policy_rows(canvas, palette)).value();
  const PngChunks chunks = png_chunks_of(png);
  EXPECT_EQ(chunks.colour_type, 3);
  EXPECT_EQ(chunks.trns.size(), 10u);
  EXPECT_EQ(shown_pixels(png), shown_pixels(rgba_writer_png(canvas, palette)));
}

TEST(SpriteSheetOrigins, OriginDotsOnlyWhenAsked) {
  Canvas canvas;
  canvas.width = canvas.height = 5;
  canvas.x_offset = canvas.y_offset = 2;  // the anchor at the centre
  canvas.index.assign(25, 7);
  canvas.flags.assign(25, 0);
  const std::vector<std::optional<Canvas>> frames = {canvas};
  const Palette palette = ramp_palette();
  std::vector<std::uint8_t> row(5 * 4);
  SpriteSheet(frames, false).row(palette, 2, row.data());
  EXPECT_EQ(row, std::vector<std::uint8_t>(20, 0));  // transparent: no mark
  SpriteSheet(frames, true).row(palette, 2, row.data());
  EXPECT_EQ(std::vector<std::uint8_t>(row.begin() + 8, row.begin() + 12),
            (std::vector<std::uint8_t>{0, 255, 255, 255}));
  // Without origins an all-indexed sheet is an indexed PNG; with them, RGBA.
  const SpriteSheet clean(frames, false), marked(frames, true);
  EXPECT_EQ(png_chunks_of(encode_image(5, 5, clean.rows(palette)).value()).colour_type, 3);
  EXPECT_EQ(png_chunks_of(encode_image(5, 5, marked.rows(palette)).value()).colour_type, 6);
}

}  // namespace
}  // namespace gafcheck::render
