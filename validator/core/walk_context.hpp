#pragma once
// What every reader carries: the input view, the findings, and the budget meter.
#include <cstdint>
#include <string>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/core/findings.hpp"

namespace gafcheck {

struct WalkContext {
  ByteView file;
  Findings& findings;
  BudgetMeter& budget;

  // Charges the budget; on the first refusal emits budget.exceeded at offset/path. Returns false
  // when the walk must stop.
  bool charge(BudgetKind kind, std::uint64_t amount, std::uint64_t offset, const std::string& path);
  // Checks a level (depth, size) against its limit, with the same reporting as charge().
  bool check(BudgetKind kind, std::uint64_t value, std::uint64_t offset, const std::string& path);
  // Charges heap bytes for count objects of object_size bytes.
  bool charge_heap(std::uint64_t count, std::uint64_t object_size, std::uint64_t offset,
                   const std::string& path);

  bool stopped() const { return budget.exhausted(); }

 private:
  bool report_refusal(std::uint64_t offset, const std::string& path);
};

}  // namespace gafcheck
