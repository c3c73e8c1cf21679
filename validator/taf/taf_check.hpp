#pragma once
// Checks for the GAF-layout formats other than the paletted GAF: truecolor TAF (TA: Kingdoms) and
// TA3D's truecolor GAF variant. Both reuse the GAF entry reader for the shared layout.
#include "validator/core/walk_context.hpp"
#include "validator/report/file_report.hpp"

namespace gafcheck::taf {

// Truecolor TAF (spec/GAF.md §7): header, the one sequence, frame fields, 16-bit pixel extents,
// and the summary (frames, formats, dimensions, alpha statistics).
void check_truecolor_taf(WalkContext& context, FileReport& report);

// TA3D's 0x00010101 GAF: format.foreign-variant, then header, entries, frame headers and payload
// offsets only. The payloads (zlib RGBA or JPEG) are not decoded, so nothing per pixel is claimed.
void check_ta3d_gaf(WalkContext& context, FileReport& report);

}  // namespace gafcheck::taf
