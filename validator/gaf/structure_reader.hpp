#pragma once
// Reads a GAF's structure (header, entry table, entries, frame-reference tables, frame headers,
// layer tables, composite graph) into a GafIndex and reports structural findings. Allocates no
// pixels; every count is checked against the file size and the budget before it is used.
#include "validator/core/walk_context.hpp"
#include "validator/gaf/gaf_index.hpp"

namespace gafcheck::gaf {

GafIndex read_gaf_structure(WalkContext& context);

// The stages, in order; each stops early when the budget is exhausted.
void read_header(WalkContext& context, GafIndex& index);
// durations: whether the frame references' duration words are checked (TA3D never reads them).
void read_entries(WalkContext& context, GafIndex& index, bool durations = true);
void read_frames(WalkContext& context, GafIndex& index);
void check_frame_sharing(WalkContext& context, const GafIndex& index);
void check_composite_graph(WalkContext& context, const GafIndex& index);

// The slots of an entry table (already cut to those the file holds) that the entries budget lets
// the reader walk: all of them, or, past the budget (a budget.exceeded finding at offset/path),
// the first ones up to its limit.
std::uint64_t walked_within_entries_budget(WalkContext& context, std::uint64_t slots,
                                           std::uint64_t offset, const std::string& path);

// False when the entry count, as the game reads it (low 16 bits, signed), is negative: the game
// loads no entry, so the claimed table and all it leads to are forensics (docs/format/gaf.md §1).
inline bool game_reads_entries(const HeaderFields& header) {
  return !header.present || (header.entry_count_word & 0x8000) == 0;
}

// Fills a frame record's header fields from the 24 bytes at frame.offset (which must be inside the
// file). Shared with the readers of the other GAF-layout formats (truecolor TAF, TA3D).
void read_frame_fields(const ByteView& file, FrameRecord& frame);

}  // namespace gafcheck::gaf
