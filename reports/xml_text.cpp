#include "reports/xml_text.hpp"

#include <cstdint>

namespace gafcheck {
namespace {

constexpr char hex_digits[] = "0123456789ABCDEF";

void append_escaped_byte(std::string& out, unsigned char byte) {
  out += "\\x";
  out += hex_digits[byte >> 4];
  out += hex_digits[byte & 0xF];
}

// The length of the well-formed UTF-8 character XML 1.0 allows at text[at], or 0.
std::size_t allowed_character(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return lead >= 0x20 && lead != 0x7F ? 1 : 0;
  std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
  if (length == 0 || lead > 0xF4 || at + length > text.size()) return 0;
  std::uint32_t code = lead & (0x7F >> length);
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i) & 0x3F);
  }
  const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < least[length] || code > 0x10FFFF) return 0;
  if ((code >= 0xD800 && code <= 0xDFFF) || code == 0xFFFE || code == 0xFFFF) return 0;
  if (code >= 0x80 && code <= 0x9F) return 0;  // C1 controls: allowed, but discouraged
  return length;
}

// The entity XML needs for c, or nullptr when c is left to allowed_character. A quote, a tab and
// a line break are themselves in content, entities only in an attribute value.
const char* entity(char c, bool attribute) {
  switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return attribute ? "&quot;" : "\"";
    case '\t': return attribute ? "&#9;" : "\t";
    case '\n': return attribute ? "&#10;" : "\n";
    default: return nullptr;
  }
}

std::string escape(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size() + 16);
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (const char* replacement = entity(c, attribute)) {
      out += replacement;
      ++i;
      continue;
    }
    const std::size_t length = allowed_character(text, i);
    if (length == 0) {
      append_escaped_byte(out, static_cast<unsigned char>(c));
      ++i;
      continue;
    }
    out.append(text.substr(i, length));
    i += length;
  }
  return out;
}

}  // namespace

std::string xml_content(std::string_view text) {
  return escape(text, false);
}

std::string xml_attribute(std::string_view text) {
  return escape(text, true);
}

}  // namespace gafcheck
