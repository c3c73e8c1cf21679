#pragma once
// Byte layout of HPI-family archives (docs/format/hpi.md). All integers little-endian, all offsets
// absolute file offsets unless a name says otherwise.
#include <cstdint>

namespace gafcheck::hpi {

inline constexpr std::uint32_t marker_hapi = 0x49504148;   // "HAPI"
inline constexpr std::uint32_t version_v1 = 0x00010000;    // TA / Core Contingency
inline constexpr std::uint32_t version_v2 = 0x00020000;    // TA: Kingdoms
inline constexpr std::uint32_t version_bank = 0x4B4E4142;  // "BANK": a TA saved game

// v1 header (§1)
inline constexpr std::uint64_t header_marker = 0;
inline constexpr std::uint64_t header_version = 4;
inline constexpr std::uint64_t v1_directory_end = 8;
inline constexpr std::uint64_t v1_key = 12;
inline constexpr std::uint64_t v1_directory_start = 16;
inline constexpr std::uint64_t v1_header_size = 20;

// v1 directory (§3)
inline constexpr std::uint64_t directory_header_size = 8;  // {u32 entry_count, u32 list_offset}
inline constexpr std::uint64_t entry_size = 9;             // {u32 name, u32 data, u8 flag}
inline constexpr std::uint64_t entry_name_offset = 0;
inline constexpr std::uint64_t entry_data_offset = 4;
inline constexpr std::uint64_t entry_flag = 8;
inline constexpr std::uint8_t flag_file = 0;
inline constexpr std::uint8_t flag_directory = 1;
inline constexpr std::uint64_t file_record_size = 9;  // {u32 data, u32 size, u8 compression}
inline constexpr std::uint64_t record_data_offset = 0;
inline constexpr std::uint64_t record_size = 4;
inline constexpr std::uint64_t record_compression = 8;

enum class Compression : std::uint8_t { stored = 0, lz77 = 1, zlib = 2 };

// Chunks (§4)
inline constexpr std::uint32_t marker_sqsh = 0x48535153;  // "SQSH"
inline constexpr std::uint64_t chunk_header_size = 19;
inline constexpr std::uint64_t chunk_marker = 0;
inline constexpr std::uint64_t chunk_version = 4;
inline constexpr std::uint64_t chunk_method = 5;
inline constexpr std::uint64_t chunk_encrypted = 6;
inline constexpr std::uint64_t chunk_compressed_size = 7;
inline constexpr std::uint64_t chunk_decompressed_size = 11;
inline constexpr std::uint64_t chunk_checksum_field = 15;
inline constexpr std::uint8_t chunk_version_known = 2;
inline constexpr std::uint64_t chunk_capacity = 65536;  // every non-final v1 chunk holds this
inline constexpr std::uint64_t chunk_table_slot = 4;

// LZ77 (§4)
inline constexpr std::uint32_t lz77_window = 4096;

// v2 header and directory (§5)
inline constexpr std::uint64_t v2_directory_offset = 8;
inline constexpr std::uint64_t v2_directory_size = 12;
inline constexpr std::uint64_t v2_names_offset = 16;
inline constexpr std::uint64_t v2_names_size = 20;
inline constexpr std::uint64_t v2_data_start = 24;
inline constexpr std::uint64_t v2_verification = 28;
inline constexpr std::uint64_t v2_header_size = 32;
inline constexpr std::uint64_t v2_directory_entry_size = 20;
inline constexpr std::uint64_t v2_dir_name = 0;
inline constexpr std::uint64_t v2_dir_first_subdir = 4;
inline constexpr std::uint64_t v2_dir_subdir_count = 8;
inline constexpr std::uint64_t v2_dir_first_file = 12;
inline constexpr std::uint64_t v2_dir_file_count = 16;
inline constexpr std::uint64_t v2_file_entry_size = 24;
inline constexpr std::uint64_t v2_file_name = 0;
inline constexpr std::uint64_t v2_file_data = 4;
inline constexpr std::uint64_t v2_file_size = 8;
inline constexpr std::uint64_t v2_file_compressed_size = 12;
inline constexpr std::uint64_t v2_file_date = 16;
inline constexpr std::uint64_t v2_file_checksum = 20;

// Footer (§1): retail looks for these in the last bytes of an archive.
inline constexpr std::uint64_t footer_window = 64;

}  // namespace gafcheck::hpi
