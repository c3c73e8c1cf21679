#pragma once
// Numbers in TSF statements: optionally signed decimal integers.
#include <cstdint>
#include <optional>
#include <string_view>

#include "validator/core/text.hpp"

namespace gafcheck::tsf {

// The integer the text spells ([+-]digits, nothing else), or nullopt. Magnitudes past 2^40
// saturate there: they are out of every range the lint checks.
inline std::optional<std::int64_t> parse_integer(std::string_view text) {
  constexpr std::int64_t saturate = std::int64_t{1} << 40;
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (text.empty()) return std::nullopt;
  std::int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    if (value < saturate) value = value * 10 + (c - '0');
  }
  return negative ? -value : value;
}

// Key comparison as the GUI scripts are written: ASCII letters fold, nothing else does.
inline bool key_equals(std::string_view key, std::string_view lower_name) {
  if (key.size() != lower_name.size()) return false;
  for (std::size_t i = 0; i < key.size(); ++i) {
    if (ascii_lower(key[i]) != lower_name[i]) return false;
  }
  return true;
}

}  // namespace gafcheck::tsf
