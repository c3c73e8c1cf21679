#pragma once
// The structure index a renderer draws from, read by the same readers as check (its findings are
// check's business and are dropped here). The structure read allocates no pixels, so its pixel
// budget is lifted: --max-pixels bounds what the renderer draws (frame_renderer.hpp).
#include <string>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/core/format.hpp"
#include "validator/gaf/gaf_index.hpp"

namespace gafcheck::render {

struct RenderIndex {
  gaf::GafIndex index;
  bool truecolor = false;  // a truecolor TAF: 16-bit pixels, no palette
  std::string stopped;     // a budget that stopped the structure read, if any
};

// format: Format::gaf, taf_paletted, ta3d_gaf (read as the GAF the TA engines load) or
// taf_truecolor.
RenderIndex read_render_index(ByteView file, Format format, const BudgetLimits& limits);

}  // namespace gafcheck::render
