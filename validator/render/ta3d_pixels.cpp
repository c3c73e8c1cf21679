#include "validator/render/ta3d_pixels.hpp"

#define ZLIB_CONST
#include <zlib.h>

#include <algorithm>
#include <climits>

#include "validator/taf/ta3d_payload.hpp"

namespace gafcheck::render {
namespace {

// Inflates into `out` (its size is the most accepted); returns the bytes produced, or a negative
// zlib status when the stream is corrupt or ends early. *more: the stream had bytes left to give.
long long inflate_into(ByteView stream, std::vector<std::uint8_t>& out, bool& more) {
  z_stream z{};
  if (inflateInit(&z) != Z_OK) return Z_MEM_ERROR;
  const std::span<const std::uint8_t> in = stream.bytes();
  z.next_in = in.data();
  z.avail_in = static_cast<uInt>(std::min<std::size_t>(in.size(), UINT_MAX));
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  int status = inflate(&z, Z_FINISH);
  long long produced = static_cast<long long>(out.size() - z.avail_out);
  more = false;
  if (status == Z_BUF_ERROR && z.avail_out == 0) {
    // The buffer is full: one byte more tells a longer stream from one that ends exactly here.
    std::uint8_t extra = 0;
    z.next_out = &extra;
    z.avail_out = 1;
    status = inflate(&z, Z_FINISH);
    more = z.avail_out == 0;
  }
  inflateEnd(&z);
  if (status != Z_STREAM_END && !more) return status == Z_BUF_ERROR ? Z_DATA_ERROR - 100 : status;
  return produced;
}

}  // namespace

Ta3dImage decode_ta3d_frame(ByteView file, const gaf::FrameRecord& frame,
                            std::uint64_t pixels_left) {
  Ta3dImage image;
  const std::uint64_t pixels = std::uint64_t{frame.width} * frame.height;
  if (pixels == 0) {
    image.reason = "no pixels (width or height 0)";
    return image;
  }
  const std::optional<taf::Ta3dPayload> payload = taf::read_ta3d_payload(file, frame.data_offset);
  if (!payload || !payload->in_bounds) {
    image.reason = "the TA3D payload's byte count or bytes lie outside the file";
    return image;
  }
  if (payload->encoding == taf::Ta3dEncoding::jpeg) {
    image.reason = "a JPEG payload (TA3D's older format): gafcheck does not decode JPEG";
    return image;
  }
  if (payload->encoding != taf::Ta3dEncoding::zlib) {
    image.reason = "the payload is neither a zlib stream nor a JPEG";
    return image;
  }
  if (pixels > pixels_left) {
    image.reason = "budget.exceeded: pixels (" + std::to_string(frame.width) + "x" +
                   std::to_string(frame.height) + " is more than --max-pixels leaves, " +
                   std::to_string(pixels_left) + ")";
    return image;
  }
  std::vector<std::uint8_t> raw(static_cast<std::size_t>(pixels * 4));
  bool more = false;
  const long long produced = inflate_into(*file.sub(payload->stream, payload->size), raw, more);
  if (produced < 0) {
    image.reason = "the zlib stream is corrupt or ends early";
    return image;
  }
  const auto size = static_cast<std::uint64_t>(produced);
  if (!more && size == pixels * 4) {
    image.rgba = std::move(raw);
    return image;
  }
  if (!more && frame.color_key == 0 && size == pixels * 3) {
    image.rgba.resize(static_cast<std::size_t>(pixels * 4));
    for (std::uint64_t i = pixels; i-- > 0;) {  // in place would overwrite: expand from the end
      image.rgba[i * 4 + 3] = 255;
      for (int c = 2; c >= 0; --c) image.rgba[i * 4 + c] = raw[i * 3 + c];
    }
    return image;
  }
  image.reason = "the zlib stream inflates to " +
                 (more ? "more than " + std::to_string(pixels * 4) : std::to_string(size)) +
                 " bytes, not the " + std::to_string(frame.width) + "x" +
                 std::to_string(frame.height) + "x4 TA3D fills";
  return image;
}

}  // namespace gafcheck::render
