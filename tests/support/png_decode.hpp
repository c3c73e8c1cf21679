#pragma once
// Decodes a PNG the tests wrote through render::encode_png back to 8-bit RGBA, with libpng's
// simplified API: an empty result when libpng refuses it.
#include <png.h>

#include <cstdint>
#include <vector>

namespace gafcheck::testing {

struct DecodedPng {
  std::uint32_t width = 0, height = 0;
  std::vector<std::uint8_t> rgba;
};

inline DecodedPng decode_png(const std::vector<std::uint8_t>& bytes) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  DecodedPng out;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) return out;
  image.format = PNG_FORMAT_RGBA;
  out.rgba.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.rgba.data(), 0, nullptr)) return {};
  out.width = image.width;
  out.height = image.height;
  return out;
}

}  // namespace gafcheck::testing
