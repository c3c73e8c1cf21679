// Headers and tables that overlap other headers and tables (docs/format/gaf.md §5): where the
// retail loader writes a rebased pointer into bytes another structure uses, extent.rebase-overlap
// with what that write does; otherwise extent.structure-overlap, harmless to the game but never
// seen in retail files.
#include <algorithm>

#include "validator/core/text.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/pixels/extent_findings.hpp"
#include "validator/pixels/rebase_conflicts.hpp"
#include "validator/pixels/structure_fields.hpp"

namespace gafcheck::pixels {
namespace {

// The structure path of the pointer word at `at` inside a structure with rebased words.
std::string pointer_path(const gaf::GafIndex& index, const Extent& structure, std::uint64_t at,
                         const ExtentNames& names) {
  const std::uint64_t relative = at - structure.offset;
  switch (structure.kind) {
    case ExtentKind::entry_table: return indexed("entry", (at - gaf::header_size) / pointer_word);
    case ExtentKind::frame_table:
      return join_indexed(indexed("entry", index.entries[structure.owner].slot), "frame",
                          relative / gaf::frame_ref_size);
    case ExtentKind::layer_table:
      return join_indexed(index.frames[structure.owner].path, "layer", relative / pointer_word);
    default: return names.path(structure);
  }
}

std::string consequence(const Field& field) {
  if (field.use == FieldUse::rebased)
    return "the loader rebases that word twice and the game follows a wild pointer, as for a "
           "frame header reached twice";
  switch (field.overwritten) {
    case Retail::crash:
      return "the game takes a pointer value for that count or size and reads far outside the "
             "file, as for a frame header reached twice";
    case Retail::dropped: return "the name no longer matches, so a lookup by name misses it";
    default: return "the game draws or times the frame from a pointer value";
  }
}

void report_conflict(WalkContext& context, const gaf::GafIndex& index, const ExtentMap& map,
                     const ExtentNames& names, const LayoutExtentOptions& options,
                     const RebaseConflict& conflict) {
  const Extent& rebased = map.sorted[conflict.rebased];
  const Extent& other = map.sorted[conflict.other];
  const Field pointer = field_at(index, rebased, conflict.first_word - rebased.offset);
  const Field hit = field_at(index, other, conflict.worst_at - other.offset);
  Finding* finding = context.findings.add(
      RuleId::extent_rebase_overlap, conflict.offset, conflict.length,
      pointer_path(index, rebased, conflict.first_word, names), [&] {
        std::string words =
            conflict.words == 1
                ? "the " + std::string(pointer.name) + " at " + hex(conflict.first_word)
                : std::to_string(conflict.words) + " " + std::string(pointer.name) +
                      " words from " + hex(conflict.first_word);
        return (options.rebasing_established ? "the loader rebases "
                                             : "a loader that rebases pointers in place (as "
                                               "TA's does) rewrites ") +
               words + " of the " + names.described(rebased) + " in place, over bytes " +
               byte_range(conflict.offset, conflict.length) + " of the " + names.described(other) +
               " (its " + std::string(hit.name) +
               (hit.begin + other.offset <= conflict.offset &&
                        hit.end + other.offset >= conflict.offset + conflict.length
                    ? ""
                    : ", among other fields") +
               "): " + consequence(hit);
      });
  if (!finding || !options.game_loads) return;
  finding->retail = options.rebasing_established ? conflict.impact : Retail::unknown;
}

// True when a rebased word of `writer` inside [begin, end) shares a byte that `user` reads or
// rebases. Linear in the words of the range.
bool writes_into(const gaf::GafIndex& index, const Extent& writer, const Extent& user,
                 std::uint64_t begin, std::uint64_t end) {
  const RebasedWords words = rebased_words(writer.kind);
  if (words.stride == 0) return false;
  std::uint64_t at = writer.offset + words.first;
  if (at + pointer_word <= begin) at += (begin - at - pointer_word) / words.stride * words.stride;
  for (; at < end && at + pointer_word <= writer.end(); at += words.stride) {
    const std::uint64_t from = std::max({at, begin, user.offset});
    const std::uint64_t to = std::min({at + pointer_word, end, user.end()});
    for (std::uint64_t byte = from; byte < to; ++byte)
      if (field_at(index, user, byte - user.offset).use != FieldUse::unread) return true;
  }
  return false;
}

}  // namespace

void report_structure_overlaps(WalkContext& context, const gaf::GafIndex& index,
                               const ExtentMap& map, const ExtentNames& names,
                               const LayoutExtentOptions& options) {
  if (map.overlapping_structures == 0) return;  // every ordinary file
  if (!context.charge_heap(map.overlapping_structures,
                           rebase_heap_per_structure + sizeof(StructureOverlap), 0, "extents"))
    return;
  for (const RebaseConflict& conflict : find_rebase_conflicts(index, map))
    report_conflict(context, index, map, names, options, conflict);
  for (const StructureOverlap& pair : structure_pairs(map)) {
    const Extent& later = map.sorted[pair.later];
    const Extent& earlier = map.sorted[pair.earlier];
    const std::uint64_t end = pair.offset + pair.length;
    // A write into the other's bytes is an extent.rebase-overlap finding already.
    if (writes_into(index, later, earlier, pair.offset, end) ||
        writes_into(index, earlier, later, pair.offset, end))
      continue;
    context.findings.add(
        RuleId::extent_structure_overlap, pair.offset, pair.length, names.path(later), [&] {
          const Field mine = field_at(index, later, pair.offset - later.offset);
          const Field theirs = field_at(index, earlier, pair.offset - earlier.offset);
          return "the " + names.described(later) + " shares bytes " +
                 byte_range(pair.offset, pair.length) + " with the " + names.described(earlier) +
                 " (its " + std::string(mine.name) + ", the other's " + std::string(theirs.name) +
                 "); the loader writes no pointer there that the other uses, so each reads the "
                 "bytes as its own fields, but retail files never overlap structures";
        });
  }
}

}  // namespace gafcheck::pixels
