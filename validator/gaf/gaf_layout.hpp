#pragma once
// Byte layout of GAF structures (docs/format/gaf.md §1-§4), declared once for the structure
// reader, the rebuild's canonical writer and the corpus builder. All integers little-endian.
#include <array>
#include <cstdint>
#include <vector>

#include "validator/core/byte_view.hpp"

namespace gafcheck::gaf {

inline constexpr std::uint32_t version_standard = 0x00010100;
inline constexpr std::uint32_t version_ta3d = 0x00010101;

inline constexpr std::uint64_t header_size = 12;
inline constexpr std::uint64_t header_version = 0;
inline constexpr std::uint64_t header_entry_count = 4;
inline constexpr std::uint64_t header_reserved = 8;
inline constexpr std::uint64_t entry_slot_size = 4;

inline constexpr std::uint64_t entry_header_size = 40;
inline constexpr std::uint64_t entry_frame_count = 0;
inline constexpr std::uint64_t entry_loop = 2;
inline constexpr std::uint64_t entry_unknown = 4;
inline constexpr std::uint64_t entry_name = 8;
inline constexpr std::uint64_t entry_name_size = 32;

inline constexpr std::uint64_t frame_ref_size = 8;
inline constexpr std::uint64_t frame_ref_duration = 4;

inline constexpr std::uint64_t frame_header_size = 24;
inline constexpr std::uint64_t frame_width = 0;
inline constexpr std::uint64_t frame_height = 2;
inline constexpr std::uint64_t frame_x_offset = 4;
inline constexpr std::uint64_t frame_y_offset = 6;
inline constexpr std::uint64_t frame_color_key = 8;
inline constexpr std::uint64_t frame_compressed = 9;
inline constexpr std::uint64_t frame_layer_count = 10;
inline constexpr std::uint64_t frame_alt_byte = 11;
inline constexpr std::uint64_t frame_unknown2 = 12;
inline constexpr std::uint64_t frame_data_offset = 16;
inline constexpr std::uint64_t frame_unknown3 = 20;
inline constexpr std::uint64_t layer_pointer_size = 4;

namespace layout_detail {
inline void append_u16(std::vector<std::uint8_t>& out, std::uint16_t value) {
  out.push_back(static_cast<std::uint8_t>(value));
  out.push_back(static_cast<std::uint8_t>(value >> 8));
}
inline void append_u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  append_u16(out, static_cast<std::uint16_t>(value));
  append_u16(out, static_cast<std::uint16_t>(value >> 16));
}
}  // namespace layout_detail

// The 12-byte file header (docs/format/gaf.md §1); the entry table's slots follow it.
struct FileHeader {
  std::uint32_t version = 0;           // +0 version word (the game never reads it)
  std::uint32_t entry_count_word = 0;  // +4 entry count (the game reads its low 16 bits, signed)
  std::uint32_t reserved = 0;          // +8
};
static_assert(header_entry_count == header_version + 4 &&
                  header_reserved == header_entry_count + 4 && header_size == header_reserved + 4,
              "the file header's fields follow one another and fill its 12 bytes");

// The file's first 12 bytes, which must be inside it.
inline FileHeader read_file_header(const ByteView& file) {
  return {*file.u32le(header_version), *file.u32le(header_entry_count),
          *file.u32le(header_reserved)};
}

inline void append_file_header(std::vector<std::uint8_t>& out, const FileHeader& header) {
  layout_detail::append_u32(out, header.version);
  layout_detail::append_u32(out, header.entry_count_word);
  layout_detail::append_u32(out, header.reserved);
}

// The 40-byte entry (sequence) header (docs/format/gaf.md §2); its frame table follows it.
struct EntryHeader {
  std::uint16_t frame_count = 0;        // +0
  std::uint16_t loop_word = 0;          // +2
  std::uint32_t unknown = 0;            // +4
  std::array<std::uint8_t, 32> name{};  // +8 NUL-padded
};
static_assert(entry_loop == entry_frame_count + 2 && entry_unknown == entry_loop + 2 &&
                  entry_name == entry_unknown + 4 &&
                  entry_header_size == entry_name + entry_name_size &&
                  std::tuple_size_v<decltype(EntryHeader::name)> == entry_name_size,
              "the entry header's fields follow one another and fill its 40 bytes");

// The entry header at `at`, which must lie inside the file.
inline EntryHeader read_entry_header(const ByteView& file, std::uint64_t at) {
  EntryHeader header{*file.u16le(at + entry_frame_count), *file.u16le(at + entry_loop),
                     *file.u32le(at + entry_unknown)};
  file.copy_to(at + entry_name, header.name);
  return header;
}

inline void append_entry_header(std::vector<std::uint8_t>& out, const EntryHeader& header) {
  layout_detail::append_u16(out, header.frame_count);
  layout_detail::append_u16(out, header.loop_word);
  layout_detail::append_u32(out, header.unknown);
  out.insert(out.end(), header.name.begin(), header.name.end());
}

// The 24-byte frame header (docs/format/gaf.md §3), for top-level frames and layers alike. One
// name per byte; the manual's names in the comments.
struct FrameHeader {
  std::uint16_t width = 0;        // +0
  std::uint16_t height = 0;       // +2
  std::int16_t x_offset = 0;      // +4  x origin
  std::int16_t y_offset = 0;      // +6  y origin
  std::uint8_t color_key = 0;     // +8  color key (a truecolor TAF's transparency byte)
  std::uint8_t compressed = 0;    // +9  compression (a truecolor TAF's pixel format)
  std::uint8_t layer_count = 0;   // +10 layer count (the game reads this byte alone)
  std::uint8_t alt_byte = 0;      // +11 alternate-blit byte (a truecolor TAF's flag)
  std::uint32_t unknown2 = 0;     // +12 reserved
  std::uint32_t data_offset = 0;  // +16 data pointer (pixels, or the layer pointer table)
  std::uint32_t unknown3 = 0;     // +20 trailing word
};

static_assert(frame_height == frame_width + 2 && frame_x_offset == frame_height + 2 &&
                  frame_y_offset == frame_x_offset + 2 && frame_color_key == frame_y_offset + 2 &&
                  frame_compressed == frame_color_key + 1 &&
                  frame_layer_count == frame_compressed + 1 &&
                  frame_alt_byte == frame_layer_count + 1 && frame_unknown2 == frame_alt_byte + 1 &&
                  frame_data_offset == frame_unknown2 + 4 &&
                  frame_unknown3 == frame_data_offset + 4 &&
                  frame_header_size == frame_unknown3 + 4,
              "the frame header's fields follow one another and fill its 24 bytes");

// The header at `at`, which must lie inside the file (FrameRecord::header_in_bounds).
inline FrameHeader read_frame_header(const ByteView& file, std::uint64_t at) {
  FrameHeader header;
  header.width = *file.u16le(at + frame_width);
  header.height = *file.u16le(at + frame_height);
  header.x_offset = *file.i16le(at + frame_x_offset);
  header.y_offset = *file.i16le(at + frame_y_offset);
  header.color_key = *file.u8(at + frame_color_key);
  header.compressed = *file.u8(at + frame_compressed);
  header.layer_count = *file.u8(at + frame_layer_count);
  header.alt_byte = *file.u8(at + frame_alt_byte);
  header.unknown2 = *file.u32le(at + frame_unknown2);
  header.data_offset = *file.u32le(at + frame_data_offset);
  header.unknown3 = *file.u32le(at + frame_unknown3);
  return header;
}

// Appends the header's 24 bytes, in the order read_frame_header reads them.
inline void append_frame_header(std::vector<std::uint8_t>& out, const FrameHeader& header) {
  using layout_detail::append_u16, layout_detail::append_u32;
  append_u16(out, header.width);
  append_u16(out, header.height);
  append_u16(out, static_cast<std::uint16_t>(header.x_offset));
  append_u16(out, static_cast<std::uint16_t>(header.y_offset));
  out.push_back(header.color_key);
  out.push_back(header.compressed);
  out.push_back(header.layer_count);
  out.push_back(header.alt_byte);
  append_u32(out, header.unknown2);
  append_u32(out, header.data_offset);
  append_u32(out, header.unknown3);
}

// The header of a frame described by a writer's own model, whose fields are named as the
// header's (the rebuild's FrameModel, the corpus builder's FrameSpec). The layer count and the
// data pointer come from the writer's layout, as may the reserved word.
template <typename Frame>
FrameHeader frame_header_of(const Frame& frame, std::uint8_t layer_count, std::uint32_t data_offset,
                            std::uint32_t unknown2 = 0) {
  return {.width = frame.width,
          .height = frame.height,
          .x_offset = frame.x_offset,
          .y_offset = frame.y_offset,
          .color_key = frame.color_key,
          .compressed = frame.compressed,
          .layer_count = layer_count,
          .alt_byte = frame.alt_byte,
          .unknown2 = unknown2,
          .data_offset = data_offset,
          .unknown3 = frame.unknown3};
}

}  // namespace gafcheck::gaf
