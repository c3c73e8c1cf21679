#pragma once
// Truecolor TAF layout (docs/format/gaf.md §7): the GAF container with one sequence and 16-bit
// pixels. The structure offsets are the GAF ones (gaf_layout.hpp); these are the TAF meanings and
// the values every retail truecolor TAF carries.
#include <cstdint>

#include "validator/gaf/gaf_layout.hpp"

namespace gafcheck::taf {

inline constexpr std::uint32_t version_standard = gaf::version_standard;
inline constexpr std::uint32_t sequence_count_standard = 1;

// Sequence (GAF entry) header: +2 unknown1 (the GAF loop word) is 1, +4 unknown2 is 0.
inline constexpr std::uint16_t sequence_unknown1_standard = 1;

// Frame header bytes that the TAF repurposes.
inline constexpr std::uint64_t frame_transparency = gaf::frame_color_key;   // +8, always 0
inline constexpr std::uint64_t frame_format = gaf::frame_compressed;        // +9, 4 or 5
inline constexpr std::uint64_t frame_layer_count = gaf::frame_layer_count;  // +10, always 0
inline constexpr std::uint64_t frame_flag = gaf::frame_alt_byte;            // +11, 0x00 or 0xFF

inline constexpr std::uint8_t format_argb4444 = 4;
inline constexpr std::uint8_t format_argb1555 = 5;
inline constexpr std::uint8_t flag_clear = 0x00;
inline constexpr std::uint8_t flag_set = 0xFF;

inline constexpr std::uint64_t bytes_per_pixel = 2;

constexpr bool is_truecolor_format(std::uint8_t format) {
  return format == format_argb4444 || format == format_argb1555;
}
// Format bytes of a paletted GAF frame (raw, RLE): the byte that tells the two .taf kinds apart.
constexpr bool is_paletted_format(std::uint8_t format) {
  return format == 0 || format == 1;
}

}  // namespace gafcheck::taf
