#pragma once
// The shortest edit script between two sequences of hashes (Myers' O((N+M)·D) algorithm in its
// linear-space form: each step finds the middle snake of the box left to align and splits there,
// so memory stays linear in N+M and the recursion is about log2(D) deep). Frames are aligned by
// the hash of what the game draws, so an inserted, deleted or reordered frame shows as such and
// the frames after it still pair with their old selves.
//
// The work is bounded: past max_work comparisons (a hostile file of thousands of frames that all
// differ) the script falls back to pairing the remaining items by position, and says so.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace gafcheck::compare {

enum class EditKind : std::uint8_t {
  keep,    // old[old_index] and new[new_index] are equal
  remove,  // old[old_index] is not in new
  insert,  // new[new_index] is not in old
};

struct Edit {
  EditKind kind = EditKind::keep;
  std::size_t old_index = 0;  // meaningful for keep and remove
  std::size_t new_index = 0;  // meaningful for keep and insert
};

struct EditScript {
  std::vector<Edit> edits;  // in order of both sequences
  bool positional = false;  // the work bound was reached: aligned by position instead
};

// Comparisons the alignment may make before it falls back to positions: enough for two
// sequences of 4,096 items that share nothing, far more than any retail entry needs.
inline constexpr std::uint64_t max_edit_work = std::uint64_t{1} << 26;

EditScript edit_script(std::span<const std::uint64_t> old_items,
                       std::span<const std::uint64_t> new_items,
                       std::uint64_t max_work = max_edit_work);

}  // namespace gafcheck::compare
