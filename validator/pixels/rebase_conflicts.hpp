#pragma once
// Pointer words the retail loader rebases in place (entry offsets, frame-header offsets, data
// offsets, subframe pointers; docs/format/gaf.md §5) whose bytes another structure also uses: the
// loader writes a rebased pointer over a field the game reads later, or rebases one word twice.
#include <cstdint>
#include <vector>

#include "validator/gaf/gaf_index.hpp"
#include "validator/pixels/extent_map.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck::pixels {

// A run of consecutive rebased words of one structure sharing bytes with one other structure.
struct RebaseConflict {
  std::size_t rebased = 0;  // index into ExtentMap::sorted: the structure holding the pointers
  std::size_t other = 0;    // index into ExtentMap::sorted: the structure using the same bytes
  std::uint64_t first_word = 0;
  std::uint64_t words = 0;
  std::uint64_t offset = 0;  // bytes shared with `other`: from the first word's to the last's
  std::uint64_t length = 0;
  // The worst thing the writes do (as the TA loader rebases) and the byte of `other` whose field
  // suffers it.
  Retail impact = Retail::none;
  bool rebased_twice = false;  // the worst byte is a pointer of `other` too
  std::uint64_t worst_at = 0;
};

// A byte range of a structure that the game reads or the loader rebases.
struct FieldClaim {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  std::size_t owner = 0;  // index into ExtentMap::sorted
};

// Heap bytes find_rebase_conflicts() needs per overlapping structure, at most: two claims with
// their prefix entries, and one conflict.
inline constexpr std::uint64_t rebase_heap_per_structure =
    2 * (sizeof(FieldClaim) + 2 * sizeof(std::size_t)) + sizeof(RebaseConflict);

// Looks only at structures the map marks as overlapping another (none in an ordinary file), so
// its cost is nothing there and O(n log n) in the overlapping part of a hostile one. A pointer
// word that two structures rebase (the same four bytes) is reported once.
std::vector<RebaseConflict> find_rebase_conflicts(const gaf::GafIndex& index, const ExtentMap& map);

}  // namespace gafcheck::pixels
