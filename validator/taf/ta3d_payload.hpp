#pragma once
// TA3D's truecolor frame payloads (not in the format documents; learned from TA3D's public source,
// its GAF reader and the create_gaf command of its hpiview tool). TA3D writes a frame header whose
// data_offset points just past it, at a little-endian u32 byte count followed by that many bytes:
// - zlib era: one zlib stream (compress2, level 9) of width x height pixels of 4 bytes (the reader
//   expects 4 bytes per pixel when the header's transparency byte is nonzero, 3 when it is 0);
// - JPEG era: one JPEG of the RGB channels, then, when the transparency byte is nonzero, a second
//   u32 count and a greyscale JPEG holding the alpha channel.
// Both eras write compression byte 1, layer count 0 and the version word 0x00010101.
#include <cstdint>
#include <optional>

#include "validator/core/byte_view.hpp"

namespace gafcheck::taf {

enum class Ta3dEncoding { zlib, jpeg, other };

struct Ta3dPayload {
  std::uint64_t size_offset = 0;  // where the u32 byte count is
  std::uint32_t size = 0;         // the byte count
  std::uint64_t stream = 0;       // where the zlib stream or JPEG starts (size_offset + 4)
  bool in_bounds = false;         // the count is nonzero and its bytes lie inside the file
  Ta3dEncoding encoding = Ta3dEncoding::other;
};

// Reads the payload a TA3D frame header points at; nullopt when not even the count is in the file.
std::optional<Ta3dPayload> read_ta3d_payload(ByteView file, std::uint64_t size_offset);

// True when the bytes at data_offset are a whole TA3D payload (count, then a zlib stream or a JPEG
// that starts and ends as one does, all inside the file): what TA3D wrote there.
bool holds_ta3d_payload(ByteView file, std::uint64_t data_offset);

// JPEG markers: SOI at the start, EOI as the last two bytes of the count.
bool jpeg_markers_fit(ByteView file, const Ta3dPayload& payload);

}  // namespace gafcheck::taf
