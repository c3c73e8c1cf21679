#pragma once
// Writes TA3D's truecolor GAF (version 0x00010101) the way TA3D's own create_gaf command (in its
// hpiview tool) lays it out, so that tests check what TA3D's mod data really holds:
// - header: version 0x00010101, the entry count, 0; then the entry offset table;
// - per entry, in order: the 40-byte entry header (frame count, 1, 0, the name NUL-padded to 32
//   bytes), its frame table (8 bytes per frame: frame header offset, then a word create_gaf never
//   sets), then per frame its 24-byte header immediately followed by its payload;
// - frame header: width, height, x/y offsets from the description, transparency byte 1 when the
//   image has alpha (0 otherwise), compression byte 1, a 16-bit layer count 0, unknown2 0,
//   data_offset = the header's offset + 24, unknown3 0;
// - payload, zlib era (the current create_gaf): u32 byte count, then the zlib stream compress2
//   (level 9) makes of width x height 4-byte pixels;
// - payload, JPEG era (older create_gaf): u32 byte count and an RGB JPEG, then, when the
//   transparency byte is 1, a u32 byte count and a greyscale JPEG of the alpha channel. The builder
//   writes a minimal marker-only JPEG (SOI, an APP0 segment, EOI): gafcheck checks JPEG markers
//   and bounds, it does not decode them.
// Labels: "entry_table", "entry[i]", "entry[i]/frames", "frame:i/j" (header), "frame:i/j/data"
// (the count word), "frame:i/j/alpha" (JPEG era alpha count word).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"

namespace gafcheck::builder {

enum class Ta3dEra { zlib, jpeg };

struct Ta3dFrameSpec {
  std::uint16_t width = 8;
  std::uint16_t height = 8;
  std::int16_t x_offset = 0;
  std::int16_t y_offset = 0;
  bool alpha = true;             // the transparency byte (create_gaf sets it when alpha is found)
  std::uint32_t frame_word = 0;  // the frame table's second word (create_gaf leaves it unset)
  std::optional<std::vector<std::uint8_t>> rgba;     // width*height*4 bytes; default a pattern
  std::optional<std::vector<std::uint8_t>> payload;  // exact bytes after the header, overrides
};

struct Ta3dEntrySpec {
  std::string name = "armcom_gadget";
  std::vector<Ta3dFrameSpec> frames = {Ta3dFrameSpec{}};
};

struct Ta3dSpec {
  Ta3dEra era = Ta3dEra::zlib;
  std::uint32_t version = 0x00010101;
  std::vector<Ta3dEntrySpec> entries = {Ta3dEntrySpec{}};
};

BuiltFile build_ta3d(const Ta3dSpec& spec);

// The zlib-era payload of one frame: u32 byte count, then the level-9 zlib stream of the pixels.
std::vector<std::uint8_t> ta3d_zlib_payload(const std::vector<std::uint8_t>& pixels);

}  // namespace gafcheck::builder
