#pragma once
// The pictures of a changed frame, for gafcheck diff's HTML page and --images: the old drawing,
// the new one and their difference, three PNGs of one size over the union of both drawings'
// boxes (anchor-aligned, as pixel_delta.hpp compares them), so they overlay exactly. Paletted
// frames take their colours from the palette (--palette, else the forensic one), truecolor frames
// from their own RGBA. The difference image marks every pixel that differs magenta at full
// opacity over the old drawing dimmed (alpha 64); nothing else in it is fully opaque.
//
// Pictures cost memory, so a PictureTaker keeps them within bounds: at most max_frames frames,
// and their PNG bytes (charged at their worst case before encoding) within the heap budget. The
// frames past either bound are counted, not drawn.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "validator/base/result.hpp"
#include "validator/compare/pixel_delta.hpp"
#include "validator/render/palette.hpp"

namespace gafcheck::compare {

inline constexpr std::uint8_t differing_rgba[4] = {255, 0, 255, 255};
inline constexpr std::uint8_t dimmed_alpha = 64;

struct FramePictures {
  PixelBox box;  // the union of both drawings' boxes, in anchor coordinates
  std::vector<std::uint8_t> old_png, new_png, difference_png;
};

struct PictureSettings {
  bool wanted = false;  // an HTML page or --images asked for them
  std::uint64_t max_frames = 200;
  render::Palette palette = render::forensic_palette();
};

struct PictureTally {
  std::uint64_t taken = 0;
  std::uint64_t past_max_frames = 0;  // frames left out by max_frames
  std::uint64_t past_heap = 0;        // frames left out by the heap budget
  std::uint64_t max_frames = 0;
  std::uint64_t heap_budget = 0;
  std::string palette;  // the palette paletted frames were drawn with
  std::uint64_t left_out() const { return past_max_frames + past_heap; }
};

// The three pictures, or nullptr when neither side draws a visible pixel. paletted: the pixels
// are palette indices (else RGBA). Throws nothing; a PNG libpng refuses leaves the frame out.
std::shared_ptr<const FramePictures> draw_frame_pictures(const DrawnImage& before,
                                                         const DrawnImage& after,
                                                         const render::Palette& palette,
                                                         bool paletted);

class PictureTaker {
 public:
  PictureTaker(const PictureSettings& settings, std::uint64_t heap_budget);

  // The pictures of a changed frame, or nullptr when nothing is drawn or a bound left it out.
  std::shared_ptr<const FramePictures> take(const DrawnImage& before, const DrawnImage& after,
                                            bool paletted);
  const PictureTally& tally() const { return tally_; }

 private:
  const PictureSettings& settings_;
  PictureTally tally_;
  std::uint64_t bytes_kept_ = 0;
};

}  // namespace gafcheck::compare
