#include "validator/render/png_writer.hpp"

#include <png.h>

#include <csetjmp>

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

// libpng reports errors by longjmp: everything with a destructor lives in the caller, and this
// function holds only plain values between setjmp and the calls that may jump.
bool encode(png_structp png, png_infop info, std::uint32_t width, std::uint32_t height,
            const RgbaRowSource& rows, std::uint8_t* row) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  // Fast settings: the speed matters more than the bytes; deflate is most of the encoding. On the
  // retail-scale tree (bench/render_tree_bench.cpp), against level 1 with the sub filter and zlib's
  // default memory level 8: level 3 without a filter took a fifth less encoding time and made 22%
  // fewer bytes (20.4 MB became 15.9 MB): its longer matches take the sprites' transparent runs
  // and repeated rows in fewer steps, and unfiltered pixels repeat every 4 bytes where the sub
  // filter's differences do not. Memory level 6 (an 8K-entry hash, not 32K) spares clearing a
  // 64 KB table per image, which for these small images cost more than it found. Z_RLE made 10
  // times the bytes (no match at a row's distance) and was slower.
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

}  // namespace

Result<std::vector<std::uint8_t>> encode_png(std::uint32_t width, std::uint32_t height,
                                             const RgbaRowSource& rows) {
  if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX)
    return Problem{ExitCode::internal, "a PNG is 1 to 2^31-1 pixels wide and high"};
  std::vector<std::uint8_t> bytes;
  std::string error;
  Sink sink{&bytes, &error};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
  if (!png) return Problem{ExitCode::internal, "libpng could not start"};
  png_infop info = png_create_info_struct(png);
  std::vector<std::uint8_t> row(std::size_t{width} * 4);
  png_set_write_fn(png, &sink, write_bytes, flush_nothing);
  const bool ok = info && encode(png, info, width, height, rows, row.data());
  png_destroy_write_struct(&png, info ? &info : nullptr);
  if (!ok)
    return Problem{ExitCode::internal, error.empty() ? "libpng could not encode the image" : error};
  return bytes;
}

}  // namespace gafcheck::render
