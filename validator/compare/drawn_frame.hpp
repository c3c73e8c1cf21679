#pragma once
// What the game draws for one frame, as gafcheck diff compares it: the visible pixels only, placed
// relative to the frame's anchor and cropped to their bounding box. Two frames that draw the same
// pixels at the same places compare equal whatever their bytes say (RLE or raw, padding columns of
// transparency, slack between rows): that is what makes an edit "re-encoded" and not "changed".
//
// A paletted frame is drawn under the retail policy (render/frame_renderer.hpp), a truecolor TAF
// frame from its 16-bit pixels, a TA3D frame (with --game ta3d) as TA3D decodes it. A frame the
// game cannot draw has no pixels and a reason; its hash is that of the failure's kind and the
// frame's size (not the offsets in the reason), so two frames broken the same way compare equal
// even when the file was re-laid, and a fix shows as a change. A frame that draws nothing (0
// wide or high, or a composite whose layers cover nothing) is an empty image, not undrawable:
// whatever the bytes say, every such frame draws the same.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/core/format.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/render_index.hpp"

namespace gafcheck::compare {

// A reason's kind: the reason with every number (decimal or 0x hex) replaced by '#'.
std::string failure_kind(std::string_view reason);

// A pixel of a drawn image: 0 is transparent. Paletted: 0x01000000 | index. Truecolor: alpha in
// the top byte (never 0 for a visible pixel), then red, green, blue.
using DrawnPixel = std::uint32_t;

inline constexpr DrawnPixel paletted_pixel_flag = 0x01000000;

struct DrawnImage {
  std::string undrawable;  // why the game draws no image (empty when it draws one)
  // For an undrawable frame, what the game's outcome depends on: the reason's kind with its
  // numbers and offsets left out, and the frame's size. Two frames failing the same way compare
  // equal wherever their bytes lie; the reason text (with offsets) is for people only.
  std::string failure;
  std::int64_t left = 0;    // the first visible column, relative to the anchor
  std::int64_t top = 0;     // the first visible row, relative to the anchor
  std::uint32_t width = 0;  // the visible pixels' bounding box (0 x 0: nothing visible)
  std::uint32_t height = 0;
  std::vector<DrawnPixel> pixels;   // width x height, row-major
  std::uint32_t tinted_layers = 0;  // layers the game tints against the screen (+11 byte set)

  DrawnPixel at(std::int64_t x, std::int64_t y) const;  // anchor coordinates; 0 outside
  // A 64-bit digest of everything above: equal images, equal digests.
  std::uint64_t digest() const;
};

// Draws the frames of one sprite file. Budgets: the renderer's (pixels, heap, expansion) for
// paletted frames, --max-pixels for truecolor ones, spent across the file's frames.
class FrameDrawer {
 public:
  // ta3d: a TA3D truecolor GAF compared under --game ta3d, drawn as TA3D decodes it.
  FrameDrawer(ByteView file, const render::RenderIndex& index, const BudgetLimits& limits,
              bool ta3d);
  DrawnImage draw(std::uint32_t frame);

 private:
  DrawnImage draw_frame(std::uint32_t frame);
  DrawnImage draw_truecolor(const gaf::FrameRecord& frame);
  DrawnImage draw_ta3d(const gaf::FrameRecord& frame);
  bool charge(std::uint64_t pixels, DrawnImage& image);

  ByteView file_;
  const render::RenderIndex& index_;
  BudgetLimits limits_;
  bool ta3d_;
  render::FrameRenderer renderer_;
  std::uint64_t truecolor_pixels_ = 0;
};

}  // namespace gafcheck::compare
