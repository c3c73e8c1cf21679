#pragma once
// A PNG written whole with libdeflate, for the small images that are most of a render: the rows
// are gathered unfiltered (filter byte 0) into one buffer, compressed in one call by a compressor
// each thread keeps (no per-image set-up, which for a few thousand pixels costs as much as the
// compression), and framed in IHDR, PLTE, tRNS, IDAT and IEND chunks with their CRCs. Larger
// images go through libpng a row at a time (png_writer.cpp), so no whole large image is held.
#include <cstdint>
#include <span>
#include <vector>

namespace gafcheck::render {

// The most raw image bytes (rows with their filter bytes) gathered for deflate_png.
inline constexpr std::size_t max_deflated_image_bytes = 1 << 20;

struct PngHeader {
  std::uint32_t width = 0, height = 0;
  std::uint8_t colour_type = 6;        // 6 RGBA, 3 indexed
  std::span<const std::uint8_t> plte;  // 3 bytes an entry (indexed)
  std::span<const std::uint8_t> trns;  // an alpha an entry (indexed)
};

// The PNG of `raw` (height rows, each a 0 filter byte and the row's bytes); empty when the
// compressor could not be had (the caller then uses libpng).
std::vector<std::uint8_t> deflate_png(const PngHeader& header, std::span<const std::uint8_t> raw);

}  // namespace gafcheck::render
