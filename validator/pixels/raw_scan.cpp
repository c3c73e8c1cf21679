#include "validator/pixels/raw_scan.hpp"

#include <cstring>
#include <span>

namespace gafcheck::pixels {
namespace {

constexpr std::uint64_t ones = 0x0101010101010101ull;
constexpr std::uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;

// 0x01 in every byte lane of word that equals the pattern's byte, 0x00 elsewhere. Exact (no
// borrow between lanes): the high bit of (x & 0x7F) + 0x7F is set iff the low 7 bits are nonzero.
inline std::uint64_t equal_lanes(std::uint64_t word, std::uint64_t pattern) {
  const std::uint64_t x = word ^ pattern;
  const std::uint64_t nonzero = ((x & low7) + low7) | x;
  return (~nonzero >> 7) & ones;
}

// Sum of the eight byte lanes (each at most 255).
inline std::uint64_t sum_lanes(std::uint64_t lanes) {
  const std::uint64_t pairs =
      (lanes & 0x00FF00FF00FF00FFull) + ((lanes >> 8) & 0x00FF00FF00FF00FFull);
  return (pairs * 0x0001000100010001ull) >> 48;
}

std::uint64_t count_in(std::span<const std::uint8_t> bytes, std::uint8_t value) {
  const std::uint64_t pattern = ones * value;
  std::uint64_t total = 0;
  std::size_t i = 0;
  // Byte lanes count up to 255 words before they are summed.
  while (bytes.size() - i >= 8) {
    const std::size_t words = std::min<std::size_t>((bytes.size() - i) / 8, 255);
    std::uint64_t lanes = 0;
    for (std::size_t w = 0; w < words; ++w, i += 8) {
      std::uint64_t word;
      std::memcpy(&word, bytes.subspan(i, 8).data(), 8);
      lanes += equal_lanes(word, pattern);
    }
    total += sum_lanes(lanes);
  }
  for (; i < bytes.size(); ++i) total += bytes[i] == value;
  return total;
}

}  // namespace

std::uint64_t count_byte(ByteView file, std::uint64_t offset, std::uint64_t length,
                         std::uint8_t value) {
  const auto range = file.sub(offset, length);
  return range ? count_in(range->bytes(), value) : 0;
}

KeyScan scan_key(ByteView file, std::uint64_t offset, std::uint64_t length, std::uint8_t key) {
  KeyScan scan;
  const auto first = file.find_byte(offset, length, key);
  if (!first) return scan;
  scan.contains_key = true;
  scan.key_pixels = 1 + count_byte(file, *first + 1, offset + length - *first - 1, key);
  return scan;
}

std::optional<std::uint8_t> uniform_corner_value(ByteView file, std::uint64_t offset,
                                                 std::uint16_t width, std::uint16_t height) {
  if (width == 0 || height == 0) return std::nullopt;
  const std::uint64_t last_row = offset + std::uint64_t{height - 1u} * width;
  const auto top_left = file.u8(offset);
  const auto top_right = file.u8(offset + width - 1);
  const auto bottom_left = file.u8(last_row);
  const auto bottom_right = file.u8(last_row + width - 1);
  if (!top_left || !top_right || !bottom_left || !bottom_right) return std::nullopt;
  if (*top_left != *top_right || *top_left != *bottom_left || *top_left != *bottom_right)
    return std::nullopt;
  return *top_left;
}

}  // namespace gafcheck::pixels
