#include "validator/tsf/tsf_sniff.hpp"

#include <algorithm>
#include <string_view>

#include "validator/core/text.hpp"

namespace gafcheck::tsf {
namespace {

constexpr std::uint64_t scan_limit = 64 * 1024;
constexpr std::uint64_t text_check_limit = 4096;

bool is_space(std::uint8_t c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

// Binary files hold NUL bytes early; text (even hostile text) does not.
bool is_text(ByteView bytes) {
  return !bytes.find_byte(0, std::min(bytes.size(), text_check_limit), 0).has_value();
}

}  // namespace

bool looks_like_section_text(ByteView bytes) {
  std::uint64_t at = 0;
  if (bytes.u8(0) == 0xEF && bytes.u8(1) == 0xBB && bytes.u8(2) == 0xBF) at = 3;
  while (at < scan_limit) {
    const auto c = bytes.u8(at);
    if (!c) return false;
    const auto next = bytes.u8(at + 1);
    if (is_space(*c)) {
      ++at;
    } else if (*c == '/' && next == '*') {
      at += 2;
      while (at < scan_limit && !(bytes.u8(at) == '*' && bytes.u8(at + 1) == '/')) {
        if (!bytes.u8(at)) return false;
        ++at;
      }
      at += 2;
    } else if (*c == '/' && next == '/') {
      while (at < scan_limit && bytes.u8(at) && bytes.u8(at) != '\n') ++at;
    } else {
      return *c == '[' && is_text(bytes);
    }
  }
  return false;
}

bool looks_like_tsf(ByteView bytes) {
  if (!looks_like_section_text(bytes)) return false;
  // TA's own TDF, FBI and GUI files share the [Section] { Key=value; } syntax; only a TSF has
  // frame sections, so content alone names a TSF only when one appears near the start.
  constexpr std::string_view marker = "[frame";
  const std::uint64_t limit = std::min(bytes.size(), scan_limit);
  for (std::uint64_t at = 0; at + marker.size() <= limit; ++at) {
    std::size_t matched = 0;
    while (matched < marker.size()) {
      if (ascii_lower(static_cast<char>(*bytes.u8(at + matched))) != marker[matched]) break;
      ++matched;
    }
    if (matched == marker.size()) return true;
  }
  return false;
}

}  // namespace gafcheck::tsf
