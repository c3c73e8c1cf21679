#pragma once
// SQSH chunks (docs/format/hpi.md §4): header checks, table entry, checksum, inner de-obfuscation
// and bounded decompression into a buffer the caller sized from a checked declared size.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_source.hpp"
#include "validator/hpi/zlib_stream.hpp"

namespace gafcheck::hpi {

// Where a chunk is and what the caller knows about it.
struct ChunkPlace {
  std::uint64_t offset = 0;  // of the 19-byte header
  std::uint64_t end = 0;     // the chunk must end by here (file end, or a v2 file's extent)
  std::string where;         // structure path for findings
  std::optional<std::uint64_t> table_entry;  // v1 chunk table entry for this chunk
  std::uint64_t table_entry_offset = 0;
  bool retail_buffer = true;  // v1: retail decompresses into one 65,536-byte buffer
};

struct ChunkHeader {
  std::uint64_t offset = 0;
  std::uint8_t version = 0, method = 0, encrypted = 0;
  std::uint32_t compressed_size = 0, decompressed_size = 0, checksum = 0;
  std::uint64_t body() const { return offset + 19; }
  std::uint64_t end() const { return offset + 19 + std::uint64_t{compressed_size}; }
};

class ChunkReader {
 public:
  ChunkReader(WalkContext& context, const ArchiveSource& source)
      : context_(context), source_(source) {}

  // Reads and checks a chunk header and finds its body: marker, version, method, table entry,
  // bounds, declared ratio. nullopt when the chunk cannot be located (or the budget stopped the
  // walk); the findings are emitted here.
  std::optional<ChunkHeader> locate(const ChunkPlace& place);

  // Decodes a located chunk into out, whose size is what the chunk must produce. Returns true
  // when the chunk was decompressed (even with size or checksum findings).
  bool decode(const ChunkHeader& header, const ChunkPlace& place, std::span<std::uint8_t> out);

 private:
  WalkContext& context_;
  const ArchiveSource& source_;
  Inflater inflater_;
  std::vector<std::uint8_t> header_scratch_, body_scratch_;
};

}  // namespace gafcheck::hpi
