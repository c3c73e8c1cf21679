#pragma once
// Counts what a TA3D zlib payload inflates to, through zlib, without keeping the output: a fixed
// scratch buffer is overwritten, and inflation stops one byte past the limit, so neither memory
// nor work grows with what the stream claims.
#include <cstdint>
#include <string>

#include "validator/core/byte_view.hpp"

namespace gafcheck::taf {

struct InflatedCount {
  enum class Status { complete, longer, truncated, corrupt } status = Status::complete;
  std::uint64_t produced = 0;  // bytes the stream produced (limit + 1 when longer)
  std::uint64_t consumed = 0;  // input bytes used; for corrupt, where zlib stopped
  std::string detail;          // zlib's message for corrupt
};

InflatedCount count_inflated(ByteView stream, std::uint64_t limit);

}  // namespace gafcheck::taf
