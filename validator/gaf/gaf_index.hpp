#pragma once
// The structure index of a GAF file: every header, table and pointer the file declares, with no
// pixel data. Built by read_gaf_structure(); the pixel walk and the census read it.
#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "validator/gaf/gaf_layout.hpp"

namespace gafcheck::gaf {

inline constexpr std::uint32_t no_index = UINT32_MAX;

struct HeaderFields : FileHeader {    // version, entry_count_word, reserved: read when present
  bool present = false;               // the file holds the 12 header bytes
  std::int32_t game_entry_count = 0;  // what the executable uses: low 16 bits as int16, or 0
  std::uint32_t walked_slots = 0;     // slots gafcheck walked (forensics past a negative count)
};

struct EntryRecord : EntryHeader {    // frame_count ... name: read when header_in_bounds
  std::uint32_t slot = 0;             // index in the entry table
  std::uint32_t offset = 0;           // the slot's value
  std::uint32_t alias_of = no_index;  // earlier slot with the same offset
  bool header_in_bounds = false;
  bool loaded_by_game = true;
  std::uint32_t first_ref = 0;  // into GafIndex::refs
  std::uint32_t ref_count = 0;  // refs walked (0 when the table is out of bounds)
};

struct FrameRef {
  std::uint32_t header_offset = 0;
  std::uint32_t duration = 0;
  std::uint32_t frame = no_index;  // into GafIndex::frames
};

struct FrameRecord : FrameHeader {
  std::uint64_t offset = 0;
  std::uint64_t pointer_site = 0;  // where the first pointer to this header is stored
  std::string path;                // structure path of the first reach
  std::string second_path;         // structure path of the second reach, if any
  std::uint32_t references = 0;
  bool reached_from_entry = false;
  bool reached_as_subframe = false;
  bool header_in_bounds = false;

  // width ... unknown3: the 24 header bytes (FrameHeader), read when header_in_bounds.

  bool data_in_bounds = false;    // raw extent or layer table inside the file
  std::uint32_t first_child = 0;  // into GafIndex::children
  std::uint32_t child_count = 0;  // children walked (0 when the table is out of bounds)

  bool is_composite() const { return layer_count != 0; }
  bool is_rle() const { return compressed != 0; }
};

struct GafIndex {
  HeaderFields header;
  std::vector<EntryRecord> entries;
  std::vector<FrameRef> refs;
  std::vector<FrameRecord> frames;
  std::vector<std::uint32_t> children;  // frame indices, no_index for an out-of-bounds child
  std::unordered_map<std::uint64_t, std::uint32_t> frame_by_offset;
};

}  // namespace gafcheck::gaf
