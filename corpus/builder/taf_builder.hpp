#pragma once
// Writes truecolor TAF files (docs/format/gaf.md §7) field by field. A TAF is the GAF container
// with one sequence and 16-bit pixels, so this translates to a GafSpec and uses the GAF builder:
// labels are the GAF ones ("entry[0]", "entry[0]/frames", "frame:f0", "frame:f0/data", ...), frame
// i having the id "f<i>". Used by the tests and the corpus generator.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"

namespace gafcheck::builder {

struct TafFrameSpec {
  std::uint16_t width = 4;
  std::uint16_t height = 4;
  std::int16_t x_offset = 2;
  std::int16_t y_offset = 2;
  std::uint8_t transparency = 0;
  std::uint8_t format = 5;  // 4 ARGB4444, 5 ARGB1555
  std::uint8_t layer_count = 0;
  std::uint8_t flag = 0;
  std::uint32_t unknown2 = 0;
  std::uint32_t unknown3 = 0;
  std::uint32_t duration = 2;
  std::optional<std::vector<std::uint16_t>> pixels;  // default: default_taf_pixels
  std::optional<std::uint32_t> data_offset;          // exact pointer, overrides layout
};

struct TafSpec {
  std::uint32_t version = 0x00010100;
  std::optional<std::uint32_t> sequence_count;  // default 1
  std::uint32_t reserved = 0;
  std::string name = "manabomb";
  std::optional<std::array<std::uint8_t, 32>> name_bytes;  // exact 32 bytes, overrides name
  std::uint16_t unknown1 = 1;
  std::uint32_t unknown2 = 0;
  std::optional<std::uint16_t> frame_count;  // default: number of frames
  std::vector<TafFrameSpec> frames;
};

BuiltFile build_taf(const TafSpec& spec);
GafSpec taf_as_gaf_spec(const TafSpec& spec);

// Default pixels of a frame, pixel k = x + y * width: ARGB4444 cycles alpha 0x0, 0xF, 0x8
// (transparent, opaque, soft); ARGB1555 alternates alpha 0, 1; other formats get 0x1234.
std::vector<std::uint16_t> default_taf_pixels(std::uint16_t width, std::uint16_t height,
                                              std::uint8_t format);

// A tidy truecolor TAF: one sequence "manabomb" of `frames` 4x4 frames in `format`.
TafSpec simple_taf_spec(std::uint8_t format = 5, std::size_t frames = 2);

}  // namespace gafcheck::builder
