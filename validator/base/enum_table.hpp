#pragma once
// Tables indexed by an enum (budget_specs, exit_code_specs): each row names its enum value, and
// the table lists every value once, in the enum's order, so table[value] is that value's row.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace gafcheck {

template <typename Table>
constexpr bool rows_in_enum_order(const Table& table, auto row_key) {
  for (std::size_t i = 0; i < table.size(); ++i)
    if (static_cast<std::size_t>(row_key(table[i])) != i) return false;
  return true;
}

// A text for each value of an enum (its name in reports, a label, a description), in the enum's
// order, and the value a text stands for.
template <typename Enum, std::size_t N>
struct EnumTexts {
  std::array<std::string_view, N> texts;

  constexpr std::string_view operator[](Enum value) const {
    return texts[static_cast<std::size_t>(value)];
  }
  constexpr std::optional<Enum> find(std::string_view text) const {
    for (std::size_t i = 0; i < N; ++i)
      if (texts[i] == text) return static_cast<Enum>(i);
    return std::nullopt;
  }
};

}  // namespace gafcheck
