#pragma once
// Who owns each byte of a file (docs/format/gaf.md §5): the extents of every structure and pixel
// block, sorted once (n log n) and swept, never a per-byte array. Finds identical pixel extents
// shared by several frames, pixel extents that partly overlap, pixel bytes inside structures,
// structures that overlap other structures, and byte ranges no extent claims.
#include <cstdint>
#include <string_view>
#include <vector>

namespace gafcheck::pixels {

// Structures first, pixel blocks last (the sort keeps equal pixel extents adjacent).
enum class ExtentKind : std::uint8_t {
  file_header,
  entry_table,
  entry_header,
  frame_table,
  frame_header,
  layer_table,
  raw_pixels,
  rle_rows,
  truecolor_pixels,  // truecolor TAF: width x height little-endian u16
  payload,           // a frame payload gafcheck does not decode (TA3D's zlib or JPEG)
};

inline bool is_pixels(ExtentKind kind) {
  return kind >= ExtentKind::raw_pixels;
}
std::string_view extent_kind_name(ExtentKind kind);

struct Extent {
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
  ExtentKind kind{};
  std::uint32_t owner = 0;  // index of the owning entry or frame, as the caller defines
  std::uint64_t end() const { return offset + length; }
};

struct SharedPixels {
  std::size_t first = 0;  // index into ExtentMap::sorted
  std::size_t count = 0;  // identical pixel extents from there on
};

struct ExtentOverlap {
  std::size_t pixels = 0;  // the later pixel extent (index into sorted)
  std::size_t other = 0;   // the pixel extent or structure it overlaps
  std::uint64_t offset = 0;
  std::uint64_t length = 0;  // bytes in common
};

// A structure that partly overlaps an earlier, different structure.
struct StructureOverlap {
  std::size_t later = 0;    // index into sorted
  std::size_t earlier = 0;  // index into sorted
  std::uint64_t offset = 0;
  std::uint64_t length = 0;  // bytes in common
};

struct Gap {
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
};

struct ExtentMap {
  std::vector<Extent> sorted;  // the non-empty extents, clipped to the file, by offset
  std::vector<SharedPixels> shared;
  std::vector<ExtentOverlap> pixel_overlaps;
  std::vector<ExtentOverlap> structure_overlaps;
  // Per sorted extent: a structure that shares bytes with at least one other structure.
  std::vector<bool> overlapping_structure;
  std::size_t overlapping_structures = 0;  // how many are marked (none in an ordinary file)
  std::vector<Gap> slack;                  // unclaimed ranges of at least min_slack bytes
  std::uint64_t claimed = 0;
  std::uint64_t slack_bytes = 0;
};

// Gaps shorter than this between structures are alignment padding, not slack.
inline constexpr std::uint64_t min_slack = 4;

ExtentMap map_extents(std::vector<Extent> extents, std::uint64_t file_size);

// For every structure overlapping an earlier one: that structure and, of the structures before it,
// the one reaching furthest (one pair per structure: linear however many overlap). Computed on
// demand, after the caller has charged the memory for overlapping_structures pairs.
std::vector<StructureOverlap> structure_pairs(const ExtentMap& map);

}  // namespace gafcheck::pixels
