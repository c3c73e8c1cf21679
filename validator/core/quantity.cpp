#include "validator/core/quantity.hpp"

#include <charconv>
#include <string>

namespace gafcheck {

Result<std::uint64_t> parse_quantity(std::string_view text, std::string_view subject) {
  const std::string named(subject);
  std::uint64_t value = 0;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  const auto [next, error] = std::from_chars(begin, end, value);
  if (error != std::errc() || next == begin)
    return Problem{ExitCode::usage, named +
                                        " takes a whole number (optionally with K, M or G), not '" +
                                        std::string(text) + "'"};
  std::uint64_t scale = 1;
  const std::string_view suffix(next, static_cast<std::size_t>(end - next));
  if (suffix == "K" || suffix == "k")
    scale = 1ull << 10;
  else if (suffix == "M" || suffix == "m")
    scale = 1ull << 20;
  else if (suffix == "G" || suffix == "g")
    scale = 1ull << 30;
  else if (!suffix.empty())
    return Problem{ExitCode::usage,
                   named + ": unknown suffix '" + std::string(suffix) + "' (use K, M or G)"};
  if (value > UINT64_MAX / scale)
    return Problem{ExitCode::usage, named + ": " + std::string(text) + " is too large"};
  return value * scale;
}

}  // namespace gafcheck
