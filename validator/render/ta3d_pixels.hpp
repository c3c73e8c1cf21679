#pragma once
// TA3D's truecolor frames (validator/taf/ta3d_payload.hpp) decoded to RGBA for gafcheck render
// --game ta3d: a zlib-era payload is inflated into a buffer of exactly width x height x 4 bytes
// (x 3 when the frame's transparency byte is 0 and the stream holds RGB, as TA3D's reader takes
// it), sized from the header and charged to --max-pixels before it is allocated; inflation stops at
// that size, so a stream that claims more costs no more. A JPEG-era payload is not decoded
// (gafcheck has no JPEG decoder): the frame is listed with that reason, as is every payload that
// does not inflate to the size TA3D fills.
#include <cstdint>
#include <string>
#include <vector>

#include "validator/core/byte_view.hpp"
#include "validator/gaf/gaf_index.hpp"

namespace gafcheck::render {

struct Ta3dImage {
  std::vector<std::uint8_t> rgba;  // width x height x 4, row-major; empty when not decoded
  std::string reason;              // why not decoded
};

// pixels_left: what --max-pixels still allows for this file.
Ta3dImage decode_ta3d_frame(ByteView file, const gaf::FrameRecord& frame,
                            std::uint64_t pixels_left);

}  // namespace gafcheck::render
