#pragma once
// Bounded zlib inflation through zlib1g: writes only into the given output span and says whether
// the stream would produce more, ended early, or is corrupt. One z_stream is reused across chunks.
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

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace gafcheck::hpi
