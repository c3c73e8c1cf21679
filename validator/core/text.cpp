#include "validator/core/text.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <optional>
#include <vector>

namespace gafcheck {
namespace {

constexpr char hex_digits[] = "0123456789ABCDEF";

void append_hex_byte(std::string& out, unsigned char byte) {
  out.push_back(hex_digits[byte >> 4]);
  out.push_back(hex_digits[byte & 0xF]);
}

// Whether a non-ASCII code point may stand as itself in a report. A report is read as YAML 1.1
// (PyYAML, libyaml) and 1.2 (yaml-cpp), so a character passes only when both specs call it
// printable and not a line break, and yaml-cpp's emitter keeps it:
// - U+0080..U+009F are C1 controls, outside c-printable except NEL (U+0085), which YAML 1.1 reads
//   as a line break, as it does U+2028 and U+2029: a break followed by "--- " ends the document;
// - U+FEFF is the byte order mark, excluded from nb-char in both specs;
// - U+FFFE and U+FFFF are outside c-printable;
// - yaml-cpp's emitter writes every noncharacter (U+FDD0..U+FDEF and the last two code points of
//   every plane) as U+FFFD, so two names would come back as one.
// U+00A0 passes: yaml-cpp writes it as the YAML escape \xa0, which every reader decodes back.
bool report_safe(std::uint32_t code) {
  if (code < 0xA0) return false;
  if (code == 0x2028 || code == 0x2029 || code == 0xFEFF) return false;
  if (code >= 0xFDD0 && code <= 0xFDEF) return false;
  return (code & 0xFFFE) != 0xFFFE;
}

// Length of the valid UTF-8 sequence starting at text[i] when its code point is report-safe,
// else 0 (its bytes are escaped one by one).
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  std::uint32_t code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0Fu;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07u;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3Fu);
  }
  const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
  const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
  if (overlong || surrogate || code > 0x10FFFF) return 0;
  return report_safe(code) ? length : 0;
}

}  // namespace

std::string hex(std::uint64_t value, int width) {
  char digits[16];
  std::size_t count = 0;
  do {
    digits[sizeof digits - ++count] = hex_digits[value & 0xF];
    value >>= 4;
  } while (value != 0);
  const std::size_t padding =
      width > 0 ? std::max(static_cast<std::size_t>(width), count) - count : 0;
  std::string text;
  text.reserve(2 + padding + count);
  text += "0x";
  text.append(padding, '0');
  text.append(digits + sizeof digits - count, count);
  return text;
}

std::string indexed(std::string_view name, std::uint64_t index) {
  std::string text(name);
  text += '[';
  text += std::to_string(index);
  text += ']';
  return text;
}

std::string join_path(std::string_view parent, std::string_view child) {
  if (parent.empty()) return std::string(child);
  std::string path;
  path.reserve(parent.size() + 1 + child.size());
  path += parent;
  path += '/';
  path += child;
  return path;
}

namespace {

constexpr std::size_t path_head = 8;   // components kept before an elision marker
constexpr std::size_t path_tail = 23;  // and after it
constexpr std::string_view elision_open = "...(", elision_close = " more)";

std::vector<std::string_view> path_components(std::string_view path) {
  std::vector<std::string_view> components;
  std::size_t start = 0;
  for (std::size_t slash = path.find('/'); slash != std::string_view::npos;
       slash = path.find('/', start)) {
    components.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  components.push_back(path.substr(start));
  return components;
}

// N for a marker "...(N more)", nullopt for any other component.
std::optional<std::uint64_t> elided_count(std::string_view component) {
  if (!component.starts_with(elision_open) || !component.ends_with(elision_close))
    return std::nullopt;
  const std::string_view digits = component.substr(
      elision_open.size(), component.size() - elision_open.size() - elision_close.size());
  std::uint64_t count = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), count);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return count;
}

// A path of more than path_head + 1 + path_tail components, folded around one marker.
std::string elide_path(std::string_view path) {
  const std::vector<std::string_view> components = path_components(path);
  std::uint64_t elided = 0;
  std::size_t rest = path_head;
  if (const auto earlier = elided_count(components[path_head])) {
    elided = *earlier;
    rest = path_head + 1;
  }
  const std::size_t tail_start = std::max(rest, components.size() - path_tail);
  elided += tail_start - rest;
  std::string folded;
  for (std::size_t i = 0; i < path_head; ++i) (folded += components[i]) += '/';
  folded += elision_open;
  folded += std::to_string(elided);
  folded += elision_close;
  for (std::size_t i = tail_start; i < components.size(); ++i) (folded += '/') += components[i];
  return folded;
}

}  // namespace

std::string join_indexed(std::string_view parent, std::string_view name, std::uint64_t index) {
  char digits[24];
  const char* end = std::to_chars(std::begin(digits), std::end(digits), index).ptr;
  const std::string_view number(digits, static_cast<std::size_t>(end - digits));
  std::string path;
  path.reserve(parent.size() + 1 + name.size() + number.size() + 2);
  if (!parent.empty()) {
    path += parent;
    path += '/';
  }
  path += name;
  path += '[';
  path += number;
  path += ']';
  // Every component takes at least one byte and a '/': shorter paths cannot need folding.
  constexpr std::size_t folded_components = path_head + 1 + path_tail;
  if (path.size() > 2 * folded_components &&
      static_cast<std::size_t>(std::count(path.begin(), path.end(), '/')) >= folded_components)
    return elide_path(path);
  return path;
}

namespace {

// Byte length of the token at text[i]: a \\ or \xNN escape, a UTF-8 sequence as its lead byte
// announces it, or one byte. Cutting only between tokens keeps escapes and characters whole.
std::size_t token_length(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t length = 1;
  if (lead == '\\' && i + 1 < text.size())
    length = text[i + 1] == 'x' ? 4 : 2;
  else if (lead >= 0xC2 && lead <= 0xF4)
    length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
  return std::min(length, text.size() - i);
}

}  // namespace

std::string shorten_middle(std::string text, std::size_t max_bytes) {
  constexpr std::string_view marker = "...";
  if (text.size() <= max_bytes || max_bytes < 2 * marker.size()) return text;
  const std::size_t keep = max_bytes - marker.size();
  const std::size_t head = keep / 2, tail = keep - head;
  std::size_t head_end = 0, tail_start = 0;
  for (std::size_t i = 0; i < text.size(); i += token_length(text, i)) {
    if (i <= head) head_end = i;
    if (i >= text.size() - tail) {
      tail_start = i;
      break;
    }
  }
  if (tail_start == 0) tail_start = text.size();
  return text.substr(0, head_end).append(marker).append(text, tail_start);
}

std::string hexdump(ByteView view, std::uint64_t offset, std::uint64_t max_bytes) {
  std::string text;
  for (std::uint64_t i = 0; i < max_bytes; ++i) {
    const auto byte = view.u8(saturating_add(offset, i));
    if (!byte) break;
    if (!text.empty()) text.push_back(' ');
    append_hex_byte(text, *byte);
  }
  return text;
}

namespace {

bool plain_ascii(char c, bool escape_backslash) {
  const auto byte = static_cast<unsigned char>(c);
  return byte >= 0x20 && byte < 0x7F && (byte != '\\' || !escape_backslash);
}

std::string escape_with(std::string_view bytes, bool escape_backslash) {
  std::string out;
  out.reserve(bytes.size());
  for (std::size_t i = 0; i < bytes.size();) {
    const auto byte = static_cast<unsigned char>(bytes[i]);
    if (byte == '\\' && escape_backslash) {
      out += "\\\\";
      ++i;
    } else if (byte >= 0x20 && byte < 0x7F) {
      // A run of printable ASCII is copied at once: most text is nothing else.
      std::size_t end = i + 1;
      while (end < bytes.size() && plain_ascii(bytes[end], escape_backslash)) ++end;
      out.append(bytes.substr(i, end - i));
      i = end;
    } else if (const std::size_t length = byte >= 0x80 ? utf8_sequence_length(bytes, i) : 0) {
      out.append(bytes.substr(i, length));
      i += length;
    } else {
      out += "\\x";
      append_hex_byte(out, byte);
      ++i;
    }
  }
  return out;
}

}  // namespace

std::string escape_bytes(std::string_view bytes) {
  return escape_with(bytes, true);
}

std::string ascii_lowercase(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = ascii_lower(c);
  return lower;
}

std::string sanitize_text(std::string_view text) {
  return escape_with(text, false);
}

bool printable_report_text(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\n' || (byte >= 0x20 && byte < 0x7F)) {
      ++i;
    } else if (const std::size_t length = byte >= 0x80 ? utf8_sequence_length(text, i) : 0) {
      i += length;
    } else {
      return false;
    }
  }
  return true;
}

std::string escape_argument(std::string_view bytes) {
  std::string escaped;
  for (const char c : escape_bytes(bytes)) {
    if (c == ' ')
      escaped += "\\x20";
    else
      escaped.push_back(c);
  }
  return escaped;
}

std::string canonical_escaped(std::string_view text) {
  return escape_bytes(unescape_bytes(text));
}

std::string unescape_bytes(std::string_view text) {
  const auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\\') {
      out.push_back('\\');
      ++i;
    } else if (text[i] == '\\' && i + 3 < text.size() && text[i + 1] == 'x' &&
               digit(text[i + 2]) >= 0 && digit(text[i + 3]) >= 0) {
      out.push_back(static_cast<char>(digit(text[i + 2]) * 16 + digit(text[i + 3])));
      i += 3;
    } else {
      out.push_back(text[i]);
    }
  }
  return out;
}

std::string ansi_paint(std::string_view text, std::string_view code) {
  if (code.empty()) return std::string(text);
  std::string painted = "\x1b[";
  painted += code;
  painted += 'm';
  painted += text;
  painted += "\x1b[0m";
  return painted;
}

std::string counted(std::uint64_t count, std::string_view singular, std::string_view plural) {
  std::string text = std::to_string(count) + ' ';
  if (count == 1)
    text += singular;
  else if (!plural.empty())
    text += plural;
  else
    (text += singular) += 's';
  return text;
}

}  // namespace gafcheck
