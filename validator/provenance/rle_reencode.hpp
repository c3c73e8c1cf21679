#pragma once
// Re-encoding a GAF's RLE rows with a writer's own row encoder. Where the encoder is deterministic
// and every row comes out byte for byte as stored, that encoder wrote them: the strongest basis
// `gafcheck identify` has. A row the encoder would have written differently (another choice of
// commands, a run past its limits, a drawn pixel of the key colour) is a difference.
#include <cstdint>
#include <span>
#include <vector>

#include "validator/core/byte_view.hpp"
#include "validator/gaf/gaf_index.hpp"

namespace gafcheck::provenance {

enum class Reencoding : std::uint8_t {
  matches,      // every row of every RLE image checked re-encodes to its stored bytes
  differs,      // some row does not
  not_checked,  // no RLE image, or the pixel budget ran out before a difference or the end
};

// The deterministic row encoders whose output identify recognises.
struct Reencodings {
  Reencoding gafexplode = Reencoding::not_checked;  // GafExplode's (row_encoders.hpp)
  Reencoding kbot_io = Reencoding::not_checked;     // kbot-io's (row_encoders.hpp)
  Reencoding gafcheck = Reencoding::not_checked;    // gafcheck rebuild's (pixels/rle_encoder.hpp)
  // Whether every sampled row decodes exactly (width pixels from its own payload, nothing left
  // over), as any encoder writes rows: differs for a row an encoder could not have written.
  Reencoding well_formed = Reencoding::not_checked;
};

// Takes a sample of the RLE leaf images' rows (top-level frames and layers, each pixel block once,
// in index order, whole rows, 4,096 pixels in all or the file's pixel budget if smaller: the
// sample bounds the cost per file whatever its size), decodes it strictly (well_formed) and
// re-encodes it with each encoder until it differs. No row sampled: every answer not_checked.
Reencodings reencode_rle_rows(ByteView file, const gaf::GafIndex& index, std::uint64_t max_pixels);

}  // namespace gafcheck::provenance
