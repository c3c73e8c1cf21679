#include "validator/compare/pixel_delta.hpp"

#include <algorithm>

namespace gafcheck::compare {
namespace {

bool is_paletted(DrawnPixel pixel) {
  return (pixel >> 24) == (paletted_pixel_flag >> 24);
}

std::uint8_t index_of(DrawnPixel pixel) {
  return static_cast<std::uint8_t>(pixel & 0xFF);
}

// Calls visit(x, y, old pixel, new pixel) for every place either drawing shows a pixel: the old
// drawing's box, then the places of the new one's box outside it. Only the two boxes are walked,
// never the span between them (two one-pixel frames 65,535 columns and rows apart would make
// that span billions of places).
template <typename Visit>
void visit_visible(const DrawnImage& before, const DrawnImage& after, const Visit& visit) {
  const auto inside = [](const DrawnImage& image, std::int64_t x, std::int64_t y) {
    return x >= image.left && y >= image.top && x - image.left < image.width &&
           y - image.top < image.height;
  };
  for (std::int64_t y = before.top; y < before.top + before.height; ++y)
    for (std::int64_t x = before.left; x < before.left + before.width; ++x)
      visit(x, y, before.at(x, y), after.at(x, y));
  for (std::int64_t y = after.top; y < after.top + after.height; ++y)
    for (std::int64_t x = after.left; x < after.left + after.width; ++x)
      if (before.pixels.empty() || !inside(before, x, y))
        visit(x, y, DrawnPixel{0}, after.at(x, y));
}

}  // namespace

PixelDelta compare_pixels(const DrawnImage& before, const DrawnImage& after) {
  PixelDelta delta;
  std::int64_t min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  // A remap candidate: the one (old index, new index) pair every differing pixel shows.
  std::optional<IndexRemap> remap;
  bool remap_possible = true;
  visit_visible(before, after,
                [&](std::int64_t x, std::int64_t y, DrawnPixel old_pixel, DrawnPixel new_pixel) {
                  if (old_pixel == new_pixel) return;
                  if (delta.differing++ == 0) min_x = max_x = x, min_y = max_y = y;
                  min_x = std::min(min_x, x), max_x = std::max(max_x, x + 1);
                  min_y = std::min(min_y, y), max_y = std::max(max_y, y + 1);
                  if (!remap_possible) return;
                  if (!is_paletted(old_pixel) || !is_paletted(new_pixel)) {
                    remap_possible = false;
                    return;
                  }
                  const IndexRemap pair{index_of(old_pixel), index_of(new_pixel)};
                  if (!remap)
                    remap = pair;
                  else if (remap->from != pair.from || remap->to != pair.to)
                    remap_possible = false;
                });
  if (delta.differing == 0) return delta;
  delta.box = {min_x, min_y, static_cast<std::uint64_t>(max_x - min_x),
               static_cast<std::uint64_t>(max_y - min_y)};
  // A recolour changes every pixel of the old index: one left as it was is an edit, not a remap.
  if (remap_possible && remap) {
    for (std::int64_t y = before.top; y < before.top + before.height && remap_possible; ++y)
      for (std::int64_t x = before.left; x < before.left + before.width; ++x) {
        const DrawnPixel old_pixel = before.at(x, y);
        if (old_pixel != 0 && is_paletted(old_pixel) && index_of(old_pixel) == remap->from &&
            after.at(x, y) == old_pixel) {
          remap_possible = false;
          break;
        }
      }
    if (remap_possible) delta.remap = remap;
  }
  return delta;
}

}  // namespace gafcheck::compare
