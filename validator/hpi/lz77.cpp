#include "validator/hpi/lz77.hpp"

#include <array>

#include "validator/core/text.hpp"
#include "validator/hpi/hpi_layout.hpp"

namespace gafcheck::hpi {

StreamResult lz77_decode(std::span<const std::uint8_t> in, std::span<std::uint8_t> out) {
  constexpr std::uint32_t mask = lz77_window - 1;
  std::array<std::uint8_t, lz77_window> window{};
  std::uint32_t cursor = 1;
  std::size_t ip = 0, op = 0;
  unsigned flags = 0, flags_left = 0;
  StreamResult result;
  const auto stop = [&](StreamStatus status, std::size_t at) {
    result.status = status;
    result.produced = op;
    result.consumed = at;
    return result;
  };
  for (;;) {
    if (flags_left == 0) {
      if (ip >= in.size()) return stop(StreamStatus::truncated, ip);
      flags = in[ip++];
      flags_left = 8;
    }
    const bool reference = (flags & 1) != 0;
    flags >>= 1;
    --flags_left;
    if (!reference) {
      if (ip >= in.size()) return stop(StreamStatus::truncated, ip);
      if (op >= out.size()) return stop(StreamStatus::overflow, ip);
      const std::uint8_t byte = in[ip++];
      out[op++] = byte;
      window[cursor] = byte;
      cursor = (cursor + 1) & mask;
      continue;
    }
    if (in.size() - ip < 2) return stop(StreamStatus::truncated, ip);
    const std::uint32_t word = in[ip] | (static_cast<std::uint32_t>(in[ip + 1]) << 8);
    std::uint32_t from = word >> 4;
    if (from == 0) return stop(StreamStatus::complete, ip + 2);
    const std::uint32_t length = (word & 0xF) + 2;
    // Until the window has been filled once, only offsets 1..op hold bytes of this stream.
    if (op < lz77_window && from > op) {
      result.detail = "copy of " + std::to_string(length) + " bytes from window offset " +
                      hex(from) + " after only " + std::to_string(op) + " bytes were written";
      return stop(StreamStatus::bad_reference, ip);
    }
    ip += 2;
    for (std::uint32_t k = 0; k < length; ++k) {
      if (op >= out.size()) return stop(StreamStatus::overflow, ip);
      const std::uint8_t byte = window[from];
      out[op++] = byte;
      window[cursor] = byte;
      from = (from + 1) & mask;
      cursor = (cursor + 1) & mask;
    }
  }
}

}  // namespace gafcheck::hpi
