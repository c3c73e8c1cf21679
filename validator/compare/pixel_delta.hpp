#pragma once
// How two drawings of a frame differ, pixel by pixel, over the union of their visible areas
// (anchor coordinates, so a frame moved by its origin differs where its pixels moved): how many
// pixels differ, their bounding box, and whether the change is one palette index consistently
// replaced by another (a recolour: every pixel of index A became B, and nothing else changed).
#include <cstdint>
#include <optional>

#include "validator/compare/drawn_frame.hpp"

namespace gafcheck::compare {

struct PixelBox {
  std::int64_t left = 0, top = 0;  // anchor coordinates
  std::uint64_t width = 0, height = 0;
};

struct IndexRemap {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
};

struct PixelDelta {
  std::uint64_t differing = 0;  // pixels that differ (0: the drawings are the same)
  PixelBox box;                 // their bounding box (empty when none differ)
  std::optional<IndexRemap> remap;
};

PixelDelta compare_pixels(const DrawnImage& before, const DrawnImage& after);

}  // namespace gafcheck::compare
