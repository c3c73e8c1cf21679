#pragma once
// What the retail loader and engine do with each byte of a header or table (docs/format/gaf.md
// §1-§5, seed 002 "How the engine loads it"): which fields are read, which are pointers the loader
// rebases by the block address and writes back in place, and which are never read. The extent map
// uses it to tell a harmless structure overlap from one where the loader's write lands in bytes
// another structure uses.
#include <cstdint>
#include <string_view>

#include "validator/gaf/gaf_index.hpp"
#include "validator/pixels/extent_map.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck::pixels {

enum class FieldUse : std::uint8_t { unread, read, rebased };

struct Field {
  std::string_view name;  // "data_offset", "frame count", "name", ...
  FieldUse use = FieldUse::unread;
  std::uint64_t begin = 0;  // offset of the field inside its structure
  std::uint64_t end = 0;
  // What the game does when a pointer value is written over this field before it is used.
  Retail overwritten = Retail::none;
};

// The field of a structure holding the byte at `relative` (0 <= relative < the extent's length).
// index gives an entry header's name length (the name is read up to its first NUL).
Field field_at(const gaf::GafIndex& index, const Extent& structure, std::uint64_t relative);

// A pointer the loader rebases in place: four bytes overwritten with an address.
inline constexpr std::uint64_t pointer_word = 4;

// The byte ranges of a structure that the game reads or the loader rebases (relative to the
// structure), at most max_used_ranges of them, in order; returns how many.
inline constexpr std::size_t max_used_ranges = 2;
struct UsedRange {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
};
std::size_t used_ranges(const gaf::GafIndex& index, const Extent& structure,
                        UsedRange (&ranges)[max_used_ranges]);

// The pointer words the loader rebases in place: the first at `first`, then every `stride` bytes
// while a whole word fits in the structure. stride 0: none.
struct RebasedWords {
  std::uint64_t first = 0;
  std::uint64_t stride = 0;
};
RebasedWords rebased_words(ExtentKind kind);

}  // namespace gafcheck::pixels
