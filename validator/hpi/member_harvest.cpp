#include "validator/hpi/member_harvest.hpp"

#include "validator/core/sha256.hpp"
#include "validator/hpi/member_reader.hpp"

namespace gafcheck::hpi {

MemberHarvest::MemberHarvest(const BudgetLimits& limits, HeldBytes& held)
    : limits_(limits), held_(held) {
  held_.add_holder(this);
}

MemberHarvest::~MemberHarvest() {
  held_.remove_holder(this);
}

const std::string& MemberHarvest::digest(Item& item) {
  if (item.sha256.empty() && item.kept) item.sha256 = sha256_hex(item.bytes.view());
  return item.sha256;
}

std::optional<std::size_t> MemberHarvest::same_content(ByteView bytes, const NameContext& named) {
  pending_sha256_.clear();
  const auto same_key = items_by_key_.find({bytes.size(), named});
  if (same_key == items_by_key_.end()) return std::nullopt;
  pending_sha256_ = sha256_hex(bytes);
  for (const std::size_t earlier : same_key->second)
    if (digest(items_[earlier]) == pending_sha256_) return items_[earlier].member;
  return std::nullopt;
}

void MemberHarvest::offer(std::size_t member, HeldBuffer&& bytes, const NameContext& named) {
  const std::uint64_t size = bytes.view().size();
  items_by_key_[{size, named}].push_back(items_.size());
  items_.push_back({member, std::move(bytes), true, size, std::move(pending_sha256_)});
  pending_sha256_.clear();
  if (held_.may_keep(0))
    kept_end_ = items_.size();
  else
    drop(items_.back());
}

void MemberHarvest::drop(Item& item) {
  // A later member of the same size is compared by digest: take it while the bytes are here.
  if (offering_) digest(item);
  item.bytes.reset();
  item.kept = false;
}

bool MemberHarvest::release_one() {
  while (kept_end_ > 0 && !items_[kept_end_ - 1].kept) --kept_end_;
  if (kept_end_ == 0) return false;
  drop(items_[--kept_end_]);
  return true;
}

void MemberHarvest::finish(ArchiveIndex&& index, const ArchiveUse& used) {
  index_ = std::move(index);
  used_ = used;
  offering_ = false;
  items_by_key_.clear();
}

std::optional<HeldBuffer> MemberHarvest::take(std::size_t item) {
  Item& entry = items_[item];
  if (entry.kept) {
    entry.kept = false;
    return std::move(entry.bytes);
  }
  // Decoded again exactly as before; its findings are already in the archive's report. Earlier
  // members are checked and freed by now, so the room it had when first decoded is there again
  // (kept members are given back if needed).
  if (!held_.reserve(entry.size)) return std::nullopt;
  auto bytes = decode_member_quietly(index_, limits_, entry.member, true);
  if (!bytes) {
    held_.release(entry.size);
    return std::nullopt;
  }
  return HeldBuffer(&held_, entry.size, std::move(*bytes));
}

}  // namespace gafcheck::hpi
