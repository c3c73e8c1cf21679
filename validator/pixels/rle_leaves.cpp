// RLE leaves (docs/format/gaf.md §3.2): each walked once strictly, with the retail read-through of
// bad rows emulated, against the file-wide RLE command budget.
#include <algorithm>
#include <utility>

#include "validator/pixels/gaf_pixel_stages.hpp"
#include "validator/pixels/rle_findings.hpp"
#include "validator/pixels/rle_walker.hpp"

namespace gafcheck::pixels {

namespace {

bool walked_leaf(const gaf::FrameRecord& frame) {
  return frame.header_in_bounds && !frame.is_composite() && frame.is_rle() &&
         frame.data_in_bounds && frame.width != 0 && frame.height != 0;
}

// For each walked leaf, the first frame with the same RLE block and dimensions (itself when it
// is the first). Sorting once keeps the walk free of per-frame allocations.
std::vector<std::uint32_t> first_of_identical(const gaf::GafIndex& index) {
  std::vector<std::pair<std::uint64_t, std::uint32_t>> keys;
  for (std::uint32_t i = 0; i < index.frames.size(); ++i) {
    const gaf::FrameRecord& frame = index.frames[i];
    if (walked_leaf(frame))
      keys.emplace_back(
          std::uint64_t{frame.data_offset} << 32 | std::uint64_t{frame.width} << 16 | frame.height,
          i);
  }
  std::sort(keys.begin(), keys.end());
  std::vector<std::uint32_t> first(index.frames.size(), gaf::no_index);
  for (std::size_t k = 0; k < keys.size(); ++k)
    first[keys[k].second] =
        k > 0 && keys[k - 1].first == keys[k].first ? first[keys[k - 1].second] : keys[k].second;
  return first;
}

}  // namespace

bool walk_rle_leaves(WalkContext& context, const gaf::GafIndex& index, bool all_rows,
                     bool refine_retail, std::vector<std::uint64_t>& rle_end) {
  if (!context.charge_heap(index.frames.size(), sizeof(std::uint64_t) + 3 * sizeof(std::uint64_t),
                           0, "frames"))
    return false;
  rle_end.assign(index.frames.size(), 0);
  const std::vector<std::uint32_t> first = first_of_identical(index);
  for (std::uint32_t i = 0; i < index.frames.size(); ++i) {
    if (first[i] == gaf::no_index) continue;
    if (first[i] != i) {
      rle_end[i] = rle_end[first[i]];  // walked (and reported) with the first of its kind
      continue;
    }
    const gaf::FrameRecord& frame = index.frames[i];
    RleFindingCollector collector(context, frame.path, all_rows, refine_retail);
    RleWalkOptions options;
    options.policy = RlePolicy::strict;
    options.max_commands = context.budget.limit(BudgetKind::rle_commands) -
                           context.budget.used(BudgetKind::rle_commands);
    options.sink = &collector;
    const RleWalkResult result =
        walk_rle(context.file, {frame.data_offset, frame.width, frame.height}, options);
    collector.finish();
    rle_end[i] = result.end;
    // A walk the budget stopped asked for at least one command more than was left.
    const std::uint64_t charge = result.commands + (result.stop == RleWalkStop::budget ? 1 : 0);
    if (!context.charge(BudgetKind::rle_commands, charge, frame.offset, frame.path)) break;
  }
  return true;
}

}  // namespace gafcheck::pixels
