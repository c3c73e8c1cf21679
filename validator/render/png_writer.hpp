#pragma once
// Encodes an image as PNG into memory. encode_png and encode_indexed_png use libpng, one row at a
// time from a row source, so no whole image is ever held: RGBA (8 bits per channel, colour type 6),
// or palette indices (colour type 3: PLTE and a tRNS entry that makes one index, the frame's key,
// transparent).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "validator/base/result.hpp"
#include "validator/render/palette.hpp"

namespace gafcheck::render {

// Fills rgba (width x 4 bytes) with row y.
using RgbaRowSource = std::function<void(std::uint32_t y, std::uint8_t* rgba)>;

// The PNG file's bytes, or the reason libpng refused (an internal problem: callers name the image
// it leaves out). width and height from 1 to 2^31 - 1 (the PNG limit).
Result<std::vector<std::uint8_t>> encode_png(std::uint32_t width, std::uint32_t height,
                                             const RgbaRowSource& rows);

// Fills indices (width bytes) with row y.
using IndexRowSource = std::function<void(std::uint32_t y, std::uint8_t* indices)>;

// An indexed PNG: PLTE holds the palette's first `colours` entries (1 to 256; every index the
// rows give must be below it), and tRNS makes `transparent` (below colours) fully transparent,
// every other entry opaque, so a decoder sees the palette's colours and a re-importer the indices.
Result<std::vector<std::uint8_t>> encode_indexed_png(std::uint32_t width, std::uint32_t height,
                                                     const Palette& palette, unsigned colours,
                                                     std::uint8_t transparent,
                                                     const IndexRowSource& rows);

// An image's rows as one of the two: RGBA, or palette indices with their PLTE and tRNS.
struct IndexedRows {
  const Palette* palette = nullptr;
  unsigned colours = 256;
  std::uint8_t transparent = 0;
  IndexRowSource rows;
};
using ImageRows = std::variant<RgbaRowSource, IndexedRows>;

// The image as render writes it: up to max_deflated_image_bytes of rows gathered and compressed
// whole by libdeflate (png_deflate.hpp), larger ones streamed through libpng as above. Either
// decodes to the same pixels.
Result<std::vector<std::uint8_t>> encode_image(std::uint32_t width, std::uint32_t height,
                                               const ImageRows& rows);

}  // namespace gafcheck::render
