#pragma once
// What the frame format bytes say about a GAF-layout file (docs/format/gaf.md §6-§7): the first 12
// bytes of a paletted and a truecolor .taf are alike; the decider is byte +9 of the frames.
#include "validator/core/byte_view.hpp"

namespace gafcheck::taf {

enum class FrameEvidence {
  none,       // no readable frame in the first sequence (or no sequence)
  truecolor,  // some frame has format 4 or 5 and none has 0 or 1
  paletted,   // some frame has format 0 or 1 (raw or RLE palette indices)
};

// Looks at the frames of the first sequence slot only (at most 65,535 frame headers, each read
// once), so the cost is bounded whatever the header claims.
FrameEvidence first_sequence_evidence(ByteView bytes);

}  // namespace gafcheck::taf
