#pragma once
// Writes GAF files field by field from a readable description, and can plant any defect: every
// field is settable, structures can be shared by id, and labelled offsets allow patches after
// layout. Used by the tests and by the corpus generator; never by the validator.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gafcheck::builder {

struct FrameSpec {
  std::string id;
  std::uint16_t width = 4;
  std::uint16_t height = 4;
  std::int16_t x_offset = 0;
  std::int16_t y_offset = 0;
  std::uint8_t color_key = 9;
  std::uint8_t compressed = 0;                // 0 raw, 1 RLE, anything else as given
  std::optional<std::uint8_t> layer_count{};  // default: number of children
  std::uint8_t alt_byte = 0;
  std::uint32_t unknown2 = 0;
  std::uint32_t unknown3 = 0;
  std::vector<std::string> children{};             // ids of subframes (composite when non-empty)
  std::optional<std::vector<std::uint8_t>> raw{};  // raw pixels; default pattern
  std::optional<std::vector<std::vector<std::uint8_t>>>
      rle_rows{};                                   // row payloads; default encodes a pattern
  std::optional<std::vector<std::uint8_t>> data{};  // exact data bytes, overrides all
  std::optional<std::uint32_t> data_offset{};       // exact pointer, overrides layout
};

struct FrameRefSpec {
  std::string frame;  // frame id
  std::uint32_t duration = 1;
  std::optional<std::uint32_t> header_offset{};  // exact pointer, overrides the frame id
};

struct EntrySpec {
  std::string name = "ENTRY";
  std::optional<std::array<std::uint8_t, 32>> name_bytes{};  // exact 32 bytes, overrides name
  std::uint16_t loop_word = 1;
  std::uint32_t unknown = 0;
  std::optional<std::uint16_t> frame_count{};  // default: number of frame references
  std::vector<FrameRefSpec> frames{};
};

struct GafSpec {
  std::uint32_t version = 0x00010100;
  std::optional<std::uint32_t> entry_count_word;  // default: number of slots
  std::uint32_t reserved = 0;
  std::vector<EntrySpec> entries;
  std::vector<FrameSpec> frames;
  // Entry table slots as entry indices (default: one slot per entry, in order). A repeated index
  // makes an aliased slot.
  std::optional<std::vector<std::uint32_t>> slots;
};

struct BuiltFile {
  std::vector<std::uint8_t> bytes;
  // "entry_table", "entry[i]", "entry[i]/frames", "frame:ID", "frame:ID/data"
  std::map<std::string, std::uint64_t> labels;

  std::uint64_t at(const std::string& label) const;  // throws std::out_of_range naming the label
  void put_u8(std::uint64_t offset, std::uint8_t value);
  void put_u16(std::uint64_t offset, std::uint16_t value);
  void put_u32(std::uint64_t offset, std::uint32_t value);
};

BuiltFile build_gaf(const GafSpec& spec);

// Encodes one row of pixels (-1 = transparent) as GAF RLE commands.
std::vector<std::uint8_t> encode_rle_row(const std::vector<int>& pixels);

// The default pixel pattern of a frame: value (x + 2y) % 7 + 1 (never the key 9, never 0).
std::vector<std::uint8_t> default_pixels(std::uint16_t width, std::uint16_t height);

}  // namespace gafcheck::builder
