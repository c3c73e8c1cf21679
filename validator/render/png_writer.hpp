#pragma once
// Encodes an RGBA image (8 bits per channel) as PNG with libpng, into memory, one row at a time
// from a row source, so no whole RGBA image is ever held.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "validator/base/result.hpp"

namespace gafcheck::render {

// Fills rgba (width x 4 bytes) with row y.
using RgbaRowSource = std::function<void(std::uint32_t y, std::uint8_t* rgba)>;

// The PNG file's bytes, or the reason libpng refused (an internal problem: callers name the image
// it leaves out). width and height from 1 to 2^31 - 1 (the PNG limit).
Result<std::vector<std::uint8_t>> encode_png(std::uint32_t width, std::uint32_t height,
                                             const RgbaRowSource& rows);

}  // namespace gafcheck::render
