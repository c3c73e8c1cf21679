#pragma once
// Lays out a GAF (or paletted TAF: the same layout) canonically from a model of what it holds:
//
//   header | entry offset table | every entry header with its frame references, in entry order |
//   every frame header, in entry and frame order | every pixel block, in first-use order
//
// Nothing is shared but identical pixel blocks (as in retail art: extent.shared-pixels, harmless
// to the loader, which rebases each header's own data offset once); no structure overlaps
// another, no byte is slack, no frame is composite, so there is no pointer table to cycle.
// Reserved and unknown fields are zero except what the model carries (unknown3 on request).
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace gafcheck::rebuild {

struct FrameModel {
  std::uint32_t duration = 0;
  std::uint16_t width = 0;
  std::uint16_t height = 0;
  std::int16_t x_offset = 0;
  std::int16_t y_offset = 0;
  std::uint8_t color_key = 0;
  std::uint8_t compressed = 0;  // 0 raw, 1 RLE; in a truecolor TAF the pixel format (4, 5)
  std::uint8_t flag = 0;        // byte +11: 0 in a GAF; kept in a truecolor TAF
  std::uint32_t unknown3 = 0;
  std::vector<std::uint8_t> data;  // pixel bytes as stored (raw, RLE rows, or 16-bit pixels)
};

struct EntryModel {
  std::array<std::uint8_t, 32> name{};  // NUL-padded, nothing after the first NUL
  std::uint16_t loop_word = 0;
  std::vector<FrameModel> frames;
};

struct SpriteModel {
  std::uint32_t version = 0x00010100;
  std::vector<EntryModel> entries;
};

// The file's bytes, or nullopt when an offset would not fit 32 bits.
std::optional<std::vector<std::uint8_t>> write_canonical_gaf(const SpriteModel& model);

}  // namespace gafcheck::rebuild
