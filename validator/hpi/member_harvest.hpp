#pragma once
// The members of one archive that the check pipeline checks after the archive's own report,
// decoded once while the archive is checked. Members are kept in memory while they fit in half
// the held-bytes account (the rest is decoded again when taken, and kept members are given back
// when a decode needs the room); a member whose content is byte for byte an earlier one's, under
// a name of the same context (detect/name_context.hpp), is found here, comparing SHA-256 only
// between members of the same size and context.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/detect/name_context.hpp"
#include "validator/hpi/archive_index.hpp"
#include "validator/hpi/held_bytes.hpp"

namespace gafcheck::hpi {

// The per-file budgets of checking work that an archive's members share (nested archives
// included), so that thousands of small members, each costing a whole file's budget, cannot
// multiply the time an upload takes: entry table slots, frame references, pixels, composite
// expansion and RLE commands.
inline constexpr BudgetKind member_shared_budgets[] = {BudgetKind::entries, BudgetKind::frame_refs,
                                                       BudgetKind::pixels, BudgetKind::expansion,
                                                       BudgetKind::rle_commands};

// What one archive used of the budgets nested archives share with their outer archive.
struct ArchiveUse {
  std::uint64_t output = 0;    // archive_output: decompressed bytes
  std::uint64_t entries = 0;   // archive_entries: directory entries walked
  std::uint64_t members = 0;   // members: member documents
  std::uint64_t findings = 0;  // findings listed
  // member_shared_budgets used by the members' checks (filled by the caller that checks them).
  std::array<std::uint64_t, budget_kind_count> checking{};
};

// What the archive_ratio budget is measured against: the input archive's size (at least 1 MiB)
// and what the archives checked before this one in the input decompressed.
struct TreeOutput {
  std::uint64_t basis = 1 << 20;
  std::uint64_t before = 0;
};

class MemberHarvest final : public HeldBytes::Holder {
 public:
  MemberHarvest(const BudgetLimits& limits, HeldBytes& held);
  ~MemberHarvest() override;
  MemberHarvest(const MemberHarvest&) = delete;
  MemberHarvest& operator=(const MemberHarvest&) = delete;

  std::size_t size() const { return items_.size(); }
  // The member's path inside the archive ('/'-separated raw name bytes).
  const std::string& path(std::size_t item) const {
    return index_.members[items_[item].member].path;
  }
  // The member's bytes, charged to the held-bytes account (moved out when kept, else decoded
  // again; empty when the account cannot hold them).
  std::optional<HeldBuffer> take(std::size_t item);
  // What the archive used of the budgets its nested archives share.
  const ArchiveUse& used() const { return used_; }
  const TreeOutput& tree_output() const { return tree_output_; }
  void set_tree_output(const TreeOutput& tree_output) { tree_output_ = tree_output; }
  HeldBytes& held() { return held_; }

  // While the archive is checked: the earlier member whose content equals bytes (same size, same
  // SHA-256) under a name of the same context, if any.
  std::optional<std::size_t> same_content(ByteView bytes, const NameContext& named);
  // Hands over a member to check (bytes are charged to the account), named in that context.
  void offer(std::size_t member, HeldBuffer&& bytes, const NameContext& named);
  // After the archive's check: its index (members are decoded again from it) and usage.
  void finish(ArchiveIndex&& index, const ArchiveUse& used);

  bool release_one() override;

 private:
  struct Item {
    std::size_t member;
    HeldBuffer bytes;
    bool kept;
    std::uint64_t size;
    std::string sha256;  // computed only when another member has the same size
  };
  const std::string& digest(Item& item);
  void drop(Item& item);

  BudgetLimits limits_;
  HeldBytes& held_;
  ArchiveIndex index_;
  std::vector<Item> items_;
  std::map<std::pair<std::uint64_t, NameContext>, std::vector<std::size_t>> items_by_key_;
  std::string pending_sha256_;  // same_content's digest, for the member offered next
  std::size_t kept_end_ = 0;    // no member from here on is kept
  bool offering_ = true;
  ArchiveUse used_;
  TreeOutput tree_output_;
};

}  // namespace gafcheck::hpi
