#pragma once
// Scans of raw frame pixels (docs/format/gaf.md §3.1, §6): whether the colour key occurs (memchr),
// how many pixels hold it (a branch-free word-at-a-time count), and the TA: Kingdoms corner value.
#include <cstdint>
#include <optional>

#include "validator/core/byte_view.hpp"

namespace gafcheck::pixels {

// Number of bytes equal to value in [offset, offset + length); 0 when the range is not inside.
std::uint64_t count_byte(ByteView file, std::uint64_t offset, std::uint64_t length,
                         std::uint8_t value);

struct KeyScan {
  bool contains_key = false;
  std::uint64_t key_pixels = 0;
};

// Finds the first key pixel with memchr and counts from there, so the common keyless frame costs
// one memchr.
KeyScan scan_key(ByteView file, std::uint64_t offset, std::uint64_t length, std::uint8_t key);

// The value the TA: Kingdoms corner heuristic would use as the key: all four corners of the
// width x height raster at offset hold it. nullopt when they differ or the raster is not inside.
std::optional<std::uint8_t> uniform_corner_value(ByteView file, std::uint64_t offset,
                                                 std::uint16_t width, std::uint16_t height);

}  // namespace gafcheck::pixels
