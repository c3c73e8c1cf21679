#pragma once
// The pixel forensics stage of a GAF check (docs/format/gaf.md §3-§6), run over the structure
// index: RLE rows walked strictly with the retail decoder's read-through emulated, raw frames
// scanned for their colour key, the storage context (files the engine reads as plain arrays), and
// the byte-extent map. Adds the summary counters raw_frames_with_key, key_pixels and coverage.*.
#include <string_view>

#include "validator/core/check_options.hpp"
#include "validator/core/walk_context.hpp"
#include "validator/gaf/gaf_index.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck::pixels {

// engine_path (InputName::engine_path(): the path on disk, or the member path inside the
// archive) gives the storage context by its directories and file name.
void check_gaf_pixels(WalkContext& context, const gaf::GafIndex& index, const CheckOptions& options,
                      std::string_view engine_path, Counters& summary);

}  // namespace gafcheck::pixels
