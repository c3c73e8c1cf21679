#include "validator/taf/ta3d_payload.hpp"

namespace gafcheck::taf {
namespace {

// A zlib stream header (RFC 1950): deflate (CM 8) with a window of at most 32 KiB, no preset
// dictionary, and a check value that makes the first two bytes a multiple of 31.
bool zlib_header_at(ByteView file, std::uint64_t at) {
  const auto cmf = file.u8(at);
  const auto flg = file.u8(at + 1);
  if (!cmf || !flg) return false;
  return (*cmf & 0x0F) == 8 && (*cmf >> 4) <= 7 && (*flg & 0x20) == 0 &&
         ((unsigned{*cmf} << 8) | *flg) % 31 == 0;
}

// JPEG start of image (FF D8) followed by the first marker's FF.
bool jpeg_start_at(ByteView file, std::uint64_t at) {
  return file.u8(at) == 0xFF && file.u8(at + 1) == 0xD8 && file.u8(at + 2) == 0xFF;
}

}  // namespace

std::optional<Ta3dPayload> read_ta3d_payload(ByteView file, std::uint64_t size_offset) {
  const auto size = file.u32le(size_offset);
  if (!size) return std::nullopt;
  Ta3dPayload payload;
  payload.size_offset = size_offset;
  payload.size = *size;
  payload.stream = size_offset + 4;
  payload.in_bounds = *size != 0 && file.contains(payload.stream, *size);
  if (zlib_header_at(file, payload.stream))
    payload.encoding = Ta3dEncoding::zlib;
  else if (jpeg_start_at(file, payload.stream))
    payload.encoding = Ta3dEncoding::jpeg;
  return payload;
}

bool jpeg_markers_fit(ByteView file, const Ta3dPayload& payload) {
  if (!payload.in_bounds || payload.size < 4) return false;
  const std::uint64_t end = payload.stream + payload.size;
  return jpeg_start_at(file, payload.stream) && file.u8(end - 2) == 0xFF &&
         file.u8(end - 1) == 0xD9;
}

bool holds_ta3d_payload(ByteView file, std::uint64_t data_offset) {
  const auto payload = read_ta3d_payload(file, data_offset);
  if (!payload || !payload->in_bounds) return false;
  switch (payload->encoding) {
    // The shortest zlib stream is 8 bytes: header, an empty final block, the Adler-32 checksum.
    case Ta3dEncoding::zlib: return payload->size >= 8;
    case Ta3dEncoding::jpeg: return jpeg_markers_fit(file, *payload);
    case Ta3dEncoding::other: return false;
  }
  return false;
}

}  // namespace gafcheck::taf
