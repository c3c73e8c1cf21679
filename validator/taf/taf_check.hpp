#pragma once
// Checks for the GAF-layout formats other than the paletted GAF: truecolor TAF (TA: Kingdoms) and
// TA3D's truecolor GAF variant. Both reuse the GAF entry reader for the shared layout.
#include "validator/core/walk_context.hpp"
#include "validator/pixels/layout_extents.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck::taf {

// Truecolor TAF (docs/format/gaf.md §7): header, the one sequence, frame fields, 16-bit pixel
// extents, and the summary (frames, formats, dimensions, alpha statistics).
void check_truecolor_taf(WalkContext& context, FileReport& report);

// A truecolor TAF's extent map (docs/format/gaf.md §5, §7): the GAF structures, and width x height
// x 2 bytes of pixels at each frame's data_offset. TA: Kingdoms' loader is not documented to rebase
// pointers in place as TA's does, so extent.rebase-overlap takes retail `unknown` here.
pixels::PayloadExtentOf truecolor_payload_extents();
pixels::LayoutExtentOptions truecolor_extent_options();

// TA3D's 0x00010101 GAF as TA3D reads it (--game ta3d): header, entries, frame headers and each
// frame's payload (zlib streams inflated under the pixel budget, JPEG markers and bounds).
void check_ta3d_gaf(WalkContext& context, FileReport& report);

// For the TA and TA: Kingdoms engines, which load any GAF-layout file as a GAF whatever its version
// word: format.foreign-variant when the version word is TA3D's or a frame holds a TA3D payload —
// an error (retail garbage) when the engine would decode a TA3D payload as palette pixels. Scans at
// most scan_limit frame references; run it before the GAF checks so that it is always listed.
void check_foreign_layout(WalkContext& context, std::uint64_t scan_limit);

}  // namespace gafcheck::taf
