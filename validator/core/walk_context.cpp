#include "validator/core/walk_context.hpp"

#include "validator/core/checked_math.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {

bool WalkContext::charge(BudgetKind kind, std::uint64_t amount, std::uint64_t offset,
                         const std::string& path) {
  if (stopped() || budget.hit(kind)) return false;
  if (budget.charge(kind, amount)) return true;
  return report_refusal(*budget.hit(kind), offset, path);
}

bool WalkContext::check(BudgetKind kind, std::uint64_t value, std::uint64_t offset,
                        const std::string& path) {
  // A level (one member's size, one name's length) is checked again for every structure.
  if (stopped()) return false;
  if (budget.check(kind, value)) return true;
  return report_refusal(BudgetHit{kind, budget.limit(kind), value}, offset, path);
}

bool WalkContext::charge_heap(std::uint64_t count, std::uint64_t object_size, std::uint64_t offset,
                              const std::string& path) {
  return charge(BudgetKind::heap, saturating_mul(count, object_size), offset, path);
}

bool WalkContext::report_refusal(const BudgetHit& hit, std::uint64_t offset,
                                 const std::string& path) {
  const BudgetSpec& spec = budget_spec(hit.kind);
  findings.add(RuleId::budget_exceeded, offset, 0, path,
               "budget '" + std::string(spec.name) + "' exceeded: the input asks for " +
                   std::to_string(hit.value) + ", the limit is " + std::to_string(hit.limit) +
                   " (raise it with --" + budget_option(spec) + ")");
  return false;
}

namespace {

BudgetLimits without_pixel_budget(BudgetLimits limits) {
  limits[BudgetKind::pixels] = UINT64_MAX;
  return limits;
}

}  // namespace

StructureOnlyWalk::StructureOnlyWalk(ByteView file, const BudgetLimits& limits)
    : budget_(without_pixel_budget(limits)),
      findings_(embedded_catalog(), 0),
      context_{file, findings_, budget_} {}

}  // namespace gafcheck
