#include "validator/provenance/row_encoders.hpp"

#include <algorithm>

namespace gafcheck::provenance {
namespace {

// GafExplode's limits: a skip of at most 127 pixels, a repeat or literal of at most 64.
constexpr std::size_t longest_skip = 127;
constexpr std::size_t longest_run = 64;

// Appends the gathered pixels as literals of at most 64, then forgets them.
void flush_literal(std::vector<std::uint8_t>& literal, std::vector<std::uint8_t>& out) {
  for (std::size_t at = 0; at < literal.size(); at += longest_run) {
    const std::size_t count = std::min(longest_run, literal.size() - at);
    out.push_back(static_cast<std::uint8_t>((count - 1) << 2));
    out.insert(out.end(), literal.begin() + static_cast<std::ptrdiff_t>(at),
               literal.begin() + static_cast<std::ptrdiff_t>(at + count));
  }
  literal.clear();
}

}  // namespace

void encode_row_as_gafexplode(std::span<const std::uint8_t> row, std::uint8_t key,
                              std::vector<std::uint8_t>& out, std::vector<std::uint8_t>& literal) {
  if (std::ranges::all_of(row, [key](std::uint8_t pixel) { return pixel == key; })) return;
  literal.clear();
  for (std::size_t x = 0; x < row.size();) {
    const std::uint8_t value = row[x];
    std::size_t run = 1;
    while (x + run < row.size() && row[x + run] == value) ++run;
    x += run;
    while (run > 0) {
      if (value == key) {
        flush_literal(literal, out);
        const std::size_t count = std::min(longest_skip, run);
        out.push_back(static_cast<std::uint8_t>(count << 1 | 1));
        run -= count;
      } else if (run >= 3 || (run == 2 && literal.empty())) {
        flush_literal(literal, out);
        const std::size_t count = std::min(longest_run, run);
        out.push_back(static_cast<std::uint8_t>((count - 1) << 2 | 2));
        out.push_back(value);
        run -= count;
      } else {
        literal.insert(literal.end(), run, value);
        run = 0;
      }
    }
  }
  flush_literal(literal, out);
}

void encode_row_as_gafexplode(std::span<const std::uint8_t> row, std::uint8_t key,
                              std::vector<std::uint8_t>& out) {
  std::vector<std::uint8_t> literal;
  encode_row_as_gafexplode(row, key, out, literal);
}

void encode_row_as_kbot_io(std::span<const std::uint8_t> row, std::uint8_t key,
                           std::vector<std::uint8_t>& out) {
  constexpr std::size_t kbot_longest_skip = 127, kbot_longest_run = 63;
  const std::size_t n = row.size();
  const auto starts_triple = [&](std::size_t at) {
    return at + 2 < n && row[at] == row[at + 1] && row[at] == row[at + 2];
  };
  for (std::size_t x = 0; x < n;) {
    if (row[x] == key) {
      std::size_t count = 0;
      while (x + count < n && row[x + count] == key && count < kbot_longest_skip) ++count;
      out.push_back(static_cast<std::uint8_t>(count << 1 | 1));
      x += count;
      continue;
    }
    std::size_t run = 1;
    while (x + run < n && row[x + run] == row[x] && run < kbot_longest_run) ++run;
    if (run >= 3) {
      out.push_back(static_cast<std::uint8_t>((run - 1) << 2 | 2));
      out.push_back(row[x]);
      x += run;
      continue;
    }
    const std::size_t first = x;
    while (x < n && x - first < kbot_longest_run && row[x] != key && !starts_triple(x)) ++x;
    out.push_back(static_cast<std::uint8_t>((x - first - 1) << 2));
    out.insert(out.end(), row.begin() + static_cast<std::ptrdiff_t>(first),
               row.begin() + static_cast<std::ptrdiff_t>(x));
  }
}

}  // namespace gafcheck::provenance
