#pragma once
// Checks one archive: reads its header and directory, decodes every member (validating chunks),
// checks paths and extents, and fills the archive's FileReport (summary and member list). The
// members worth checking by the pipeline (GAF, TAF, TSF and nested archives, sniffed by
// content) are collected in a MemberHarvest for check_input to check after the archive's report.
#include <cstdint>
#include <string>
#include <vector>

#include "validator/core/walk_context.hpp"
#include "validator/hpi/archive_index.hpp"
#include "validator/report/file_report.hpp"

namespace gafcheck::hpi {

// What one archive used of the budgets nested archives share with their outer archive.
struct ArchiveUse {
  std::uint64_t output = 0;   // archive_output: decompressed bytes
  std::uint64_t entries = 0;  // archive_entries: directory entries walked
  // The checking work of the members (filled by the caller that checks them): per-file budgets
  // that an archive's members share, so that thousands of small members, each costing a
  // whole file's budget, cannot multiply the time an upload takes.
  std::uint64_t pixels = 0;
  std::uint64_t rle_commands = 0;
};

class MemberHarvest {
 public:
  // Decoded members are kept in memory up to retain_bytes in all; later ones are decoded again
  // when taken.
  MemberHarvest(const BudgetLimits& limits, std::uint64_t retain_bytes)
      : limits_(limits), retain_left_(retain_bytes) {}

  std::size_t size() const { return items_.size(); }
  // The member's path inside the archive ('/'-separated raw name bytes).
  const std::string& path(std::size_t item) const {
    return index_.members[items_[item].member].path;
  }
  // The member's bytes (moved out when kept, else decoded again).
  std::vector<std::uint8_t> take(std::size_t item);
  // What the archive used of the budgets its nested archives share.
  const ArchiveUse& used() const { return used_; }

 private:
  friend void check_archive(WalkContext&, std::uint64_t, FileReport&, MemberHarvest*);
  struct Item {
    std::size_t member;
    std::vector<std::uint8_t> bytes;
    bool kept;
  };
  void offer(std::size_t member, std::vector<std::uint8_t>&& bytes);

  BudgetLimits limits_;
  std::uint64_t retain_left_;
  ArchiveIndex index_;
  std::vector<Item> items_;
  ArchiveUse used_;
};

// nesting_depth: 1 for an archive on disk, 2 for an archive inside it, ... (archive_depth budget).
void check_archive(WalkContext& context, std::uint64_t nesting_depth, FileReport& report,
                   MemberHarvest* harvest);

// Which of a decoded member's formats the pipeline checks: the sniffed format when it is a
// strong content match or the name's extension agrees, else Format::unknown (listed only).
Format member_check_format(ByteView bytes, std::string_view path);

}  // namespace gafcheck::hpi
