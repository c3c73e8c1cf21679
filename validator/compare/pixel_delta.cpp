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

}  // namespace

PixelDelta compare_pixels(const DrawnImage& before, const DrawnImage& after) {
  PixelDelta delta;
  if (before.pixels.empty() && after.pixels.empty()) return delta;
  const auto right_of = [](const DrawnImage& image) { return image.left + image.width; };
  const auto bottom_of = [](const DrawnImage& image) { return image.top + image.height; };
  const auto span = [](const DrawnImage& a, const DrawnImage& b, auto low, auto high) {
    if (a.pixels.empty()) return std::pair(low(b), high(b));
    if (b.pixels.empty()) return std::pair(low(a), high(a));
    return std::pair(std::min(low(a), low(b)), std::max(high(a), high(b)));
  };
  const auto [left, right] = span(
      before, after, [](const DrawnImage& i) { return i.left; }, right_of);
  const auto [top, bottom] = span(
      before, after, [](const DrawnImage& i) { return i.top; }, bottom_of);
  std::int64_t min_x = right, max_x = left, min_y = bottom, max_y = top;
  // A remap candidate: the one (old index, new index) pair every differing pixel shows.
  std::optional<IndexRemap> remap;
  bool remap_possible = true;
  for (std::int64_t y = top; y < bottom; ++y)
    for (std::int64_t x = left; x < right; ++x) {
      const DrawnPixel old_pixel = before.at(x, y), new_pixel = after.at(x, y);
      if (old_pixel == new_pixel) continue;
      ++delta.differing;
      min_x = std::min(min_x, x), max_x = std::max(max_x, x + 1);
      min_y = std::min(min_y, y), max_y = std::max(max_y, y + 1);
      if (!remap_possible) continue;
      if (!is_paletted(old_pixel) || !is_paletted(new_pixel)) {
        remap_possible = false;
        continue;
      }
      const IndexRemap pair{index_of(old_pixel), index_of(new_pixel)};
      if (!remap)
        remap = pair;
      else if (remap->from != pair.from || remap->to != pair.to)
        remap_possible = false;
    }
  if (delta.differing == 0) return delta;
  delta.box = {min_x, min_y, static_cast<std::uint64_t>(max_x - min_x),
               static_cast<std::uint64_t>(max_y - min_y)};
  // A recolour changes every pixel of the old index: one left as it was is an edit, not a remap.
  if (remap_possible && remap) {
    for (std::int64_t y = top; y < bottom && remap_possible; ++y)
      for (std::int64_t x = left; x < right; ++x) {
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
