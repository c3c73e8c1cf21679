#pragma once
// How a bounded decompression ended.
#include <cstdint>
#include <string>

namespace gafcheck::hpi {

enum class StreamStatus {
  complete,       // the stream ended (end marker / zlib stream end)
  overflow,       // it would write past the output buffer: it produces more than expected
  truncated,      // the input ended before the stream did
  bad_reference,  // LZ77 copy from window bytes not yet written
  data_error,     // zlib rejected the data
};

struct StreamResult {
  StreamStatus status = StreamStatus::complete;
  std::uint64_t produced = 0;  // bytes written to the output
  std::uint64_t consumed = 0;  // input bytes used; for an error, where it was found
  std::string detail;          // zlib's message, or the bad reference
};

}  // namespace gafcheck::hpi
