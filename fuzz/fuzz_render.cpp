// fuzz_render: gafcheck render's drawing on one input read as a GAF: every entry's frames under
// both policies (the fuzz budgets bound pixels, heap, depth, expansion and RLE commands), the
// first four canvases encoded as PNG and decoded back, and each entry's frames as a GIF.
//
// Invariants (abort on violation): a canvas holds width x height indices and flags; a retail
// canvas carries no strict marks; where the strict drawing found no defect and both policies
// drew, they drew the same image (the game and the checked reader agree on well-formed bytes);
// the PNG decodes to the canvas's size with alpha 0 exactly where nothing is drawn.
#include <png.h>

#include <optional>
#include <utility>
#include <vector>

#include "fuzz/fuzz_support.hpp"
#include "validator/render/canvas_colours.hpp"
#include "validator/render/frame_renderer.hpp"
#include "validator/render/gif_writer.hpp"
#include "validator/render/png_writer.hpp"
#include "validator/render/render_index.hpp"

namespace gafcheck::fuzz {
namespace {

using render::Canvas;
using render::pixel_flag::drawn;
using render::pixel_flag::visible;

void require_shape(const Canvas& canvas) {
  require(canvas.index.size() == canvas.pixels() && canvas.flags.size() == canvas.pixels() &&
              canvas.pixels() != 0,
          "a canvas's planes do not match its size");
}

void require_png(const Canvas& canvas, const render::Palette& palette) {
  const Result<std::vector<std::uint8_t>> png = render::encode_png(
      canvas.width, canvas.height,
      [&](std::uint32_t y, std::uint8_t* rgba) { render::policy_row(canvas, palette, y, rgba); });
  require(png.ok(), [&] { return "PNG encoding failed: " + png.problem().message; });
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  require(png_image_begin_read_from_memory(&image, png->data(), png->size()) != 0,
          "the PNG written does not decode");
  image.format = PNG_FORMAT_RGBA;
  std::vector<std::uint8_t> rgba(PNG_IMAGE_SIZE(image));
  require(png_image_finish_read(&image, nullptr, rgba.data(), 0, nullptr) != 0,
          "the PNG written does not decode");
  require(image.width == canvas.width && image.height == canvas.height, "the PNG's size differs");
  for (std::size_t i = 0; i < canvas.flags.size(); ++i)
    require((rgba[4 * i + 3] != 0) == ((canvas.flags[i] & visible) != 0),
            "a PNG pixel's alpha disagrees with the canvas");
}

void require_same(const Canvas& retail, const Canvas& strict) {
  require(retail.width == strict.width && retail.height == strict.height &&
              retail.x_offset == strict.x_offset && retail.y_offset == strict.y_offset,
          "clean strict and retail canvases differ in geometry");
  for (std::size_t i = 0; i < retail.flags.size(); ++i) {
    require(retail.flags[i] == strict.flags[i], "clean strict and retail canvases differ");
    if (retail.flags[i] & drawn)
      require(retail.index[i] == strict.index[i], "clean strict and retail pixels differ");
  }
}

}  // namespace
}  // namespace gafcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  const ByteView file(data, size);
  // Every canvas is PNG round-tripped, so the megapixel the parser targets allow would make one
  // execution cost tens of milliseconds; the drawing and encoding code is the same at 64 K pixels.
  BudgetLimits limits = fuzz::fuzz_check_options().limits;
  limits[BudgetKind::pixels] = 1u << 16;
  const render::RenderIndex index = render::read_render_index(file, Format::gaf, limits);
  render::FrameRenderer renderer(file, index.index, limits);
  const render::Palette palette = render::forensic_palette();
  int png_checks = 0;
  for (const gaf::EntryRecord& entry : index.index.entries) {
    std::vector<std::optional<render::Canvas>> frames;
    std::vector<std::uint32_t> durations;
    for (std::uint32_t k = 0; k < entry.ref_count; ++k) {
      const gaf::FrameRef& ref = index.index.refs[entry.first_ref + k];
      render::Rendered retail = renderer.render(ref.frame, render::RenderPolicy::retail);
      const render::Rendered strict = renderer.render(ref.frame, render::RenderPolicy::strict);
      for (const render::Rendered* rendered : {&std::as_const(retail), &strict}) {
        fuzz::require(rendered->canvas.has_value() != !rendered->reason.empty(),
                      "a frame has both a canvas and a reason, or neither");
        if (!rendered->canvas) continue;
        fuzz::require_shape(*rendered->canvas);
        // The PNG writer's paths do not depend on how many frames a file has; the first few
        // canvases of each input exercise it, the rest would only repeat the encoding.
        if (png_checks < 4) {
          ++png_checks;
          fuzz::require_png(*rendered->canvas, palette);
        }
      }
      if (retail.canvas)
        for (const std::uint8_t flags : retail.canvas->flags)
          fuzz::require((flags & ~(render::pixel_flag::drawn | render::pixel_flag::key)) == 0,
                        "a retail canvas carries a strict mark");
      if (retail.canvas && strict.canvas && strict.defect_rows == 0)
        fuzz::require_same(*retail.canvas, *strict.canvas);
      frames.push_back(std::move(retail.canvas));
      durations.push_back(ref.duration);
    }
    // As render --animate: the animation's screens are charged to the pixel budget first.
    const std::uint64_t gif_pixels = render::gif_pixels(frames);
    if (!renderer.charge_pixels(gif_pixels)) continue;
    const Result<render::GifImage> gif =
        render::encode_gif(frames, durations, palette, true, gif_pixels);
    if (!gif) continue;
    fuzz::require(!gif->bytes.empty(), "a GIF encoded without bytes");
    fuzz::require(gif->delays.size() == frames.size(), "a GIF delay per frame");
  }
  return 0;
}
