#include "validator/render/canvas_colours.hpp"

#include <cstring>

namespace gafcheck::render {
namespace {

void put(std::uint8_t* rgba, const std::uint8_t (&colour)[4]) {
  std::memcpy(rgba, colour, 4);
}

void put(std::uint8_t* rgba, Rgb colour, std::uint8_t alpha) {
  rgba[0] = colour.r;
  rgba[1] = colour.g;
  rgba[2] = colour.b;
  rgba[3] = alpha;
}

Rgb drawn_colour(const Palette& palette, std::uint8_t index, std::uint8_t flags, std::uint32_t x,
                 std::uint32_t y) {
  if (palette.forensic && (flags & pixel_flag::key))
    return ((x >> 1) + (y >> 1)) & 1 ? key_checker_b : key_checker_a;
  return palette.colours[index];
}

}  // namespace

void policy_pixel(const Canvas& canvas, const Palette& palette, std::uint32_t x, std::uint32_t y,
                  std::uint8_t* rgba) {
  const std::size_t at = std::size_t{y} * canvas.width + x;
  const std::uint8_t flags = canvas.flags[at];
  if (flags & pixel_flag::missing)
    put(rgba, missing_rgba);
  else if (flags & pixel_flag::extra)
    put(rgba, extra_rgba);
  else if (flags & pixel_flag::drawn)
    put(rgba, drawn_colour(palette, canvas.index[at], flags, x, y), 255);
  else
    std::memset(rgba, 0, 4);
}

// Transparent and plainly drawn pixels, nearly all of them, inline; marked ones through
// policy_pixel.
void policy_row(const Canvas& canvas, const Palette& palette, std::uint32_t y, std::uint8_t* rgba) {
  const std::size_t row = std::size_t{y} * canvas.width;
  const std::uint8_t* const flags = canvas.flags.data() + row;
  const std::uint8_t* const index = canvas.index.data() + row;
  for (std::uint32_t x = 0; x < canvas.width; ++x, rgba += 4) {
    if (flags[x] == pixel_flag::drawn)
      put(rgba, palette.colours[index[x]], 255);
    else if (flags[x] == 0)
      std::memset(rgba, 0, 4);
    else
      policy_pixel(canvas, palette, x, y, rgba);
  }
}

void diff_row(const Canvas& retail, const Canvas& strict, const Palette& palette, std::uint32_t y,
              std::uint8_t* rgba, DiffCounts& counts) {
  const std::size_t row = std::size_t{y} * retail.width;
  for (std::uint32_t x = 0; x < retail.width; ++x, rgba += 4) {
    const std::uint8_t r = retail.flags[row + x], s = strict.flags[row + x];
    const bool r_drawn = r & pixel_flag::drawn, s_drawn = s & pixel_flag::drawn;
    if (s & pixel_flag::missing) {
      put(rgba, read_through_rgba);
      ++counts.read_through;
    } else if (r_drawn != s_drawn || (s & pixel_flag::extra) ||
               (r_drawn && retail.index[row + x] != strict.index[row + x])) {
      put(rgba, differs_rgba);
      ++counts.differing;
    } else if (r_drawn) {
      put(rgba, drawn_colour(palette, retail.index[row + x], r, x, y), same_alpha);
    } else {
      std::memset(rgba, 0, 4);
    }
  }
}

}  // namespace gafcheck::render
