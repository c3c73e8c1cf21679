#pragma once
// Colours for canvases: the policy images and the diff image, as PNG row sources.
//
// A policy image: transparent pixels alpha 0; drawn pixels their palette colour (with the
// forensic palette, a pixel equal to its frame's key index is a 2x2 checkerboard); strict marks
// over them: missing pixels magenta (255,0,255), extra pixels orange (255,128,0).
// The diff image of a retail and a strict canvas of one frame: pixels the game takes from bytes
// after the row's payload (read-through) yellow (255,255,0); other pixels that differ between
// the two (drawn in one only, another index, or strict-extra) red (255,0,0); pixels both draw
// alike in their colour at alpha 64; the rest transparent.
#include <cstdint>
#include <optional>

#include "validator/render/canvas.hpp"
#include "validator/render/palette.hpp"
#include "validator/render/png_writer.hpp"

namespace gafcheck::render {

inline constexpr std::uint8_t missing_rgba[4] = {255, 0, 255, 255};
inline constexpr std::uint8_t extra_rgba[4] = {255, 128, 0, 255};
inline constexpr std::uint8_t read_through_rgba[4] = {255, 255, 0, 255};
inline constexpr std::uint8_t differs_rgba[4] = {255, 0, 0, 255};
inline constexpr std::uint8_t same_alpha = 64;

// Fills a pixel, or a row, of a policy image.
void policy_pixel(const Canvas& canvas, const Palette& palette, std::uint32_t x, std::uint32_t y,
                  std::uint8_t* rgba);
void policy_row(const Canvas& canvas, const Palette& palette, std::uint32_t y, std::uint8_t* rgba);

// A policy image written as palette indices (an indexed PNG): the index made transparent (the
// frame's key) and how many palette entries the image's PLTE holds (up to its highest index).
struct IndexedLayout {
  std::uint8_t transparent = 0;
  unsigned colours = 1;
};

// The indexed layout of a policy image, or nullopt when it needs RGBA: a strict mark (missing,
// extra) or the forensic key checkerboard is drawn in colours outside the palette, or a visible
// pixel has the key's index, which the indexed image makes transparent.
std::optional<IndexedLayout> indexed_layout(const Canvas& canvas, const Palette& palette);

// Fills a row of a policy image's indices: transparent pixels get the layout's transparent index.
void index_row(const Canvas& canvas, std::uint8_t transparent, std::uint32_t y,
               std::uint8_t* indices);

// A policy image's rows as written: palette indices when indexed_layout allows, else RGBA. The
// canvas and palette must outlive them.
ImageRows policy_rows(const Canvas& canvas, const Palette& palette);

struct DiffCounts {
  std::uint64_t read_through = 0;
  std::uint64_t differing = 0;  // read-through pixels not included
};

// Fills a row of the diff image (both canvases of one size) and counts its pixels.
void diff_row(const Canvas& retail, const Canvas& strict, const Palette& palette, std::uint32_t y,
              std::uint8_t* rgba, DiffCounts& counts);

}  // namespace gafcheck::render
