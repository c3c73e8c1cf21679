#include "validator/compare/frame_pictures.hpp"

#include <algorithm>
#include <cstring>

#include "validator/core/checked_math.hpp"
#include "validator/render/png_writer.hpp"

namespace gafcheck::compare {
namespace {

// The union of both drawings' boxes (empty when neither draws a pixel).
PixelBox union_box(const DrawnImage& a, const DrawnImage& b) {
  if (a.pixels.empty() && b.pixels.empty()) return {};
  if (a.pixels.empty()) return {b.left, b.top, b.width, b.height};
  if (b.pixels.empty()) return {a.left, a.top, a.width, a.height};
  const std::int64_t left = std::min(a.left, b.left), top = std::min(a.top, b.top);
  const std::int64_t right = std::max(a.left + a.width, b.left + b.width);
  const std::int64_t bottom = std::max(a.top + a.height, b.top + b.height);
  return {left, top, static_cast<std::uint64_t>(right - left),
          static_cast<std::uint64_t>(bottom - top)};
}

class PixelColours {
 public:
  PixelColours(const render::Palette& palette, bool paletted)
      : palette_(palette), paletted_(paletted) {}

  void fill(DrawnPixel pixel, std::uint8_t* rgba) const {
    if (pixel == 0) {
      std::memset(rgba, 0, 4);
      return;
    }
    if (paletted_) {
      const render::Rgb colour = palette_.colours[pixel & 0xFF];
      rgba[0] = colour.r, rgba[1] = colour.g, rgba[2] = colour.b, rgba[3] = 255;
      return;
    }
    // Truecolor: alpha in the top byte, then red, green, blue (drawn_frame.hpp).
    for (const int shift : {16, 8, 0, 24}) *rgba++ = static_cast<std::uint8_t>(pixel >> shift);
  }

 private:
  const render::Palette& palette_;
  bool paletted_;
};

// One picture of the box, row by row; fill(x, y, rgba) fills the pixel at (x, y) in anchor
// coordinates.
template <typename Fill>
Result<std::vector<std::uint8_t>> encode(const PixelBox& box, const Fill& fill) {
  const auto width = static_cast<std::uint32_t>(box.width);
  return render::encode_png(width, static_cast<std::uint32_t>(box.height),
                            [&](std::uint32_t y, std::uint8_t* rgba) {
                              for (std::uint32_t x = 0; x < width; ++x)
                                fill(box.left + x, box.top + y, rgba + std::size_t{x} * 4);
                            });
}

// The most bytes three PNGs of the box can take: RGBA, a filter byte a row, and room for
// zlib's stored blocks and the chunks.
std::uint64_t worst_case_bytes(const PixelBox& box) {
  const std::uint64_t raw =
      saturating_mul(saturating_add(saturating_mul(box.width, 4), 1), box.height);
  return saturating_mul(saturating_add(saturating_add(raw, raw / 1000), 1024), 3);
}

}  // namespace

std::shared_ptr<const FramePictures> draw_frame_pictures(const DrawnImage& before,
                                                         const DrawnImage& after,
                                                         const render::Palette& palette,
                                                         bool paletted) {
  auto pictures = std::make_shared<FramePictures>();
  pictures->box = union_box(before, after);
  if (pictures->box.width == 0 || pictures->box.height == 0) return nullptr;
  const PixelColours colours(palette, paletted);
  auto old_png = encode(pictures->box, [&](std::int64_t x, std::int64_t y, std::uint8_t* rgba) {
    colours.fill(before.at(x, y), rgba);
  });
  auto new_png = encode(pictures->box, [&](std::int64_t x, std::int64_t y, std::uint8_t* rgba) {
    colours.fill(after.at(x, y), rgba);
  });
  auto difference = encode(pictures->box, [&](std::int64_t x, std::int64_t y, std::uint8_t* rgba) {
    const DrawnPixel old_pixel = before.at(x, y);
    if (old_pixel != after.at(x, y)) {
      std::memcpy(rgba, differing_rgba, 4);
      return;
    }
    colours.fill(old_pixel, rgba);
    if (old_pixel != 0) rgba[3] = dimmed_alpha;
  });
  if (!old_png || !new_png || !difference) return nullptr;
  pictures->old_png = std::move(*old_png);
  pictures->new_png = std::move(*new_png);
  pictures->difference_png = std::move(*difference);
  return pictures;
}

PictureTaker::PictureTaker(const PictureSettings& settings, std::uint64_t heap_budget)
    : settings_(settings) {
  tally_.max_frames = settings.max_frames;
  tally_.heap_budget = heap_budget;
  tally_.palette = settings.palette.source;
}

std::shared_ptr<const FramePictures> PictureTaker::take(const DrawnImage& before,
                                                        const DrawnImage& after, bool paletted) {
  const PixelBox box = union_box(before, after);
  if (box.width == 0 || box.height == 0) return nullptr;
  if (tally_.taken >= settings_.max_frames) {
    ++tally_.past_max_frames;
    return nullptr;
  }
  if (saturating_add(bytes_kept_, worst_case_bytes(box)) > tally_.heap_budget) {
    ++tally_.past_heap;
    return nullptr;
  }
  auto pictures = draw_frame_pictures(before, after, settings_.palette, paletted);
  if (!pictures) return nullptr;
  ++tally_.taken;
  bytes_kept_ +=
      pictures->old_png.size() + pictures->new_png.size() + pictures->difference_png.size();
  return pictures;
}

}  // namespace gafcheck::compare
