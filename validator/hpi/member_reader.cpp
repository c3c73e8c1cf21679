#include "validator/hpi/member_reader.hpp"

#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_reader.hpp"
#include "validator/hpi/member_decoder.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::hpi {

std::optional<std::vector<std::uint8_t>> decode_member_quietly(const ArchiveIndex& index,
                                                               const BudgetLimits& limits,
                                                               std::size_t member_index,
                                                               bool reserve_whole) {
  Findings findings(embedded_catalog(), 0);
  BudgetMeter budget(limits);
  WalkContext context{index.source.file(), findings, budget};
  ChunkReader reader(context, index.source);
  MemberRecord member = index.members.at(member_index);
  if (!admit_member(context, index, member)) return std::nullopt;
  std::vector<Extent> extents;
  GrowingOutput output(member.size);
  if (reserve_whole) output.reserve_whole();
  decode_member(context, reader, index, member_index, member, output, extents);
  if (!member.decoded) return std::nullopt;
  return output.take();
}

MemberReader::MemberReader(ByteView file, const BudgetLimits& limits) : limits_(limits) {
  Findings findings(embedded_catalog(), 0);
  BudgetMeter budget(limits);
  WalkContext context{file, findings, budget};
  index_ = read_archive_index(context);
}

}  // namespace gafcheck::hpi
