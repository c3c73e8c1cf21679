#pragma once
// One retail canvas as a frame: its size and anchor as the canvas has them, its pixels RLE rows
// from the canonical encoder, or raw where the storage context requires it, where a row's
// payload would not fit its u16 count, or where raw is smaller than the RLE rows (and a key is
// free). A raw frame's key is 9 (the retail value) unless an
// opaque pixel uses 9; then the lowest index no opaque pixel uses. The RLE key, which the game
// ignores, is 9.
#include <optional>
#include <string>

#include "validator/rebuild/canonical_writer.hpp"
#include "validator/render/canvas.hpp"

namespace gafcheck::rebuild {

inline constexpr std::uint8_t canonical_key = 9;

// The frame, or nullopt with why when the canvas cannot be stored exactly (a size or anchor
// past a frame header's fields; a raw frame with transparent pixels and all 256 indices opaque).
std::optional<FrameModel> encode_canvas(const render::Canvas& canvas, bool raw_required,
                                        std::string& why);

// A frame without pixels (width or height 0): its header only.
FrameModel empty_frame(std::uint16_t width, std::uint16_t height, std::int16_t x_offset,
                       std::int16_t y_offset);

}  // namespace gafcheck::rebuild
