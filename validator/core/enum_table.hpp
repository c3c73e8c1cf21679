#pragma once
// Tables indexed by an enum (budget_specs, exit_code_specs): each row names its enum value, and
// the table lists every value once, in the enum's order, so table[value] is that value's row.
#include <cstddef>

namespace gafcheck {

template <typename Table>
constexpr bool rows_in_enum_order(const Table& table, auto row_key) {
  for (std::size_t i = 0; i < table.size(); ++i)
    if (static_cast<std::size_t>(row_key(table[i])) != i) return false;
  return true;
}

}  // namespace gafcheck
