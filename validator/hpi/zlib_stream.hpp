#pragma once
// Bounded zlib inflation of an archive chunk into an output span sized by the caller from a
// checked size (never from the stream): writes only into that span and says whether the stream
// would produce more, ended early, or is corrupt.
//
// The output size is known, so libdeflate decodes the whole buffer at once (about three times
// zlib's speed). Any stream libdeflate does not decode cleanly is decoded again by zlib1g's
// streaming inflate, which alone says how it failed: where it stopped, how much it wrote, zlib's
// message, and whether the stream only overran the output (a probe byte past it). The findings
// built from the result are therefore zlib's for every stream libdeflate refuses; see
// tests/unit/hpi/hpi_inflate_test.cpp for the three dynamic-block headers zlib refuses and
// libdeflate 1.14 decodes. A hostile stream that fails at its last byte costs both decoders,
// about 1.3x what zlib alone cost: no multiplier. One decompressor of each kind per Inflater,
// reused across chunks (zlib's set up only when first needed).
#include <cstdint>
#include <memory>
#include <span>

#include "validator/hpi/stream_result.hpp"

namespace gafcheck::hpi {

class Inflater {
 public:
  Inflater();
  ~Inflater();
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;

  // Inflates the zlib stream in into out; out.size() is what the stream must produce.
  StreamResult inflate(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);
  // zlib1g's streaming inflate alone: the reference for how a stream ends.
  StreamResult inflate_streaming(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace gafcheck::hpi
