#pragma once
// One sprite sheet per entry (render --sheet): the entry's frames side by side in table order,
// every cell the same size, the union of all frames' rectangles around the shared anchor, so the
// frames stand aligned on their origins as the game draws them in turn. With origins (render
// --origins) the anchor of each cell is marked cyan (0,255,255): the pixel itself, and arms of two
// pixels where nothing is drawn; without, the art is left as drawn. A frame with no canvas leaves
// its cell empty. A sheet is written as palette indices when every frame's image would be (the
// same key in all, no mark, no origin dot), else as RGBA.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "validator/render/canvas.hpp"
#include "validator/render/palette.hpp"
#include "validator/render/png_writer.hpp"

namespace gafcheck::render {

inline constexpr std::uint8_t origin_rgba[4] = {0, 255, 255, 255};

class SpriteSheet {
 public:
  SpriteSheet(const std::vector<std::optional<Canvas>>& frames, bool origins);

  bool empty() const { return cell_width_ == 0; }
  std::uint64_t cell_width() const { return cell_width_; }
  std::uint64_t cell_height() const { return cell_height_; }
  std::int64_t anchor_x() const { return -left_; }  // in every cell
  std::int64_t anchor_y() const { return -top_; }
  // The sheet's size (width saturates; callers check it against their budgets).
  std::uint64_t width() const;
  std::uint64_t height() const { return cell_height_; }

  void row(const Palette& palette, std::uint32_t y, std::uint8_t* rgba) const;
  void index_row(std::uint8_t transparent, std::uint32_t y, std::uint8_t* indices) const;
  // The sheet's rows as written (indexed or RGBA); the sheet and palette must outlive them.
  ImageRows rows(const Palette& palette) const;

 private:
  const std::vector<std::optional<Canvas>>& frames_;
  bool origins_ = false;
  std::int64_t left_ = 0, top_ = 0;
  std::uint64_t cell_width_ = 0, cell_height_ = 0;
};

}  // namespace gafcheck::render
