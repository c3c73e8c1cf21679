#include "validator/taf/ta3d_inflate.hpp"

#define ZLIB_CONST
#include <zlib.h>

#include <algorithm>
#include <array>
#include <climits>
#include <new>

namespace gafcheck::taf {
namespace {

class Stream {
 public:
  Stream() {
    if (inflateInit(&z_) != Z_OK) throw std::bad_alloc();
  }
  ~Stream() { inflateEnd(&z_); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  z_stream& get() { return z_; }

 private:
  z_stream z_{};
};

}  // namespace

InflatedCount count_inflated(ByteView input, std::uint64_t limit) {
  std::array<std::uint8_t, 16384> scratch;
  Stream holder;
  z_stream& z = holder.get();
  const std::span<const std::uint8_t> in = input.bytes();
  std::size_t in_given = 0;
  InflatedCount count;
  for (;;) {
    if (z.avail_in == 0 && in_given < in.size()) {
      const auto piece = static_cast<uInt>(std::min<std::size_t>(in.size() - in_given, UINT_MAX));
      z.next_in = in.data() + in_given;
      z.avail_in = piece;
      in_given += piece;
    }
    // Never ask for more than one byte past the limit.
    const std::uint64_t room = limit + 1 - count.produced;
    z.next_out = scratch.data();
    z.avail_out = static_cast<uInt>(std::min<std::uint64_t>(scratch.size(), room));
    const uInt asked = z.avail_out;
    const int code = ::inflate(&z, Z_NO_FLUSH);
    count.produced += asked - z.avail_out;
    count.consumed = in_given - z.avail_in;
    if (count.produced > limit) {
      count.status = InflatedCount::Status::longer;
      return count;
    }
    if (code == Z_STREAM_END) return count;
    if (code != Z_OK && code != Z_BUF_ERROR) {
      count.status = InflatedCount::Status::corrupt;
      count.detail = z.msg ? std::string(z.msg) : "zlib error " + std::to_string(code);
      return count;
    }
    if (z.avail_in == 0 && in_given == in.size() && z.avail_out > 0) {
      count.status = InflatedCount::Status::truncated;
      return count;
    }
  }
}

}  // namespace gafcheck::taf
