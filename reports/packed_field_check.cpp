#include "reports/packed_field_check.hpp"

#include <charconv>
#include <cstdint>

namespace gafcheck {
namespace {

bool lower_or_digit(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

bool counter_word(std::string_view word) {
  if (word.empty() || !((word[0] >= 'a' && word[0] <= 'z') || word[0] == '_')) return false;
  for (const char c : word)
    if (!lower_or_digit(c) && c != '_') return false;
  for (const char* typed : {"y", "n", "yes", "no", "on", "off", "true", "false", "null"})
    if (word == typed) return false;
  return true;
}

template <typename T>
bool fits(std::string_view digits) {
  T value{};
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return error == std::errc() && end == digits.data() + digits.size() &&
         (digits.empty() || digits[0] != '+');
}

// \d+ that fits T (and for signed T an optional leading '-').
template <typename T>
bool number(std::string_view text) {
  const std::string_view digits = !text.empty() && text[0] == '-' ? text.substr(1) : text;
  if (digits.empty() || digits.size() > 20 || (digits.size() != text.size() && !(T(-1) < T(0))))
    return false;
  for (const char c : digits)
    if (c < '0' || c > '9') return false;
  return fits<T>(text);
}

// "a:1,b:2": histogram bins, value (int64) : count (uint64).
bool bins(std::string_view text) {
  while (true) {
    const auto comma = text.find(',');
    const std::string_view bin = text.substr(0, comma);
    const auto colon = bin.find(':');
    if (colon == std::string_view::npos || !number<std::int64_t>(bin.substr(0, colon)) ||
        !number<std::uint64_t>(bin.substr(colon + 1)))
      return false;
    if (comma == std::string_view::npos) return true;
    text.remove_prefix(comma + 1);
  }
}

}  // namespace

bool packed_rule_name(std::string_view name) {
  const auto dot = name.find('.');
  if (dot == 0 || dot == std::string_view::npos || dot + 1 == name.size()) return false;
  for (std::size_t i = 0; i < name.size(); ++i)
    if (i != dot && !lower_or_digit(name[i]) && !(i > dot && name[i] == '-')) return false;
  return true;
}

bool packed_counter_name(std::string_view name) {
  while (true) {
    const auto dot = name.find('.');
    if (!counter_word(name.substr(0, dot))) return false;
    if (dot == std::string_view::npos) return true;
    name.remove_prefix(dot + 1);
  }
}

std::optional<std::string> packed_field_problem(std::string_view text, PackedKind kind) {
  std::size_t index = 0;
  while (!text.empty()) {
    const auto space = text.find(' ');
    const std::string_view item = text.substr(0, space);
    const auto equals = item.find('=');
    const std::string where = "item " + std::to_string(++index);
    if (equals == std::string_view::npos) return "is not name=value (" + where + ")";
    const std::string_view name = item.substr(0, equals), value = item.substr(equals + 1);
    switch (kind) {
      case PackedKind::counters:
        if (!packed_counter_name(name))
          return "holds a counter name gafcheck never writes (" + where + ")";
        if (!number<std::uint64_t>(value)) return "holds a count that is not one (" + where + ")";
        break;
      case PackedKind::survey:
        if (!packed_counter_name(name) || name.find('.') != std::string_view::npos)
          return "holds a histogram name gafcheck never writes (" + where + ")";
        if (!bins(value)) return "holds a histogram that is not value:count,... (" + where + ")";
        break;
      case PackedKind::rule_counts:
        if (!packed_rule_name(name)) return "holds a name that is not a rule id (" + where + ")";
        if (!number<std::uint64_t>(value)) return "holds a count that is not one (" + where + ")";
        break;
    }
    if (space == std::string_view::npos) break;
    text.remove_prefix(space + 1);
    if (text.empty()) return "ends in a space";
  }
  return std::nullopt;
}

}  // namespace gafcheck
