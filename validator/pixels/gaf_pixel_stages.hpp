#pragma once
// The stages of check_gaf_pixels(), one per file. Internal to validator/pixels.
#include <cstdint>
#include <string_view>
#include <vector>

#include "validator/core/check_options.hpp"
#include "validator/core/walk_context.hpp"
#include "validator/gaf/gaf_index.hpp"
#include "validator/pixels/layout_extents.hpp"
#include "validator/pixels/raw_array_reader.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck::pixels {

// Walks every RLE leaf strictly (identical leaves once) and fills rle_end[frame] with the end of
// its last row walked (0 for frames that are not walked RLE leaves). Past the RLE command budget
// the remaining leaves are not walked (their rle_end stays 0) but the other pixel checks still
// run (a budget stops only the work it bounds). False when the heap budget refused the walk.
bool walk_rle_leaves(WalkContext& context, const gaf::GafIndex& index, bool all_rows,
                     bool refine_retail, std::vector<std::uint64_t>& rle_end);

// Key occurrence counters for raw leaves, and tak.corner-key with --game tak.
void scan_raw_leaves(WalkContext& context, const gaf::GafIndex& index, Game game,
                     Counters& summary);

// storage.raw-required for compressed or composite frames in files read as plain arrays.
// engine_path: InputName::engine_path(), the path on disk or the member path, never the display
// string "archive!member".
void check_storage_context(WalkContext& context, const gaf::GafIndex& index,
                           std::string_view engine_path);

// The payload extent of each frame of a paletted GAF: layer table, raw pixels, or RLE rows up to
// rle_end (which the function keeps a reference to).
PayloadExtentOf gaf_payload_extents(const std::vector<std::uint64_t>& rle_end);

// The byte-extent map: extent.* findings and the coverage.* counters.
void check_extents(WalkContext& context, const gaf::GafIndex& index,
                   const std::vector<std::uint64_t>& rle_end, Counters& summary);

}  // namespace gafcheck::pixels
