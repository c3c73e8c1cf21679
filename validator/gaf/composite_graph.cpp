// The composite graph (docs/format/gaf.md §4): cycles, nesting, depth and expansion cost.
//
// One iterative depth-first walk over unique frame headers, linear in headers + pointers. The
// expansion cost of a frame (how many frame visits drawing it would make) is memoised, so a DAG
// shared at every level is costed, never walked exponentially. The walk's stack is bounded by the
// depth budget. A budget stops only what it bounds: a frame past the depth
// budget is not descended into from there (its siblings and the other entries' frames still are,
// so their cycles are still found; a frame is still pushed at most once, so the walk stays
// linear), and past the expansion budget the graph is still walked, only no longer charged. The
// cost of a frame whose subtree was cut by the depth budget is a lower bound.
#include <algorithm>
#include <vector>

#include "validator/core/text.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/gaf/structure_reader.hpp"

namespace gafcheck::gaf {
namespace {

enum class Mark : std::uint8_t { unvisited, on_stack, done };

struct StackItem {
  std::uint32_t frame;
  std::uint32_t next_child = 0;
  std::uint64_t cost = 1;
};

class GraphWalk {
 public:
  GraphWalk(WalkContext& context, const GafIndex& index)
      : context_(context),
        index_(index),
        mark_(index.frames.size(), Mark::unvisited),
        cost_(index.frames.size(), 0),
        stack_position_(index.frames.size(), 0) {}

  // Expansion cost of the frame, walking what is not yet costed.
  std::uint64_t cost_of(std::uint32_t root);

 private:
  bool depth_allows(std::uint64_t depth, const FrameRecord& parent);
  void report_cycle(std::uint32_t parent, std::uint32_t child_slot, std::uint32_t target);

  WalkContext& context_;
  const GafIndex& index_;
  std::vector<Mark> mark_;
  std::vector<std::uint64_t> cost_;
  std::vector<std::uint32_t> stack_position_;
  std::vector<StackItem> stack_;
};

// Reported once per file; past it the child stays unvisited, and may be walked from a shallower
// reach later.
bool GraphWalk::depth_allows(std::uint64_t depth, const FrameRecord& parent) {
  if (context_.budget.hit(BudgetKind::depth))
    return depth <= context_.budget.limit(BudgetKind::depth);
  return context_.check(BudgetKind::depth, depth, parent.offset, parent.path);
}

std::uint64_t GraphWalk::cost_of(std::uint32_t root) {
  if (mark_[root] == Mark::done) return cost_[root];
  stack_.push_back({root});
  mark_[root] = Mark::on_stack;
  while (!stack_.empty()) {
    StackItem& top = stack_.back();
    const FrameRecord& frame = index_.frames[top.frame];
    if (top.next_child < frame.child_count) {
      const std::uint32_t slot = top.next_child++;
      const std::uint32_t child = index_.children[frame.first_child + slot];
      if (mark_[child] == Mark::on_stack) {
        report_cycle(top.frame, slot, child);
      } else if (mark_[child] == Mark::done) {
        top.cost = saturating_add(top.cost, cost_[child]);
      } else {
        if (!depth_allows(stack_.size(), frame)) continue;
        stack_position_[child] = static_cast<std::uint32_t>(stack_.size());
        mark_[child] = Mark::on_stack;
        stack_.push_back({child});
      }
      continue;
    }
    const StackItem finished = top;
    stack_.pop_back();
    mark_[finished.frame] = Mark::done;
    cost_[finished.frame] = finished.cost;
    if (!stack_.empty()) stack_.back().cost = saturating_add(stack_.back().cost, finished.cost);
  }
  return cost_[root];
}

void GraphWalk::report_cycle(std::uint32_t parent, std::uint32_t child_slot, std::uint32_t target) {
  const FrameRecord& frame = index_.frames[parent];
  const std::uint64_t site = std::uint64_t{frame.data_offset} + child_slot * layer_pointer_size;
  constexpr std::size_t shown = 8;
  std::string members;
  const std::size_t first = stack_position_[target];
  for (std::size_t i = first; i < stack_.size() && i < first + shown; ++i)
    members += hex(index_.frames[stack_[i].frame].offset) + " -> ";
  if (stack_.size() - first > shown) members += "... -> ";
  members += hex(index_.frames[target].offset);
  context_.findings.add(RuleId::composite_cycle, site, layer_pointer_size,
                        join_indexed(frame.path, "layer", child_slot), [&] {
                          return "subframe pointer leads back to an ancestor: " + members +
                                 " (a cycle of " + std::to_string(stack_.size() - first) +
                                 " frame headers)";
                        });
}

}  // namespace

void check_composite_graph(WalkContext& context, const GafIndex& index) {
  for (const FrameRecord& frame : index.frames) {
    if (frame.reached_as_subframe && frame.header_in_bounds && frame.is_composite()) {
      context.findings.add(RuleId::composite_nested, frame.offset + frame_layer_count, 1,
                           frame.path, [&] {
                             return "subframe has " + std::to_string(frame.layer_count) +
                                    " layers of its own; the game relocates only one level of "
                                    "subframe pointers";
                           });
    }
  }
  if (context.stopped()) return;
  GraphWalk walk(context, index);
  for (const FrameRef& ref : index.refs) {
    const std::uint64_t cost = walk.cost_of(ref.frame);
    const FrameRecord& frame = index.frames[ref.frame];
    // Refused (and reported once) past the budget; the walk goes on for the cycles.
    context.charge(BudgetKind::expansion, cost, frame.pointer_site, frame.path);
  }
}

}  // namespace gafcheck::gaf
