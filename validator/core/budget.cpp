#include "validator/core/budget.hpp"

#include "validator/core/checked_math.hpp"

namespace gafcheck {

bool BudgetMeter::charge(BudgetKind kind, std::uint64_t amount) {
  auto& used = used_[static_cast<std::size_t>(kind)];
  const std::uint64_t wanted = saturating_add(used, amount);
  if (wanted > limits_[kind]) return refuse(kind, wanted);
  used = wanted;
  return true;
}

bool BudgetMeter::check(BudgetKind kind, std::uint64_t value) {
  if (value > limits_[kind]) return refuse(kind, value);
  auto& used = used_[static_cast<std::size_t>(kind)];
  if (value > used) used = value;
  return true;
}

bool BudgetMeter::refuse(BudgetKind kind, std::uint64_t value) {
  const BudgetHit hit{kind, limits_[kind], value};
  if (!first_hit_) first_hit_ = hit;
  auto& own = hits_[static_cast<std::size_t>(kind)];
  if (!own) own = hit;
  if (budget_stops_walk(kind)) walk_stopped_ = true;
  return false;
}

}  // namespace gafcheck
