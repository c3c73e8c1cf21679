#include "validator/render/png_deflate.hpp"

#include <libdeflate.h>

#include <array>
#include <memory>

namespace gafcheck::render {
namespace {

// libdeflate's level 1. On the retail-scale tree (bench/render_tree_bench.cpp) it was the fastest
// and made the fewest bytes of those tried: levels 2-4 took a quarter more time for 2% fewer
// bytes; zlib (libpng, or one stream reset per image, whose setup is cheaper for tiny images)
// took 10-70% more time and made 7-12% more bytes. Its matchfinder is set up per call, which for
// the tree's images (all under 8 KB) is a good part of the cost, and still cheaper than zlib.
constexpr int deflate_level = 1;

struct FreeCompressor {
  void operator()(libdeflate_compressor* compressor) const {
    libdeflate_free_compressor(compressor);
  }
};

libdeflate_compressor* thread_compressor() {
  thread_local std::unique_ptr<libdeflate_compressor, FreeCompressor> compressor(
      libdeflate_alloc_compressor(deflate_level));
  return compressor.get();
}

void put_png_u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  const std::array<std::uint8_t, 4> bytes = {
      static_cast<std::uint8_t>(value >> 24), static_cast<std::uint8_t>(value >> 16),
      static_cast<std::uint8_t>(value >> 8), static_cast<std::uint8_t>(value)};
  out.insert(out.end(), bytes.begin(), bytes.end());
}

// A chunk whose data is already at out[data_at, end): its length before it is written by the
// caller's reserve, its CRC (over type and data) after.
void close_png_chunk(std::vector<std::uint8_t>& out, std::size_t type_at) {
  const std::size_t length = out.size() - type_at - 4;
  for (int i = 0; i < 4; ++i)
    out[type_at - 4 + i] = static_cast<std::uint8_t>(length >> (24 - 8 * i));
  put_png_u32(out, libdeflate_crc32(0, out.data() + type_at, out.size() - type_at));
}

std::size_t open_png_chunk(std::vector<std::uint8_t>& out, const char (&type)[5]) {
  put_png_u32(out, 0);
  const std::size_t type_at = out.size();
  out.insert(out.end(), type, type + 4);
  return type_at;
}

void png_chunk(std::vector<std::uint8_t>& out, const char (&type)[5],
               std::span<const std::uint8_t> data) {
  const std::size_t type_at = open_png_chunk(out, type);
  out.insert(out.end(), data.begin(), data.end());
  close_png_chunk(out, type_at);
}

}  // namespace

std::vector<std::uint8_t> deflate_png(const PngHeader& header, std::span<const std::uint8_t> raw) {
  libdeflate_compressor* compressor = thread_compressor();
  if (!compressor) return {};
  static constexpr std::uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  const std::size_t bound = libdeflate_zlib_compress_bound(compressor, raw.size());
  std::vector<std::uint8_t> out(signature, signature + 8);
  out.reserve(8 + 25 + 12 + header.plte.size() + 12 + header.trns.size() + 12 + bound + 12);
  std::vector<std::uint8_t> ihdr;
  put_png_u32(ihdr, header.width);
  put_png_u32(ihdr, header.height);
  ihdr.insert(ihdr.end(), {8, header.colour_type, 0, 0, 0});  // 8 bits, deflate, no filter, no
                                                              // interlace
  png_chunk(out, "IHDR", ihdr);
  if (!header.plte.empty()) png_chunk(out, "PLTE", header.plte);
  if (!header.trns.empty()) png_chunk(out, "tRNS", header.trns);
  const std::size_t idat = open_png_chunk(out, "IDAT");
  const std::size_t data_at = out.size();
  out.resize(data_at + bound);
  const std::size_t packed =
      libdeflate_zlib_compress(compressor, raw.data(), raw.size(), out.data() + data_at, bound);
  if (packed == 0) return {};
  out.resize(data_at + packed);
  close_png_chunk(out, idat);
  png_chunk(out, "IEND", {});
  return out;
}

}  // namespace gafcheck::render
