#pragma once
// Truecolor TAF pixels (docs/format/gaf.md §7): 16-bit ARGB4444 and ARGB1555 words widened to 8
// bits per channel by bit replication, exactly as the format documents give it. Used for the alpha
// statistics and by renderers.
#include <cstdint>

namespace gafcheck::taf {

struct Rgba8 {
  std::uint8_t r = 0, g = 0, b = 0, a = 0;
  friend constexpr bool operator==(const Rgba8&, const Rgba8&) = default;
};

// A 4-bit channel widened as v<<4 | v (0x0 -> 0x00, 0xF -> 0xFF); exactly invertible by >> 4.
constexpr std::uint8_t widen4(unsigned nibble) {
  return static_cast<std::uint8_t>((nibble & 0xF) << 4 | (nibble & 0xF));
}
// A 5-bit channel widened as v<<3 | v>>2 (0 -> 0, 31 -> 255); invertible by >> 3.
constexpr std::uint8_t widen5(unsigned value) {
  return static_cast<std::uint8_t>((value & 0x1F) << 3 | (value & 0x1F) >> 2);
}

// ARGB4444: A bits 15-12, R 11-8, G 7-4, B 3-0.
constexpr Rgba8 expand_argb4444(std::uint16_t pixel) {
  return {widen4(pixel >> 8), widen4(pixel >> 4), widen4(pixel), widen4(pixel >> 12)};
}
// ARGB1555: A bit 15 (0 fully transparent, 1 fully opaque), R 14-10, G 9-5, B 4-0.
constexpr Rgba8 expand_argb1555(std::uint16_t pixel) {
  return {widen5(pixel >> 10), widen5(pixel >> 5), widen5(pixel),
          static_cast<std::uint8_t>(pixel & 0x8000 ? 0xFF : 0x00)};
}

enum class AlphaClass { transparent, opaque, soft };

constexpr AlphaClass classify_alpha(std::uint8_t alpha) {
  if (alpha == 0) return AlphaClass::transparent;
  return alpha == 0xFF ? AlphaClass::opaque : AlphaClass::soft;
}

}  // namespace gafcheck::taf
