#pragma once
// Overflow-checked arithmetic for offsets and sizes taken from untrusted input.
#include <cstdint>
#include <optional>

namespace gafcheck {

inline std::optional<std::uint64_t> checked_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) return std::nullopt;
  return sum;
}

inline std::optional<std::uint64_t> checked_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product)) return std::nullopt;
  return product;
}

// a + b, or UINT64_MAX when that overflows: for sizes compared against limits.
inline std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) {
  return checked_add(a, b).value_or(UINT64_MAX);
}

inline std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) {
  return checked_mul(a, b).value_or(UINT64_MAX);
}

}  // namespace gafcheck
