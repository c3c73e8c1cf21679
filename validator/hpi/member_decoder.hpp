#pragma once
// Decodes one archive member (stored bytes, a v1 chunk table and its chunks, or a v2 chunk) into
// buffers the caller allocates only after admit_member has checked the declared size.
#include <span>

#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_index.hpp"
#include "validator/hpi/chunk_reader.hpp"

namespace gafcheck::hpi {

// Checks the declared size against the member budget, against what the archive can hold from
// the member's data offset, and charges the archive output budget. True when a buffer of
// member.size bytes may be allocated; findings are emitted here.
bool admit_member(WalkContext& context, const ArchiveIndex& index, const MemberRecord& member);

// Where decoded bytes go. output(begin, length) gives the span for member bytes
// [begin, begin + length): a slice of one member-sized buffer, or a reused chunk-sized scratch
// for members validated without being kept. Stored and v2 members ask for all bytes at once.
class ChunkOutput {
 public:
  virtual ~ChunkOutput() = default;
  virtual std::span<std::uint8_t> output(std::uint64_t begin, std::uint64_t length) = 0;
};

// The whole member in one caller-sized span.
class WholeOutput final : public ChunkOutput {
 public:
  explicit WholeOutput(std::span<std::uint8_t> bytes) : bytes_(bytes) {}
  std::span<std::uint8_t> output(std::uint64_t begin, std::uint64_t length) override {
    return bytes_.subspan(begin, length);
  }

 private:
  std::span<std::uint8_t> bytes_;
};

// Decodes the member through out; sets stored_size, encrypted and decoded, and adds the member's
// data extent to extents.
void decode_member(WalkContext& context, ChunkReader& reader, const ArchiveIndex& index,
                   std::size_t member_index, MemberRecord& member, ChunkOutput& out,
                   std::vector<Extent>& extents);

}  // namespace gafcheck::hpi
