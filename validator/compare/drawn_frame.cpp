#include "validator/compare/drawn_frame.hpp"

#include <algorithm>
#include <charconv>

#include "validator/core/checked_math.hpp"
#include "validator/core/sha256.hpp"
#include "validator/render/ta3d_pixels.hpp"
#include "validator/render/truecolor_rows.hpp"

namespace gafcheck::compare {
namespace {

// The visible pixels of a width x height picture whose anchor lies at (anchor_x, anchor_y),
// cropped to their bounding box. pixel(x, y) gives the picture's pixel (0: transparent).
template <typename PixelAt>
DrawnImage crop(std::uint32_t width, std::uint32_t height, std::int64_t anchor_x,
                std::int64_t anchor_y, const PixelAt& pixel) {
  std::uint32_t left = width, right = 0, top = height, bottom = 0;
  for (std::uint32_t y = 0; y < height; ++y)
    for (std::uint32_t x = 0; x < width; ++x)
      if (pixel(x, y) != 0) {
        left = std::min(left, x), right = std::max(right, x + 1);
        top = std::min(top, y), bottom = std::max(bottom, y + 1);
      }
  DrawnImage image;
  if (left >= right) return image;  // nothing visible
  image.left = std::int64_t{left} - anchor_x;
  image.top = std::int64_t{top} - anchor_y;
  image.width = right - left;
  image.height = bottom - top;
  image.pixels.reserve(std::size_t{image.width} * image.height);
  for (std::uint32_t y = top; y < bottom; ++y)
    for (std::uint32_t x = left; x < right; ++x) image.pixels.push_back(pixel(x, y));
  return image;
}

DrawnImage undrawable(std::string reason) {
  DrawnImage image;
  image.undrawable = std::move(reason);
  return image;
}

DrawnPixel rgba_pixel(const std::uint8_t* rgba) {
  if (rgba[3] == 0) return 0;
  return DrawnPixel{rgba[3]} << 24 | DrawnPixel{rgba[0]} << 16 | DrawnPixel{rgba[1]} << 8 | rgba[2];
}

}  // namespace

std::string failure_kind(std::string_view reason) {
  std::string kind;
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto is_hex = [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  };
  for (std::size_t at = 0; at < reason.size();) {
    if (!is_digit(reason[at])) {
      kind += reason[at++];
      continue;
    }
    const bool hex = reason[at] == '0' && at + 1 < reason.size() &&
                     (reason[at + 1] == 'x' || reason[at + 1] == 'X');
    at += hex ? 2 : 0;
    while (at < reason.size() && (hex ? is_hex(reason[at]) : is_digit(reason[at]))) ++at;
    kind += '#';
  }
  return kind;
}

DrawnPixel DrawnImage::at(std::int64_t x, std::int64_t y) const {
  const std::int64_t column = x - left, row = y - top;
  if (column < 0 || row < 0 || column >= width || row >= height) return 0;
  return pixels[static_cast<std::size_t>(row) * width + static_cast<std::size_t>(column)];
}

std::uint64_t DrawnImage::digest() const {
  Sha256Stream stream;
  stream.add(undrawable.empty() ? std::string() : "undrawable: " + failure);
  stream.add(std::string(1, '\0'));
  for (const std::int64_t value :
       {left, top, std::int64_t{width}, std::int64_t{height}, std::int64_t{tinted_layers}})
    stream.add(std::to_string(value) + ",");
  stream.add(std::string_view(reinterpret_cast<const char*>(pixels.data()),
                              pixels.size() * sizeof(DrawnPixel)));
  const std::string hex = stream.hex();
  std::uint64_t value = 0;
  std::from_chars(hex.data(), hex.data() + 16, value, 16);
  return value;
}

FrameDrawer::FrameDrawer(ByteView file, const render::RenderIndex& index,
                         const BudgetLimits& limits, bool ta3d)
    : file_(file),
      index_(index),
      limits_(limits),
      ta3d_(ta3d),
      renderer_(file, index.index, limits) {}

bool FrameDrawer::charge(std::uint64_t pixels, DrawnImage& image) {
  const std::uint64_t wanted = saturating_add(truecolor_pixels_, pixels);
  if (wanted > limits_[BudgetKind::pixels]) {
    image = undrawable("budget.exceeded: pixels (--max-pixels " +
                       std::to_string(limits_[BudgetKind::pixels]) + ")");
    return false;
  }
  truecolor_pixels_ = wanted;
  return true;
}

DrawnImage FrameDrawer::draw_truecolor(const gaf::FrameRecord& frame) {
  if (const auto problem = render::truecolor_problem(file_, frame)) return undrawable(*problem);
  DrawnImage image;
  if (!charge(std::uint64_t{frame.width} * frame.height, image)) return image;
  std::vector<std::uint8_t> rows(std::size_t{frame.width} * frame.height * 4);
  for (std::uint32_t y = 0; y < frame.height; ++y)
    render::truecolor_row(file_, frame, y, rows.data() + std::size_t{y} * frame.width * 4);
  image = crop(frame.width, frame.height, frame.x_offset, frame.y_offset,
               [&](std::uint32_t x, std::uint32_t y) {
                 return rgba_pixel(rows.data() + (std::size_t{y} * frame.width + x) * 4);
               });
  return image;
}

DrawnImage FrameDrawer::draw_ta3d(const gaf::FrameRecord& frame) {
  const std::uint64_t budget = limits_[BudgetKind::pixels];
  const std::uint64_t pixels_left =
      std::min(budget - std::min(budget, truecolor_pixels_), limits_[BudgetKind::heap] / 4);
  const render::Ta3dImage decoded = render::decode_ta3d_frame(file_, frame, pixels_left);
  if (decoded.rgba.empty()) return undrawable(decoded.reason);
  truecolor_pixels_ += std::uint64_t{frame.width} * frame.height;
  return crop(frame.width, frame.height, frame.x_offset, frame.y_offset,
              [&](std::uint32_t x, std::uint32_t y) {
                return rgba_pixel(decoded.rgba.data() + (std::size_t{y} * frame.width + x) * 4);
              });
}

DrawnImage FrameDrawer::draw(std::uint32_t frame_index) {
  DrawnImage image = draw_frame(frame_index);
  if (!image.undrawable.empty()) {
    const gaf::FrameRecord& frame = index_.index.frames[frame_index];
    image.failure = failure_kind(image.undrawable) + " (frame " + std::to_string(frame.width) +
                    "x" + std::to_string(frame.height) + ")";
  }
  return image;
}

DrawnImage FrameDrawer::draw_frame(std::uint32_t frame_index) {
  const gaf::FrameRecord& frame = index_.index.frames[frame_index];
  if (!frame.header_in_bounds) return undrawable("the frame header lies outside the file");
  if (index_.truecolor) return draw_truecolor(frame);
  if (ta3d_) return draw_ta3d(frame);
  const render::Rendered rendered = renderer_.render(frame_index, render::RenderPolicy::retail);
  if (rendered.draws_nothing) return DrawnImage{};
  if (!rendered.canvas) return undrawable(rendered.reason);
  const render::Canvas& canvas = *rendered.canvas;
  DrawnImage image = crop(canvas.width, canvas.height, canvas.x_offset, canvas.y_offset,
                          [&](std::uint32_t x, std::uint32_t y) -> DrawnPixel {
                            const std::size_t at = std::size_t{y} * canvas.width + x;
                            if (!render::is_visible(canvas.flags[at])) return 0;
                            return paletted_pixel_flag | canvas.index[at];
                          });
  image.tinted_layers = rendered.tinted_layers;
  return image;
}

}  // namespace gafcheck::compare
