#pragma once
// When a rebuilt composite stays a composite (composites are drawn as the engine composes them,
// kept as composites where that is exact, else flattened). The one rule:
//
// A composite frame is written as a composite when all of these hold, and flattened into one
// leaf of its retail canvas otherwise:
//   - its storage context lets the engine compose it (not textures/ or a mask file, whose frames
//     the engine reads as plain arrays);
//   - it has an area of its own, and its layer table is whole (every pointer the +10 byte counts
//     is inside the file and leads to a frame header);
//   - it is one level deep: every layer is a leaf (the retail loader relocates one level only);
//   - every layer with pixels renders under the retail policy and can be encoded (encode_canvas);
//     layers without pixels draw nothing and are left out, and at least one layer is left;
//   - re-composing the encoded layers as the engine does (table order, anchors aligned, the
//     parent's width, height and offsets as its header has them) gives the input's retail canvas
//     exactly: checked by rendering the written composite, not assumed.
// The written composite has the parent's size and offsets, +10 = the layers written, its data
// pointer on a canonical layer table (canonical_writer.hpp), each layer canonical with its +11
// byte kept (the game blits a layer whose +11 byte is set translucently) and every other
// reserved or unknown field zero (unknown3 with --keep-unknown).
#include <cstdint>
#include <optional>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/gaf/gaf_index.hpp"
#include "validator/rebuild/canonical_writer.hpp"
#include "validator/render/canvas.hpp"
#include "validator/render/frame_renderer.hpp"

namespace gafcheck::rebuild {

struct KeptComposite {
  FrameModel frame;                   // duration left 0 for the caller
  std::vector<std::uint32_t> layers;  // the input's frame indices of the layers written
};

// drawn: the input composite's retail canvas. renderer draws the layers (its budgets are spent);
// limits bound the check of the written composite.
std::optional<KeptComposite> keep_composite(const gaf::GafIndex& index, std::uint32_t frame,
                                            const render::Canvas& drawn,
                                            render::FrameRenderer& renderer,
                                            const BudgetLimits& limits, bool keep_unknown);

// Equal as drawn: size, anchor, and per pixel whether it is opaque and with which index.
bool same_drawing(const render::Canvas& a, const render::Canvas& b);

}  // namespace gafcheck::rebuild
