#pragma once
// One animated GIF per entry (render --animate) with giflib, at the game's timing: a frame shows
// for its duration in ticks (1 tick = 1/30 s; 0 and 1 both one tick, docs/format/gaf.md §2),
// converted to GIF centiseconds with the rounding carried over, so the whole loop keeps its length.
// Every image is the full logical screen, the union of the frames' rectangles around the shared
// anchor (as in a sprite sheet), cleared between frames (disposal: background). The colour table is
// the palette; the transparent index is one no drawn pixel uses (when all 256 are used, the least
// used one's pixels take the nearest other colour). An entry whose loop byte is set loops forever,
// else plays once. Frames without a canvas show as empty for their time. Encoding costs one
// logical screen per frame, so the frames' rectangles may span far more than their pixels: that
// cost is checked against max_pixels before anything is encoded (a "budget.exceeded: pixels"
// error), whatever the caller charged.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "validator/base/result.hpp"
#include "validator/render/canvas.hpp"
#include "validator/render/palette.hpp"

namespace gafcheck::render {

struct GifImage {
  std::vector<std::uint8_t> bytes;
  std::uint32_t width = 0, height = 0;
  std::int64_t anchor_x = 0, anchor_y = 0;
  std::vector<std::uint32_t> delays;  // centiseconds, per frame
  int transparent_index = -1;
};

// GIF centiseconds of each frame: round(100 * ticks / 30) of the running total, differenced.
std::vector<std::uint32_t> gif_delays(const std::vector<std::uint32_t>& durations);

// What encoding the frames costs: one logical screen per frame (saturating).
std::uint64_t gif_pixels(const std::vector<std::optional<Canvas>>& frames);

// The animation, or why it is not drawn: no frame drawn, a screen past the GIF limit or the pixel
// budget (findings: content left out), or giflib refusing (internal).
Result<GifImage> encode_gif(const std::vector<std::optional<Canvas>>& frames,
                            const std::vector<std::uint32_t>& durations, const Palette& palette,
                            bool loop, std::uint64_t max_pixels);

}  // namespace gafcheck::render
