#pragma once
// Stages of the truecolor TAF and TA3D checks (taf_check.hpp runs them in order).
#include <array>
#include <cstdint>
#include <string_view>

#include "validator/core/walk_context.hpp"
#include "validator/gaf/gaf_index.hpp"

namespace gafcheck::taf {

// Reads a 12-byte GAF-layout header whose second word is a plain slot count (truecolor TAF,
// TA3D) and sets index.header so that gaf::read_entries walks the slots that fit the file.
// slot_name names the slots in paths and messages ("sequence", "entry").
void read_counted_header(WalkContext& context, gaf::GafIndex& index, std::string_view slot_name);

// Truecolor header and sequence fields: version, sequence count, reserved words.
void check_truecolor_header(WalkContext& context, const gaf::GafIndex& index);
void check_truecolor_sequences(WalkContext& context, const gaf::GafIndex& index);

// What the frame walk counts for the summary.
struct TafTally {
  std::uint64_t argb4444 = 0;
  std::uint64_t argb1555 = 0;
  std::uint64_t other_format = 0;
  std::uint64_t pixels = 0;
  std::uint64_t transparent = 0;  // alpha 0
  std::uint64_t opaque = 0;       // alpha 0xFF
  std::uint64_t soft = 0;         // anything between (ARGB4444 only)
};

// Reads every frame header the sequences reach (each once), checks the TAF frame fields and the
// width x height x 2 pixel extent, and tallies formats and alpha.
void read_truecolor_frames(WalkContext& context, gaf::GafIndex& index, TafTally& tally);

// Adds the alpha classes of a frame's in-bounds pixels to the tally.
void tally_alpha(const ByteView& file, const gaf::FrameRecord& frame, TafTally& tally);

}  // namespace gafcheck::taf
