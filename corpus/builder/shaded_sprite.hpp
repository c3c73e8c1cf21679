#pragma once
// Sprite-like frames for the pixel and render benchmarks and the tree generator's sprite art: an
// ellipse of shaded pixels in a transparent margin, where runs of one colour (RLE repeats)
// alternate with dithered stretches (literals).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

namespace gafcheck::builder {

// Row `y` of a width x height frame, left to right: palette indexes 32 to 47, -1 where
// transparent. `shading` is the chance in 1/100 that a pixel differs from its neighbour; each
// row draws from `random`, so one generator shades a whole frame, and frame after frame.
inline std::vector<int> shaded_ellipse_row(std::uint32_t y, std::uint16_t width,
                                           std::uint16_t height, std::uint32_t shading,
                                           std::mt19937& random) {
  const double cx = width / 2.0, rx = width / 2.2;
  const double t = (static_cast<double>(y) + 0.5 - height / 2.0) / (height / 2.0);
  const double half = rx * std::sqrt(std::max(0.0, 1.0 - t * t));
  std::vector<int> row(width, -1);
  int colour = 40;
  for (std::uint32_t x = 0; x < width; ++x) {
    if (std::abs(x + 0.5 - cx) > half) continue;
    if (random() % 100 < shading) colour = 32 + static_cast<int>(random() % 16);
    row[x] = colour;
  }
  return row;
}

}  // namespace gafcheck::builder
