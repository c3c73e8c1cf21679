#include "validator/pixels/rebase_conflicts.hpp"

#include <algorithm>

#include "validator/pixels/structure_fields.hpp"

namespace gafcheck::pixels {
namespace {

inline constexpr std::size_t none = SIZE_MAX;
using Claim = FieldClaim;

// Claims in offset order with, for every prefix, the claim reaching furthest and the one
// reaching furthest among the other owners: a range [a, b) meets a claim of an owner other than
// S iff, among the claims starting before b, the furthest-reaching one not owned by S ends after a.
class ClaimIndex {
 public:
  explicit ClaimIndex(std::vector<Claim> claims) : claims_(std::move(claims)) {
    std::sort(claims_.begin(), claims_.end(),
              [](const Claim& x, const Claim& y) { return x.begin < y.begin; });
    best_.resize(claims_.size());
    runner_up_.resize(claims_.size());
    std::size_t best = none, runner_up = none;
    for (std::size_t c = 0; c < claims_.size(); ++c) {
      if (best == none) {
        best = c;
      } else if (claims_[c].owner == claims_[best].owner) {
        if (claims_[c].end > claims_[best].end) best = c;
      } else if (claims_[c].end > claims_[best].end) {
        runner_up = best;
        best = c;
      } else if (runner_up == none || claims_[c].end > claims_[runner_up].end) {
        runner_up = c;
      }
      best_[c] = best;
      runner_up_[c] = runner_up;
    }
  }

  // A claim of another owner than `owner` meeting [begin, end), or nullptr.
  const Claim* other_than(std::size_t owner, std::uint64_t begin, std::uint64_t end) const {
    const auto starts_before_end = std::partition_point(
        claims_.begin(), claims_.end(), [&](const Claim& claim) { return claim.begin < end; });
    const auto count = static_cast<std::size_t>(starts_before_end - claims_.begin());
    if (count == 0) return nullptr;
    std::size_t candidate = best_[count - 1];
    if (claims_[candidate].owner == owner) candidate = runner_up_[count - 1];
    if (candidate == none || claims_[candidate].end <= begin) return nullptr;
    return &claims_[candidate];
  }

 private:
  std::vector<Claim> claims_;
  std::vector<std::size_t> best_;
  std::vector<std::size_t> runner_up_;
};

}  // namespace

std::vector<RebaseConflict> find_rebase_conflicts(const gaf::GafIndex& index,
                                                  const ExtentMap& map) {
  std::vector<RebaseConflict> conflicts;
  std::vector<Claim> claims;
  for (std::size_t i = 0; i < map.sorted.size(); ++i) {
    if (!map.overlapping_structure[i]) continue;
    const Extent& structure = map.sorted[i];
    UsedRange ranges[max_used_ranges];
    const std::size_t count = used_ranges(index, structure, ranges);
    for (std::size_t r = 0; r < count; ++r) {
      const std::uint64_t end = std::min(ranges[r].end, structure.length);
      if (ranges[r].begin < end)
        claims.push_back({structure.offset + ranges[r].begin, structure.offset + end, i});
    }
  }
  if (claims.empty()) return conflicts;
  const ClaimIndex claimed(std::move(claims));

  for (std::size_t i = 0; i < map.sorted.size(); ++i) {
    if (!map.overlapping_structure[i]) continue;
    const Extent& structure = map.sorted[i];
    const RebasedWords words = rebased_words(structure.kind);
    if (words.stride == 0) continue;
    RebaseConflict* run = nullptr;
    for (std::uint64_t at = structure.offset + words.first; at + pointer_word <= structure.end();
         at += words.stride) {
      const Claim* claim = claimed.other_than(i, at, at + pointer_word);
      if (!claim) {
        run = nullptr;
        continue;
      }
      const std::uint64_t shared_begin = std::max(at, claim->begin);
      const std::uint64_t shared_end = std::min(at + pointer_word, claim->end);
      const Extent& other = map.sorted[claim->owner];
      bool same_word_rebased = false;  // the other rebases exactly these four bytes too
      Retail impact = Retail::none;
      bool worst_rebased = false;  // a word rebased twice is named before a read field
      std::uint64_t worst_at = shared_begin;
      for (std::uint64_t byte = shared_begin; byte < shared_end; ++byte) {
        const Field field = field_at(index, other, byte - other.offset);
        const bool rebased = field.use == FieldUse::rebased;
        const Retail hit = field.use == FieldUse::unread ? Retail::none
                           : rebased                     ? Retail::crash
                                                         : field.overwritten;
        if (std::pair(hit, rebased) > std::pair(impact, worst_rebased)) {
          impact = hit;
          worst_rebased = rebased;
          worst_at = byte;
        }
        same_word_rebased |= rebased && field.begin + other.offset == at;
      }
      // One pointer word of two structures: reported once, by the one sorted last.
      if (impact == Retail::none || (same_word_rebased && claim->owner > i)) {
        run = nullptr;
        continue;
      }
      if (run && run->other == claim->owner && run->first_word + run->words * words.stride == at) {
        ++run->words;
        run->length = shared_end - run->offset;
        if (std::pair(impact, worst_rebased) > std::pair(run->impact, run->rebased_twice)) {
          run->impact = impact;
          run->rebased_twice = worst_rebased;
          run->worst_at = worst_at;
        }
        continue;
      }
      run = &conflicts.emplace_back(RebaseConflict{i, claim->owner, at, 1, shared_begin,
                                                   shared_end - shared_begin, impact, worst_rebased,
                                                   worst_at});
    }
  }
  return conflicts;
}

}  // namespace gafcheck::pixels
