#include "validator/hpi/zlib_stream.hpp"

#include <libdeflate.h>
#define ZLIB_CONST
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <new>

namespace gafcheck::hpi {

struct Inflater::State {
  libdeflate_decompressor* whole = nullptr;
  z_stream stream{};
  bool stream_ready = false;  // zlib's state is set up on the first stream libdeflate refuses
};

Inflater::Inflater() : state_(std::make_unique<State>()) {
  state_->whole = libdeflate_alloc_decompressor();
  if (!state_->whole) throw std::bad_alloc();
}

Inflater::~Inflater() {
  libdeflate_free_decompressor(state_->whole);
  if (state_->stream_ready) inflateEnd(&state_->stream);
}

namespace {

// zlib counts in uInt: spans larger than that are fed in pieces.
uInt piece_of(std::size_t left) {
  return static_cast<uInt>(std::min<std::size_t>(left, UINT_MAX));
}

std::string zlib_message(const z_stream& stream, int code) {
  return stream.msg ? std::string(stream.msg) : "zlib error " + std::to_string(code);
}

}  // namespace

StreamResult Inflater::inflate(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  // libdeflate wants real pointers even for empty buffers.
  static const std::uint8_t no_input = 0;
  std::uint8_t no_output = 0;
  std::size_t consumed = 0, produced = 0;
  const libdeflate_result code = libdeflate_zlib_decompress_ex(
      state_->whole, in.empty() ? &no_input : in.data(), in.size(),
      out.empty() ? &no_output : out.data(), out.size(), &consumed, &produced);
  if (code != LIBDEFLATE_SUCCESS) return inflate_streaming(in, out);
  StreamResult result;
  result.produced = produced;
  result.consumed = consumed;
  return result;
}

StreamResult Inflater::inflate_streaming(std::span<const std::uint8_t> in,
                                         std::span<std::uint8_t> out) {
  z_stream& stream = state_->stream;
  if (!state_->stream_ready) {
    if (inflateInit(&stream) != Z_OK) throw std::bad_alloc();
    state_->stream_ready = true;
  }
  inflateReset(&stream);
  std::size_t in_given = 0, out_given = 0;  // bytes handed to zlib so far
  std::uint8_t extra = 0;                   // one byte past the output, to see if it goes on
  bool probing = false;
  stream.avail_in = 0;
  stream.avail_out = 0;
  StreamResult result;
  for (;;) {
    if (stream.avail_in == 0 && in_given < in.size()) {
      const uInt piece = piece_of(in.size() - in_given);
      stream.next_in = in.subspan(in_given, piece).data();
      stream.avail_in = piece;
      in_given += piece;
    }
    if (stream.avail_out == 0 && !probing) {
      if (out_given < out.size()) {
        const uInt piece = piece_of(out.size() - out_given);
        stream.next_out = out.subspan(out_given, piece).data();
        stream.avail_out = piece;
        out_given += piece;
      } else {
        result.produced = out.size();
        probing = true;
        stream.next_out = &extra;
        stream.avail_out = 1;
      }
    }
    const int code = ::inflate(&stream, Z_NO_FLUSH);
    result.consumed = in_given - stream.avail_in;
    if (!probing) result.produced = out_given - stream.avail_out;
    if (probing && stream.avail_out == 0) {
      result.status = StreamStatus::overflow;
      return result;
    }
    if (code == Z_STREAM_END) return result;
    if (code != Z_OK && code != Z_BUF_ERROR) {
      result.status = StreamStatus::data_error;
      result.detail = zlib_message(stream, code);
      return result;
    }
    const bool input_spent = stream.avail_in == 0 && in_given == in.size();
    const bool output_room = probing || stream.avail_out > 0 || out_given < out.size();
    if (input_spent && output_room) {
      result.status = StreamStatus::truncated;
      return result;
    }
  }
}

}  // namespace gafcheck::hpi
