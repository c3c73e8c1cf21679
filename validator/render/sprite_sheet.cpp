#include "validator/render/sprite_sheet.hpp"

#include <algorithm>
#include <cstring>

#include "validator/core/checked_math.hpp"
#include "validator/render/canvas_colours.hpp"

namespace gafcheck::render {

SpriteSheet::SpriteSheet(const std::vector<std::optional<Canvas>>& frames, bool origins)
    : frames_(frames), origins_(origins) {
  std::int64_t right = INT64_MIN, bottom = INT64_MIN;
  left_ = top_ = INT64_MAX;
  for (const auto& canvas : frames) {
    if (!canvas) continue;
    left_ = std::min(left_, -canvas->x_offset);
    top_ = std::min(top_, -canvas->y_offset);
    right = std::max(right, std::int64_t{canvas->width} - canvas->x_offset);
    bottom = std::max(bottom, std::int64_t{canvas->height} - canvas->y_offset);
  }
  if (right == INT64_MIN) return;
  cell_width_ = static_cast<std::uint64_t>(right - left_);
  cell_height_ = static_cast<std::uint64_t>(bottom - top_);
}

std::uint64_t SpriteSheet::width() const {
  return saturating_mul(cell_width_, frames_.size());
}

void SpriteSheet::row(const Palette& palette, std::uint32_t y, std::uint8_t* rgba) const {
  const std::int64_t ax = anchor_x(), ay = anchor_y();
  for (const auto& canvas : frames_) {
    for (std::uint64_t cx = 0; cx < cell_width_; ++cx, rgba += 4) {
      std::memset(rgba, 0, 4);
      if (canvas) {
        // The canvas's top-left corner in the cell puts its anchor on the cell's.
        const std::int64_t x = static_cast<std::int64_t>(cx) - (ax - canvas->x_offset);
        const std::int64_t row = std::int64_t{y} - (ay - canvas->y_offset);
        if (x >= 0 && row >= 0 && x < canvas->width && row < canvas->height)
          policy_pixel(*canvas, palette, static_cast<std::uint32_t>(x),
                       static_cast<std::uint32_t>(row), rgba);
      }
      if (!origins_) continue;
      const std::int64_t dx = static_cast<std::int64_t>(cx) - ax, dy = std::int64_t{y} - ay;
      const bool anchor = dx == 0 && dy == 0;
      const bool arm = (dy == 0 && dx >= -2 && dx <= 2) || (dx == 0 && dy >= -2 && dy <= 2);
      if (anchor || (arm && rgba[3] == 0)) std::memcpy(rgba, origin_rgba, 4);
    }
  }
}

void SpriteSheet::index_row(std::uint8_t transparent, std::uint32_t y,
                            std::uint8_t* indices) const {
  const std::int64_t ax = anchor_x(), ay = anchor_y();
  for (const auto& canvas : frames_) {
    std::memset(indices, transparent, cell_width_);
    if (canvas) {
      const std::int64_t row = std::int64_t{y} - (ay - canvas->y_offset);
      const std::int64_t left = ax - canvas->x_offset;  // the canvas's first column in the cell
      if (row >= 0 && row < canvas->height)
        render::index_row(*canvas, transparent, static_cast<std::uint32_t>(row), indices + left);
    }
    indices += cell_width_;
  }
}

ImageRows SpriteSheet::rows(const Palette& palette) const {
  std::optional<IndexedLayout> sheet;
  bool indexed = !origins_;
  for (const auto& canvas : frames_) {
    if (!indexed || !canvas) continue;
    const std::optional<IndexedLayout> layout = indexed_layout(*canvas, palette);
    indexed = layout && (!sheet || sheet->transparent == layout->transparent);
    if (indexed)
      sheet =
          IndexedLayout{layout->transparent, std::max(layout->colours, sheet ? sheet->colours : 1)};
  }
  if (indexed && sheet)
    return IndexedRows{
        &palette, sheet->colours, sheet->transparent,
        [this, transparent = sheet->transparent](std::uint32_t y, std::uint8_t* indices) {
          index_row(transparent, y, indices);
        }};
  return RgbaRowSource(
      [this, &palette](std::uint32_t y, std::uint8_t* rgba) { row(palette, y, rgba); });
}

}  // namespace gafcheck::render
