#pragma once
// Lays out a GAF (or paletted TAF: the same layout) canonically from a model of what it holds:
//
//   header | entry offset table | every entry header with its frame references, in entry order |
//   every frame header, in entry and frame order | per composite frame, in entry and frame order:
//   its layer table, then its layers' frame headers in table order | every pixel block, in
//   first-use order (entries, frames, and a composite's layers in table order)
//
// Nothing is shared but identical pixel blocks (as in retail art: extent.shared-pixels, harmless
// to the loader, which rebases each header's own data offset once); no structure overlaps
// another, no byte is slack. A composite is one level deep: each layer is a leaf written once,
// for its composite only, so no frame header is reached twice and no layer table can cycle.
// Reserved and unknown fields are zero except what the model carries (a layer's +11 byte,
// unknown3 on request).
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace gafcheck::rebuild {

struct FrameModel {
  std::uint32_t duration = 0;
  std::uint16_t width = 0, height = 0;
  std::int16_t x_offset = 0, y_offset = 0;
  std::uint8_t color_key = 0;
  std::uint8_t compressed = 0;  // 0 raw, 1 RLE; in a truecolor TAF the pixel format (4, 5)
  std::uint8_t alt_byte = 0;    // byte +11: 0 in a GAF frame, the game's tint byte on a layer;
                                // kept in a truecolor TAF
  std::uint32_t unknown3 = 0;
  std::vector<std::uint8_t> data;  // pixel bytes as stored (raw, RLE rows, or 16-bit pixels)
  // A composite's layers (leaves, at most 255), drawn in this order; data is then unused and
  // the header's +10 byte is their count.
  std::vector<FrameModel> layers;
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

// The file's bytes, or nullopt when an offset would not fit 32 bits (or a composite has more
// layers than its count byte holds).
std::optional<std::vector<std::uint8_t>> write_canonical_gaf(const SpriteModel& model);

}  // namespace gafcheck::rebuild
