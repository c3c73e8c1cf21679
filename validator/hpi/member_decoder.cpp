#include "validator/hpi/member_decoder.hpp"

#include <algorithm>

#include "validator/core/text.hpp"
#include "validator/hpi/hpi_layout.hpp"

namespace gafcheck::hpi {
namespace {

std::uint64_t chunk_count(std::uint64_t size) {
  return size / chunk_capacity + (size % chunk_capacity != 0);
}

bool is_chunked_v1(const MemberRecord& member) {
  return member.compression != static_cast<std::uint8_t>(Compression::stored);
}

bool out_of_file(WalkContext& context, const MemberRecord& member, std::uint64_t length,
                 const std::string& what) {
  if (context.file.contains(member.data_offset, length)) return false;
  // At the data when it starts inside the file; a wild pointer past the end is anchored at the
  // directory entry that holds it.
  const bool starts_inside = member.data_offset <= context.file.size();
  context.findings.add(
      RuleId::hpi_directory_bounds, starts_inside ? member.data_offset : member.entry_offset, 0,
      member.where, [&] {
        return what + " [" + hex(member.data_offset) + ", +" + std::to_string(length) +
               ") runs past the end of the " + std::to_string(context.file.size()) + "-byte file";
      });
  return true;
}

// A v2 file's compressed data (docs/format/hpi.md §5): one SQSH chunk in the archives described,
// but readers written against retail TA: Kingdoms archives (HPIDump) read chunks back to back until
// the file's size is reached, so a sequence is accepted as well. Every chunk is at least its
// 19-byte header, so the walk ends within the file's extent.
void decode_v2_chunks(WalkContext& context, ChunkReader& reader, MemberRecord& member,
                      ChunkOutput& out) {
  const std::uint64_t end = member.data_offset + member.v2_stored_size;
  std::uint64_t position = member.data_offset, produced = 0;
  member.decoded = true;
  for (std::uint64_t i = 0; (i == 0 || produced < member.size) && !context.stopped(); ++i) {
    ChunkPlace place;
    place.offset = position;
    place.end = end;
    place.where = i == 0 ? member.where : join_indexed(member.where, "chunk", i);
    place.retail_buffer = false;
    const auto header = reader.locate(place);
    if (!header) {
      member.decoded = false;
      return;
    }
    member.encrypted = member.encrypted || header->encrypted != 0;
    if (i == 0) member.compression = header->method;
    // The last chunk is expected to produce the rest of the file; a single chunk, all of it.
    const std::uint64_t rest = member.size - produced;
    const bool last = header->end() >= end || header->decompressed_size >= rest;
    const std::uint64_t expected = last ? rest : header->decompressed_size;
    if (!reader.decode(*header, place, out.output(produced, expected))) member.decoded = false;
    produced += expected;
    position = header->end();
  }
  if (position != end && member.decoded) {
    context.findings.add(RuleId::hpi_chunk_table_mismatch,
                         member.entry_offset + v2_file_compressed_size, 4, member.where, [&] {
                           return "the file entry gives " + std::to_string(member.v2_stored_size) +
                                  " compressed bytes; its chunks take " +
                                  std::to_string(position - member.data_offset);
                         });
  }
  if (context.stopped()) member.decoded = false;
}

}  // namespace

bool admit_member(WalkContext& context, const ArchiveIndex& index, const MemberRecord& member) {
  if (index.kind == ArchiveKind::v1 && member.compression > 2) return false;  // hpi.compression
  // Bounds first (they cost nothing but the file size): a member proven out of the file is
  // hpi.directory-bounds and charges no budget.
  if (index.kind == ArchiveKind::v2) {
    if (member.v2_stored_size == 0) {
      if (out_of_file(context, member, member.size, "stored data")) return false;
    } else {
      if (out_of_file(context, member, member.v2_stored_size, "compressed data")) return false;
      // The whole file is decoded into one buffer of the entry's size: a size no stored bytes
      // could expand to is a bomb, refused before anything is allocated from it.
      const std::uint64_t ratio = member.size / member.v2_stored_size;
      const std::uint64_t limit = context.budget.limit(BudgetKind::chunk_ratio);
      if (ratio > limit) {
        context.findings.add(RuleId::hpi_ratio, member.entry_offset + v2_file_size, 4, member.where,
                             [&] {
                               return "file entry declares " + std::to_string(member.size) +
                                      " bytes from " + std::to_string(member.v2_stored_size) +
                                      " compressed (" + std::to_string(ratio) + ":1, budget " +
                                      std::to_string(limit) + ":1): a decompression bomb";
                             });
        context.check(BudgetKind::chunk_ratio, ratio, member.entry_offset + v2_file_size,
                      member.where);
        return false;
      }
    }
  } else if (!is_chunked_v1(member)) {
    if (out_of_file(context, member, member.size, "stored data")) return false;
  } else {
    // Every chunk needs a table slot and a 19-byte header: a size the file cannot hold is
    // refused before anything is allocated from it.
    const std::uint64_t chunks = chunk_count(member.size);
    if (out_of_file(context, member, chunks * (chunk_table_slot + chunk_header_size),
                    "chunk table and headers of " + std::to_string(chunks) + " chunks for " +
                        std::to_string(member.size) + " bytes"))
      return false;
  }
  if (!context.check(BudgetKind::member_size, member.size, member.entry_offset, member.where))
    return false;
  return context.charge(BudgetKind::archive_output, member.size, member.entry_offset, member.where);
}

void decode_member(WalkContext& context, ChunkReader& reader, const ArchiveIndex& index,
                   std::size_t member_index, MemberRecord& member, ChunkOutput& out,
                   std::vector<Extent>& extents) {
  const ArchiveSource& source = index.source;
  member.encrypted = source.encrypted();
  const auto claim = [&](std::uint64_t length) {
    member.stored_size = length;
    extents.push_back(
        {member.data_offset, member.data_offset + length, Extent::Role::member_data, member_index});
  };
  const bool stored =
      index.kind == ArchiveKind::v2 ? member.v2_stored_size == 0 : !is_chunked_v1(member);
  if (stored) {
    // Piece by piece, so that a member that is not checked passes through a small buffer.
    member.decoded = true;
    for (std::uint64_t begin = 0; begin < member.size && member.decoded; begin += chunk_capacity) {
      const std::uint64_t length = std::min(chunk_capacity, member.size - begin);
      member.decoded = source.read(member.data_offset + begin, out.output(begin, length));
    }
    claim(member.size);
    return;
  }
  if (index.kind == ArchiveKind::v2) {
    decode_v2_chunks(context, reader, member, out);
    claim(member.v2_stored_size);
    return;
  }
  const std::uint64_t chunks = chunk_count(member.size);
  std::uint64_t position = member.data_offset + chunks * chunk_table_slot;
  member.decoded = true;
  for (std::uint64_t i = 0; i < chunks && !context.stopped(); ++i) {
    ChunkPlace place;
    place.offset = position;
    place.end = context.file.size();
    place.where = join_indexed(member.where, "chunk", i);
    place.table_entry_offset = member.data_offset + i * chunk_table_slot;
    place.table_entry = source.u32(place.table_entry_offset);
    const auto header = reader.locate(place);
    if (!header) {
      member.decoded = false;
      break;
    }
    member.encrypted = member.encrypted || header->encrypted != 0;
    const std::uint64_t begin = i * chunk_capacity;
    const std::uint64_t expected = std::min(chunk_capacity, member.size - begin);
    if (!reader.decode(*header, place, out.output(begin, expected))) member.decoded = false;
    position = header->end();
  }
  if (context.stopped()) member.decoded = false;
  claim(position - member.data_offset);
}

}  // namespace gafcheck::hpi
