#pragma once
// Byte layout of GAF structures (docs/format/gaf.md §1-§4). All integers little-endian.
#include <cstdint>

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

}  // namespace gafcheck::gaf
