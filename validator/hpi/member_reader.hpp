#pragma once
// Members of an archive one by one, for listing, extraction and tests: the same reader and
// budgets as check, with its findings discarded (check reports them).
#include <cstdint>
#include <optional>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/hpi/archive_index.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck::hpi {

// Decodes one member of an index read earlier; nullopt when its size was refused or its data
// could not be located. reserve_whole: the caller has accounted for the member's declared size,
// so its buffer is reserved at once (one allocation, no copy as it grows).
std::optional<std::vector<std::uint8_t>> decode_member_quietly(const ArchiveIndex& index,
                                                               const BudgetLimits& limits,
                                                               std::size_t member,
                                                               bool reserve_whole = false);

// A member as a reader decodes it, and whether that is exactly what was packed: damage holds the
// error findings made while decoding it (a chunk whose checksum or stream is bad, a length other
// than the directory's, data past the end of the file, a budget), the same ones check reports.
// bytes is nullopt when the member could not be decoded at all; damage then says why.
struct DecodedMember {
  std::optional<std::vector<std::uint8_t>> bytes;
  std::vector<Finding> damage;     // the first max_listed_damage of them
  std::uint64_t damage_count = 0;  // all of them
  bool exact() const { return bytes && damage_count == 0; }
};

inline constexpr std::uint64_t max_listed_damage = 8;

DecodedMember decode_member_checked(const ArchiveIndex& index, const BudgetLimits& limits,
                                    std::size_t member);

class MemberReader {
 public:
  // Reads the header and directory of the archive in file (which must outlive the reader).
  MemberReader(ByteView file, const BudgetLimits& limits);

  bool is_archive() const {
    return index_.kind == ArchiveKind::v1 || index_.kind == ArchiveKind::v2;
  }
  const ArchiveIndex& index() const { return index_; }
  const std::vector<MemberRecord>& members() const { return index_.members; }
  std::optional<std::vector<std::uint8_t>> read(std::size_t member) const {
    return decode_member_quietly(index_, limits_, member);
  }
  DecodedMember read_checked(std::size_t member) const {
    return decode_member_checked(index_, limits_, member);
  }

 private:
  BudgetLimits limits_;
  ArchiveIndex index_;
};

}  // namespace gafcheck::hpi
