#pragma once
// The byte-extent map of any GAF-layout file (docs/format/gaf.md §5): paletted GAF, truecolor TAF,
// and TA3D's variant. Every header and table the index holds is an extent (file header, entry
// table, entry headers, frame tables, frame headers, layer tables); the caller adds each frame's
// payload. Reports extent.shared-pixels, extent.overlap, extent.overlaps-structure,
// extent.structure-overlap, extent.rebase-overlap and extent.slack, and adds the coverage.*
// counters to the summary.
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include "validator/core/walk_context.hpp"
#include "validator/gaf/gaf_index.hpp"
#include "validator/pixels/extent_map.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck::pixels {

// The payload of a frame whose header lies in the file: its pixels, RLE rows or layer table
// (kind layer_table makes it a structure), or nullopt when it has none in the file. The owner
// field is ignored (the frame's index is used).
using PayloadExtentOf =
    std::function<std::optional<Extent>(std::uint32_t frame_index, const gaf::FrameRecord& frame)>;

struct LayoutExtentOptions {
  std::string_view slot_name = "entry";  // "sequence" in a truecolor TAF
  // The bits of the header's count word that give the slots (a truecolor TAF's count is a u32):
  // a table claiming more slots than were walked runs past the file and counts only up to the
  // next structure.
  std::uint32_t slot_count_mask = 0xFFFF;
  // True when the target loader is known to rebase its pointers in place (TA's, docs/format/gaf.md
  // §5). When false, extent.rebase-overlap findings take retail `unknown` and say so.
  bool rebasing_established = true;
  // False when the game loads none of it (a negative entry count): the findings are forensics and
  // keep the retail impact the caller's override gives them.
  bool game_loads = true;
};

void check_layout_extents(WalkContext& context, const gaf::GafIndex& index,
                          const PayloadExtentOf& payload_of, const LayoutExtentOptions& options,
                          Counters& summary);

// The map check_layout_extents reports from (gafcheck show labels bytes with it).
ExtentMap layout_extent_map(const gaf::GafIndex& index, const PayloadExtentOf& payload_of,
                            const LayoutExtentOptions& options, std::uint64_t file_size);

}  // namespace gafcheck::pixels
