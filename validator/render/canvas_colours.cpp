#include "validator/render/canvas_colours.hpp"

#include <algorithm>
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

// Both scans below take 16 pixels a step with a lane mask (GCC and Clang vector extensions; the
// compiler does not vectorise these loops at -O2 by itself), the last few one at a time.
using PixelLanes = std::uint8_t __attribute__((vector_size(16)));

std::optional<IndexedLayout> indexed_layout(const Canvas& canvas, const Palette& palette) {
  const std::uint8_t marked = pixel_flag::missing | pixel_flag::extra |
                              (palette.forensic ? pixel_flag::key : std::uint8_t{0});
  const std::uint8_t* const flags = canvas.flags.data();
  const std::uint8_t* const index = canvas.index.data();
  const std::size_t size = canvas.index.size();
  PixelLanes any_marked{}, key_shown{}, highest = PixelLanes{} + canvas.key;
  std::size_t i = 0;
  for (; i + 16 <= size; i += 16) {
    PixelLanes f, v;
    std::memcpy(&f, flags + i, 16);
    std::memcpy(&v, index + i, 16);
    const PixelLanes shown = reinterpret_cast<PixelLanes>(f != PixelLanes{});
    any_marked |= f & marked;
    key_shown |= shown & reinterpret_cast<PixelLanes>(v == canvas.key);
    const PixelLanes drawn = v & shown;
    const PixelLanes above = reinterpret_cast<PixelLanes>(drawn > highest);
    highest = (drawn & above) | (highest & ~above);
  }
  std::uint8_t marks = 0, key = 0, top = canvas.key;
  for (int lane = 0; lane < 16; ++lane) {
    marks |= any_marked[lane];
    key |= key_shown[lane];
    top = std::max(top, static_cast<std::uint8_t>(highest[lane]));
  }
  for (; i < size; ++i) {
    if (flags[i] == 0) continue;
    marks |= flags[i] & marked;
    key |= index[i] == canvas.key;
    top = std::max(top, index[i]);
  }
  if (marks != 0 || key != 0) return std::nullopt;
  return IndexedLayout{canvas.key, unsigned{top} + 1};
}

void index_row(const Canvas& canvas, std::uint8_t transparent, std::uint32_t y,
               std::uint8_t* indices) {
  const std::size_t row = std::size_t{y} * canvas.width;
  const std::uint8_t* const flags = canvas.flags.data() + row;
  const std::uint8_t* const index = canvas.index.data() + row;
  const PixelLanes clear = PixelLanes{} + transparent;
  std::uint32_t x = 0;
  for (; x + 16 <= canvas.width; x += 16) {
    PixelLanes f, v;
    std::memcpy(&f, flags + x, 16);
    std::memcpy(&v, index + x, 16);
    const PixelLanes shown = reinterpret_cast<PixelLanes>(f != PixelLanes{});
    const PixelLanes out = (v & shown) | (clear & ~shown);
    std::memcpy(indices + x, &out, 16);
  }
  for (; x < canvas.width; ++x) indices[x] = flags[x] == 0 ? transparent : index[x];
}

ImageRows policy_rows(const Canvas& canvas, const Palette& palette) {
  if (const std::optional<IndexedLayout> layout = indexed_layout(canvas, palette))
    return IndexedRows{
        &palette, layout->colours, layout->transparent,
        [&canvas, transparent = layout->transparent](std::uint32_t y, std::uint8_t* indices) {
          index_row(canvas, transparent, y, indices);
        }};
  return RgbaRowSource([&canvas, &palette](std::uint32_t y, std::uint8_t* rgba) {
    policy_row(canvas, palette, y, rgba);
  });
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
