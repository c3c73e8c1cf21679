#include "validator/rebuild/frame_encoding.hpp"

#include <array>

#include "validator/pixels/rle_encoder.hpp"

namespace gafcheck::rebuild {
namespace {

std::optional<FrameModel> raw_frame(const render::Canvas& canvas, FrameModel frame,
                                    std::string& why) {
  std::array<bool, 256> used{};
  for (std::size_t i = 0; i < canvas.index.size(); ++i) {
    if (render::is_visible(canvas.flags[i])) used[canvas.index[i]] = true;
  }
  std::optional<std::uint8_t> key;
  if (!used[canonical_key]) key = canonical_key;
  for (unsigned value = 0; !key && value < 256; ++value)
    if (!used[value]) key = static_cast<std::uint8_t>(value);
  if (!key) {
    why = "a raw frame has no key to spare: every one of the 256 indices is drawn opaque";
    return std::nullopt;
  }
  frame.color_key = *key;
  frame.compressed = 0;
  frame.data.resize(canvas.index.size());
  for (std::size_t i = 0; i < canvas.index.size(); ++i)
    frame.data[i] = render::is_visible(canvas.flags[i]) ? canvas.index[i] : *key;
  return frame;
}

}  // namespace

FrameModel empty_frame(std::uint16_t width, std::uint16_t height, std::int16_t x_offset,
                       std::int16_t y_offset) {
  FrameModel frame;
  frame.width = width;
  frame.height = height;
  frame.x_offset = x_offset;
  frame.y_offset = y_offset;
  frame.color_key = canonical_key;
  return frame;
}

std::optional<FrameModel> encode_canvas(const render::Canvas& canvas, bool raw_required,
                                        std::string& why) {
  if (canvas.width > UINT16_MAX || canvas.height > UINT16_MAX || canvas.x_offset < INT16_MIN ||
      canvas.x_offset > INT16_MAX || canvas.y_offset < INT16_MIN || canvas.y_offset > INT16_MAX) {
    why = "the drawn frame is " + std::to_string(canvas.width) + "x" +
          std::to_string(canvas.height) + " anchored at " + std::to_string(canvas.x_offset) + "," +
          std::to_string(canvas.y_offset) + ", past what a frame header can hold";
    return std::nullopt;
  }
  FrameModel frame = empty_frame(
      static_cast<std::uint16_t>(canvas.width), static_cast<std::uint16_t>(canvas.height),
      static_cast<std::int16_t>(canvas.x_offset), static_cast<std::int16_t>(canvas.y_offset));
  if (raw_required) return raw_frame(canvas, std::move(frame), why);
  std::vector<std::uint8_t> opaque_row(canvas.width);
  frame.compressed = 1;
  frame.data.reserve(canvas.index.size() / 2 + 2 * std::size_t{canvas.height});
  for (std::uint32_t y = 0; y < canvas.height; ++y) {
    const std::size_t row = std::size_t{y} * canvas.width;
    for (std::uint32_t x = 0; x < canvas.width; ++x)
      opaque_row[x] = render::is_visible(canvas.flags[row + x]) ? 1 : 0;
    if (!pixels::encode_rle_row(canvas.index.data() + row, opaque_row.data(), canvas.width, frame.data))
      return raw_frame(canvas, std::move(frame), why);
  }
  // Rows the encoder cannot shorten (noise, dithering) cost a count word and a command byte per
  // 64 pixels more than raw: such a frame is stored raw when that is smaller and a key is free,
  // so a rebuilt file is never larger than its retail-like original for encoding's sake.
  if (frame.data.size() > canvas.pixels()) {
    std::string no_key;
    if (auto raw = raw_frame(canvas, frame, no_key)) return raw;
  }
  return frame;
}

}  // namespace gafcheck::rebuild
