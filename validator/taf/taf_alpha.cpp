// Alpha statistics of truecolor TAF frames: how many pixels are fully transparent, fully opaque,
// or partly transparent (soft; ARGB4444 only, ARGB1555 alpha is one bit).
#include "validator/taf/argb16.hpp"
#include "validator/taf/taf_layout.hpp"
#include "validator/taf/taf_reader.hpp"

namespace gafcheck::taf {

void tally_alpha(const ByteView& file, const gaf::FrameRecord& frame, TafTally& tally) {
  const std::uint64_t pixels = std::uint64_t{frame.width} * frame.height;
  const bool argb4444 = frame.compressed == format_argb4444;
  std::uint64_t counts[3] = {0, 0, 0};
  for (std::uint64_t i = 0; i < pixels; ++i) {
    const auto word = file.u16le(frame.data_offset + i * bytes_per_pixel);
    if (!word) break;  // callers pass frames whose extent is inside the file
    const Rgba8 pixel = argb4444 ? expand_argb4444(*word) : expand_argb1555(*word);
    ++counts[static_cast<int>(classify_alpha(pixel.a))];
  }
  tally.transparent += counts[static_cast<int>(AlphaClass::transparent)];
  tally.opaque += counts[static_cast<int>(AlphaClass::opaque)];
  tally.soft += counts[static_cast<int>(AlphaClass::soft)];
}

}  // namespace gafcheck::taf
