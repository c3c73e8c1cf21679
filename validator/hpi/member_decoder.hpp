#pragma once
// Decodes one archive member (stored bytes, a v1 chunk table and its chunks, or a v2 chunk) into
// a buffer the caller allocates only after admit_member has checked the declared size.
#include <span>

#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_index.hpp"
#include "validator/hpi/chunk_reader.hpp"

namespace gafcheck::hpi {

// Checks the declared size against the member budget, against what the archive can hold from
// the member's data offset, and charges the archive output budget. True when a buffer of
// member.size bytes may be allocated; findings are emitted here.
bool admit_member(WalkContext& context, const ArchiveIndex& index, const MemberRecord& member);

// Decodes the member into out (member.size bytes); sets stored_size, encrypted and decoded, and
// adds the member's data extent to extents.
void decode_member(WalkContext& context, ChunkReader& reader, const ArchiveIndex& index,
                   std::size_t member_index, MemberRecord& member, std::span<std::uint8_t> out,
                   std::vector<Extent>& extents);

}  // namespace gafcheck::hpi
