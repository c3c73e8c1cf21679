#include "validator/render/truecolor_rows.hpp"

#include "validator/core/text.hpp"
#include "validator/taf/argb16.hpp"
#include "validator/taf/taf_layout.hpp"

namespace gafcheck::render {

std::optional<std::string> truecolor_problem(ByteView file, const gaf::FrameRecord& frame) {
  if (!frame.header_in_bounds)
    return "frame header at " + hex(frame.offset) + " lies outside the file";
  if (frame.width == 0 || frame.height == 0)
    return "frame is " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
           ": no pixels to draw";
  if (!taf::is_truecolor_format(frame.compressed))
    return "pixel format byte " + std::to_string(frame.compressed) +
           " is neither 4 (ARGB4444) nor 5 (ARGB1555)";
  const std::uint64_t bytes = std::uint64_t{frame.width} * frame.height * taf::bytes_per_pixel;
  if (!file.contains(frame.data_offset, bytes))
    return "pixels (" + std::to_string(bytes) + " bytes) at " + hex(frame.data_offset) +
           " run past the end of the " + std::to_string(file.size()) + "-byte file";
  return std::nullopt;
}

void truecolor_row(ByteView file, const gaf::FrameRecord& frame, std::uint32_t y,
                   std::uint8_t* rgba) {
  const std::uint64_t row = frame.data_offset + std::uint64_t{y} * frame.width * 2;
  const bool argb4444 = frame.compressed == taf::format_argb4444;
  for (std::uint32_t x = 0; x < frame.width; ++x, rgba += 4) {
    const std::uint16_t word = file.u16le(row + 2 * std::uint64_t{x}).value_or(0);
    const taf::Rgba8 pixel = argb4444 ? taf::expand_argb4444(word) : taf::expand_argb1555(word);
    rgba[0] = pixel.r;
    rgba[1] = pixel.g;
    rgba[2] = pixel.b;
    rgba[3] = pixel.a;
  }
}

}  // namespace gafcheck::render
