#include "validator/hpi/member_reader.hpp"

#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_reader.hpp"
#include "validator/hpi/member_decoder.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::hpi {
namespace {

// Decodes the member, its findings going to findings; nullopt when it could not be decoded.
std::optional<std::vector<std::uint8_t>> decode_into(const ArchiveIndex& index,
                                                     const BudgetLimits& limits,
                                                     std::size_t member_index, bool reserve_whole,
                                                     Findings& findings) {
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

}  // namespace

std::optional<std::vector<std::uint8_t>> decode_member_quietly(const ArchiveIndex& index,
                                                               const BudgetLimits& limits,
                                                               std::size_t member_index,
                                                               bool reserve_whole) {
  Findings findings(embedded_catalog(), 0);
  return decode_into(index, limits, member_index, reserve_whole, findings);
}

DecodedMember decode_member_checked(const ArchiveIndex& index, const BudgetLimits& limits,
                                    std::size_t member_index) {
  const Catalog& catalog = embedded_catalog();
  // Every finding is listed up to the cap, so the errors among the first are the ones shown.
  Findings findings(catalog, max_listed_damage * 4);
  DecodedMember decoded;
  decoded.bytes = decode_into(index, limits, member_index, false, findings);
  for (std::size_t rule = 0; rule < rule_count; ++rule)
    if (catalog.info(static_cast<RuleId>(rule)).severity == Severity::error)
      decoded.damage_count += findings.counts()[rule];
  for (const Finding& finding : findings.listed())
    if (finding.severity == Severity::error && decoded.damage.size() < max_listed_damage)
      decoded.damage.push_back(finding);
  // Not decoded at all: whatever was found says why, error or not.
  if (!decoded.bytes && decoded.damage.empty() && !findings.listed().empty())
    decoded.damage.push_back(findings.listed().front());
  return decoded;
}

MemberReader::MemberReader(ByteView file, const BudgetLimits& limits) : limits_(limits) {
  Findings findings(embedded_catalog(), 0);
  BudgetMeter budget(limits);
  WalkContext context{file, findings, budget};
  index_ = read_archive_index(context);
}

}  // namespace gafcheck::hpi
