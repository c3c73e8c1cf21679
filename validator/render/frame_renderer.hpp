#pragma once
// Renders GAF frames to canvases under one policy (docs/format/gaf.md §3-§4), from the structure
// index:
//
// retail, what the game draws: RLE rows through the walker's retail policy (runs clamped, a short
//   row decoded on into the bytes after it), count-0 rows transparent, raw pixels equal to the
//   frame's key transparent, the RLE key ignored; composites drawn child by child in table order
//   with anchors aligned, on a canvas that holds every child (the game clips to the screen, not to
//   the parent); the layer count is the byte the game reads (+10), so a set +11 byte is no "256
//   layers". A frame the game cannot draw is not guessed at: it gets a reason instead of a canvas
//   (a row decoded past the end of the file, pixels or a layer table outside it, a composite
//   child that is itself a composite: the game relocates one level of subframe pointers only).
// strict, what the author meant: each row from its own payload only; pixels the payload does not
//   give are marked missing, runs that overshoot are marked extra (canvas.hpp); nested
//   composites are drawn (depth-bounded, cycles refused).
//
// Every canvas is checked against the budgets before it is allocated: its pixels against the
// file's pixel budget (--max-pixels), its bytes plus those held by the composites it is drawn
// into against the heap budget, with overflow-checked sizes; frame visits against the expansion
// budget (per policy, as check costs one full expansion), nesting against the depth budget
// (held to max_render_depth), RLE commands against their budget.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "validator/base/result.hpp"
#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/gaf/gaf_index.hpp"
#include "validator/render/canvas.hpp"

namespace gafcheck::render {

struct Rendered {
  std::optional<Canvas> canvas;
  std::string reason;               // why there is no canvas
  bool draws_nothing = false;       // no canvas because the frame has no pixels (0 wide or high,
                                    // or a composite whose layers cover nothing): not a failure
  std::vector<RowDefect> defects;   // the first max_listed_defects flagged rows
  std::uint64_t defect_rows = 0;    // all of them
  std::uint32_t tinted_layers = 0;  // children with a set +11 byte: the game tints them (ALP)
                                    // against the screen; drawn here as plain copies
};

inline constexpr std::size_t max_listed_defects = 64;

// The rectangle a frame's canvas covers, in anchor coordinates (the anchor at 0,0).
struct CanvasExtent {
  std::int64_t left = 0, top = 0;
  std::uint32_t width = 0, height = 0;
};

// Where a sampled canvas takes its pixels: column i of it is the full canvas's pixel at anchor
// column columns[i], row j at anchor row rows[j] (nearest pixel; both increasing). A sampled
// canvas is columns.size() x rows.size() with its offsets 0, whatever the frame's size.
struct SampleGrid {
  std::vector<std::int64_t> columns;
  std::vector<std::int64_t> rows;
};

// The grid that shows `extent` within max_side x max_side: every pixel when it fits, else the
// centre pixel of each cell of an even downscale that keeps the aspect ratio (at least 1x1).
SampleGrid fitting_grid(const CanvasExtent& extent, std::uint32_t max_side);

// Bytes a sampled or leaf strip canvas holds per pixel (palette index and flags).
inline constexpr std::uint64_t canvas_bytes_per_pixel = 2;
// Rows of a leaf drawn at once when sampling: as many as fit this many canvas bytes (at least 1).
inline constexpr std::uint64_t sampled_strip_bytes = 256 * 1024;
// Composite levels drawn at most, whatever --max-depth says (the drawing recurses per level).
inline constexpr std::uint64_t max_render_depth = 256;

class FrameRenderer {
 public:
  // file and index must outlive the renderer. limits: pixels, heap, depth, expansion and
  // rle_commands are used; pixels, expansion and RLE commands are spent across calls.
  FrameRenderer(ByteView file, const gaf::GafIndex& index, const BudgetLimits& limits);

  Rendered render(std::uint32_t frame, RenderPolicy policy);

  // The extent render() would give the frame's canvas, from the headers alone (no pixels, no
  // budget but the nesting and expansion bounds); nullopt when it would give no canvas.
  std::optional<CanvasExtent> extent(std::uint32_t frame, RenderPolicy policy);

  // render() sampled on `grid` (a thumbnail): the same pixels, flags, defects and refusals, but
  // no full-size canvas is ever held. Leaves are drawn a strip of rows at a time (at most
  // sampled_strip_bytes) and sampled into a grid-sized canvas; a composite's layers are drawn on
  // the grid and laid over its grid canvas one by one. Pixels are charged as render() charges
  // them (every pixel walked); the heap budget sees the grid canvases and strips held.
  Rendered render_sampled(std::uint32_t frame, RenderPolicy policy, const SampleGrid& grid);

  // Bytes of canvases the caller keeps while rendering more (counted against the heap budget).
  void set_held_outside(std::uint64_t bytes) { held_outside_ = bytes; }
  std::uint64_t pixels_used() const { return pixels_used_; }
  // Charges pixels drawn outside a canvas (a sprite sheet's rows) to the pixel budget.
  bool charge_pixels(std::uint64_t pixels);

 private:
  struct Visit;
  bool render_into(std::uint32_t frame, RenderPolicy policy, std::uint64_t depth, Rendered& out);
  bool render_leaf(const gaf::FrameRecord& frame, RenderPolicy policy, Rendered& out);
  bool render_rle(const gaf::FrameRecord& frame, RenderPolicy policy, Canvas& canvas,
                  Rendered& out);
  bool render_composite(std::uint32_t frame, RenderPolicy policy, std::uint64_t depth,
                        Rendered& out);
  // Sizes and allocates a canvas, or says which budget refused it.
  Result<void> allocate(Canvas& canvas, std::uint64_t width, std::uint64_t height);
  // The same for a canvas on the grid (charged to the heap only: its pixels are the leaves').
  Result<void> allocate_sampled(Canvas& canvas);
  // Sampled leaves (leaf_renderer.cpp).
  bool render_leaf_sampled(const gaf::FrameRecord& frame, RenderPolicy policy, Rendered& out);
  bool render_rle_strips(const gaf::FrameRecord& frame, RenderPolicy policy,
                         const std::vector<std::int64_t>& source_rows,
                         const std::vector<std::int64_t>& source_columns, Canvas& canvas,
                         Rendered& out);
  std::optional<CanvasExtent> extent_of(std::uint32_t frame, RenderPolicy policy,
                                        std::uint64_t depth, std::uint64_t& visits);

  ByteView file_;
  const gaf::GafIndex& index_;
  BudgetLimits limits_;
  std::uint64_t pixels_used_ = 0;
  std::uint64_t visits_[2] = {0, 0};  // frame visits per policy, as check costs one expansion
  std::uint64_t commands_used_ = 0;
  std::uint64_t held_ = 0;             // canvas bytes held by the composites being drawn
  std::uint64_t held_outside_ = 0;     // and by the caller
  std::vector<std::uint8_t> on_path_;  // frames on the current composite path (cycle test)
  const SampleGrid* grid_ = nullptr;   // set while render_sampled() draws
};

}  // namespace gafcheck::render
