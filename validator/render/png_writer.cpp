#include "validator/render/png_writer.hpp"

#include <png.h>

#include <array>
#include <csetjmp>

#include "validator/render/png_deflate.hpp"

namespace gafcheck::render {
namespace {

struct Sink {
  std::vector<std::uint8_t>* bytes;
  std::string* error;
};

void write_bytes(png_structp png, png_bytep data, png_size_t length) {
  auto* sink = static_cast<Sink*>(png_get_io_ptr(png));
  try {
    sink->bytes->insert(sink->bytes->end(), data, data + length);
  } catch (...) {  // no exception may cross libpng's C frames
    png_error(png, "out of memory for the encoded image");
  }
}

void flush_nothing(png_structp) {}

void on_error(png_structp png, png_const_charp message) {
  auto* sink = static_cast<Sink*>(png_get_error_ptr(png));
  *sink->error = message ? message : "libpng error";
  png_longjmp(png, 1);
}

void on_warning(png_structp, png_const_charp) {}

// What an image's header chunks say: colour type, and for an indexed image its PLTE and tRNS.
struct Layout {
  std::uint8_t colour_type = PNG_COLOR_TYPE_RGBA;
  std::size_t bytes_per_pixel = 4;
  std::array<std::uint8_t, 768> plte{};  // 3 bytes an entry
  std::size_t plte_entries = 0;
  std::array<std::uint8_t, 256> trns{};
  std::size_t trns_entries = 0;
};

// An indexed layout: the palette's first `colours` entries, tRNS up to the transparent entry (0
// there, 255 before it; the entries after it are opaque by default).
Result<Layout> palette_layout(const Palette& palette, unsigned colours, std::uint8_t transparent) {
  if (colours == 0 || colours > 256 || transparent >= colours)
    return Problem{ExitCode::internal, "an indexed PNG's transparent index lies in its palette"};
  Layout layout{PNG_COLOR_TYPE_PALETTE, 1, {}, colours, {}, std::size_t{transparent} + 1};
  for (unsigned i = 0; i < colours; ++i) {
    layout.plte[3 * i] = palette.colours[i].r;
    layout.plte[3 * i + 1] = palette.colours[i].g;
    layout.plte[3 * i + 2] = palette.colours[i].b;
  }
  layout.trns.fill(255);
  layout.trns[transparent] = 0;
  return layout;
}

// libpng reports errors by longjmp: everything with a destructor lives in the caller, and this
// function holds only plain values between setjmp and the calls that may jump.
bool encode(png_structp png, png_infop info, std::uint32_t width, std::uint32_t height,
            const Layout& layout, const RgbaRowSource& rows, std::uint8_t* row) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_IHDR(png, info, width, height, 8, layout.colour_type, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (layout.plte_entries != 0) {
    png_color plte[256];
    for (std::size_t i = 0; i < layout.plte_entries; ++i)
      plte[i] = {layout.plte[3 * i], layout.plte[3 * i + 1], layout.plte[3 * i + 2]};
    png_set_PLTE(png, info, plte, static_cast<int>(layout.plte_entries));
    png_set_tRNS(png, info, layout.trns.data(), static_cast<int>(layout.trns_entries), nullptr);
  }
  // Fast settings: the speed matters more than the bytes; deflate is most of the encoding. On the
  // retail-scale tree (bench/render_tree_bench.cpp), against level 1 with the sub filter and zlib's
  // default memory level 8: level 3 without a filter took a fifth less encoding time and made 22%
  // fewer bytes (20.4 MB became 15.9 MB): its longer matches take the sprites' transparent runs
  // and repeated rows in fewer steps, and unfiltered pixels repeat every 4 bytes where the sub
  // filter's differences do not. Memory level 6 (an 8K-entry hash, not 32K) spares clearing a
  // 64 KB table per image, which for these small images cost more than it found. Z_RLE made 10
  // times the bytes (no match at a row's distance) and was slower. Indexed images (a byte a
  // pixel) take the same settings: PNG advises no filter for them.
  png_set_compression_level(png, 3);
  png_set_compression_mem_level(png, 6);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_write_info(png, info);
  for (std::uint32_t y = 0; y < height; ++y) {
    rows(y, row);
    png_write_row(png, row);
  }
  png_write_end(png, info);
  return true;
}

Result<std::vector<std::uint8_t>> encode_with(std::uint32_t width, std::uint32_t height,
                                              const Layout& layout, const RgbaRowSource& rows) {
  if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX)
    return Problem{ExitCode::internal, "a PNG is 1 to 2^31-1 pixels wide and high"};
  std::vector<std::uint8_t> bytes;
  std::string error;
  Sink sink{&bytes, &error};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
  if (!png) return Problem{ExitCode::internal, "libpng could not start"};
  png_infop info = png_create_info_struct(png);
  std::vector<std::uint8_t> row(std::size_t{width} * layout.bytes_per_pixel);
  png_set_write_fn(png, &sink, write_bytes, flush_nothing);
  const bool ok = info && encode(png, info, width, height, layout, rows, row.data());
  png_destroy_write_struct(&png, info ? &info : nullptr);
  if (!ok)
    return Problem{ExitCode::internal, error.empty() ? "libpng could not encode the image" : error};
  return bytes;
}

}  // namespace

Result<std::vector<std::uint8_t>> encode_png(std::uint32_t width, std::uint32_t height,
                                             const RgbaRowSource& rows) {
  return encode_with(width, height, Layout{}, rows);
}

Result<std::vector<std::uint8_t>> encode_indexed_png(std::uint32_t width, std::uint32_t height,
                                                     const Palette& palette, unsigned colours,
                                                     std::uint8_t transparent,
                                                     const IndexRowSource& rows) {
  const Result<Layout> layout = palette_layout(palette, colours, transparent);
  if (!layout) return layout.problem();
  return encode_with(width, height, *layout, rows);
}

Result<std::vector<std::uint8_t>> encode_image(std::uint32_t width, std::uint32_t height,
                                               const ImageRows& rows) {
  const auto* indexed = std::get_if<IndexedRows>(&rows);
  Result<Layout> layout = Layout{};
  if (indexed) layout = palette_layout(*indexed->palette, indexed->colours, indexed->transparent);
  if (!layout) return layout.problem();
  const RgbaRowSource& source = indexed ? indexed->rows : std::get<RgbaRowSource>(rows);
  const std::uint64_t stride = std::uint64_t{width} * layout->bytes_per_pixel + 1;
  if (width != 0 && height != 0 && height <= max_deflated_image_bytes / stride) {
    // Each thread's rows, kept between images (the tree's are a few KB each: no allocation
    // per image); zeroed as a new vector is, so the filter bytes are 0 and the output is the same.
    thread_local std::vector<std::uint8_t> raw;
    raw.assign(static_cast<std::size_t>(stride * height), 0);
    for (std::uint32_t y = 0; y < height; ++y) source(y, raw.data() + y * stride + 1);
    const PngHeader header{width,
                           height,
                           layout->colour_type,
                           {layout->plte.data(), 3 * layout->plte_entries},
                           {layout->trns.data(), layout->trns_entries}};
    std::vector<std::uint8_t> png = deflate_png(header, raw);
    if (!png.empty()) return png;
  }
  return encode_with(width, height, *layout, source);
}

}  // namespace gafcheck::render
