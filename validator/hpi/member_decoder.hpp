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

// The whole member in a buffer that grows as chunks are located (each checked against the ratio
// budget), never from the declared size alone: a tiny archive declaring a huge member allocates
// nothing. take() gives the member at its declared size.
class GrowingOutput final : public ChunkOutput {
 public:
  explicit GrowingOutput(std::uint64_t size) : size_(size) {}
  // Allocates the declared size at once (pages are touched only as chunks are written), for a
  // caller that has charged it: growing a large member by doubling would hold two copies.
  void reserve_whole() { bytes_.reserve(size_); }
  std::span<std::uint8_t> output(std::uint64_t begin, std::uint64_t length) override {
    if (bytes_.size() < begin + length) bytes_.resize(begin + length);
    return std::span(bytes_).subspan(begin, length);
  }
  // Only once the member decoded: every chunk then produced its part.
  std::vector<std::uint8_t> take() {
    bytes_.resize(size_);
    return std::move(bytes_);
  }

 private:
  std::uint64_t size_;
  std::vector<std::uint8_t> bytes_;
};

// Decodes the member through out; sets stored_size, encrypted and decoded, and adds the member's
// data extent to extents.
void decode_member(WalkContext& context, ChunkReader& reader, const ArchiveIndex& index,
                   std::size_t member_index, MemberRecord& member, ChunkOutput& out,
                   std::vector<Extent>& extents);

}  // namespace gafcheck::hpi
