#pragma once
// What every reader carries: the input view, the findings, and the budget meter.
#include <cstdint>
#include <optional>
#include <string>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/core/findings.hpp"

namespace gafcheck {

struct WalkContext {
  ByteView file;
  Findings& findings;
  BudgetMeter& budget;

  // Charges the budget; on its first refusal emits budget.exceeded at offset/path. Returns false
  // when the work that asked must stop: a budget once hit refuses every later charge, and a hit of
  // a budget that stops the walk (budget_stops_walk) refuses every charge and sets stopped().
  bool charge(BudgetKind kind, std::uint64_t amount, std::uint64_t offset, const std::string& path);
  // Checks a level (depth, size) against its limit, with the same reporting as charge(); a level
  // that stops no walk is checked (and reported) again for every structure that asks.
  bool check(BudgetKind kind, std::uint64_t value, std::uint64_t offset, const std::string& path);
  // Charges heap bytes for count objects of object_size bytes.
  bool charge_heap(std::uint64_t count, std::uint64_t object_size, std::uint64_t offset,
                   const std::string& path);

  // A budget that bounds the whole walk was hit; per-structure work budgets leave it false.
  bool stopped() const { return budget.exhausted(); }

 private:
  bool report_refusal(const BudgetHit& hit, std::uint64_t offset, const std::string& path);
};

// A walk of a file's structures alone, for a reader that wants their layout, not a verdict: its
// findings are kept to itself, and the pixel budget does not apply (no pixel is decoded).
class StructureOnlyWalk {
 public:
  StructureOnlyWalk(ByteView file, const BudgetLimits& limits);
  StructureOnlyWalk(const StructureOnlyWalk&) = delete;
  StructureOnlyWalk& operator=(const StructureOnlyWalk&) = delete;

  WalkContext& context() { return context_; }
  const BudgetMeter& budget() const { return budget_; }

 private:
  BudgetMeter budget_;
  Findings findings_;
  WalkContext context_;
};

// A scope over bytes the target engine never reads (the claimed table behind a negative entry
// count, the entries, frames and pixels it leads to): while it lives, every finding raised takes
// the retail impact of what the engine does instead (e.g. dropped: the content is unreachable),
// whatever the rule's default says about reading those bytes. Scopes nest; the innermost wins.
class GameDoesNotRead {
 public:
  GameDoesNotRead(Findings& findings, Retail what_the_game_does)
      : findings_(findings), previous_(findings.retail_override()) {
    findings_.set_retail_override(what_the_game_does);
  }
  ~GameDoesNotRead() { findings_.set_retail_override(previous_); }
  GameDoesNotRead(const GameDoesNotRead&) = delete;
  GameDoesNotRead& operator=(const GameDoesNotRead&) = delete;

 private:
  Findings& findings_;
  std::optional<Retail> previous_;
};

}  // namespace gafcheck
