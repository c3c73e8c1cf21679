#pragma once
// Small text helpers for finding messages and structure paths.
#include <cstdint>
#include <string>
#include <string_view>

#include "validator/core/byte_view.hpp"

namespace gafcheck {

// A-Z as a-z, every other byte as it is: how the game, HPI directories and GUI scripts compare
// names (never the locale's tolower, which may fold other bytes).
constexpr char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
std::string ascii_lowercase(std::string_view text);

// 0x-prefixed uppercase hex, e.g. 0x00010100 for width 8.
std::string hex(std::uint64_t value, int width = 0);

// "name[index]"
std::string indexed(std::string_view name, std::uint64_t index);
// parent + "/" + child (child alone when parent is empty)
std::string join_path(std::string_view parent, std::string_view child);
// join_path(parent, indexed(name, index)) in one allocation (structure paths are built per frame
// and per row, so they are on the hot path). A path deeper than 32 components keeps its first 8
// and last 23 around a marker "...(N more)": a chain of thousands of nested frames must not make
// each path as long as the chain.
std::string join_indexed(std::string_view parent, std::string_view name, std::uint64_t index);

// text when it has at most max_bytes bytes, else its first and last bytes around "...": names
// an input makes arbitrarily long stay readable in findings without multiplying memory. The cuts
// fall between whole UTF-8 characters and whole \\ / \xNN escapes (so the result may be a few
// bytes shorter), never inside one.
std::string shorten_middle(std::string text, std::size_t max_bytes);

// Up to max_bytes bytes from offset as space-separated hex pairs (fewer at the end of the view).
std::string hexdump(ByteView view, std::uint64_t offset, std::uint64_t max_bytes);

// Makes arbitrary bytes safe to print and to quote in a YAML report, reversibly: printable ASCII
// and printable UTF-8 pass through; a backslash becomes \\ and every other byte becomes \xNN:
// control bytes, DEL, bytes that are not valid UTF-8 (overlong forms and encoded surrogates
// included), and each byte of a character YAML 1.1 or 1.2 reads as a line break or as non-printable
// (C1 controls with U+0085, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF) or that yaml-cpp's emitter
// would rewrite (the noncharacters U+FDD0..U+FDEF and U+nFFFE/U+nFFFF of every plane). The output
// holds no other backslash, so two different byte strings never escape to the same text.
std::string escape_bytes(std::string_view bytes);

// The inverse of escape_bytes: \\ and \xNN become the bytes they stand for (a report's paths
// back to the names on disk).
std::string unescape_bytes(std::string_view text);

// escape_bytes, and a space as \x20 too: arguments joined with spaces into one command line
// split back into the same arguments.
std::string escape_argument(std::string_view bytes);

// An escaped name read back from a report, in the form escape_bytes writes today
// (escape_bytes(unescape_bytes(text))): reports of older gafcheck versions left some characters raw
// that are escaped now, and a name must match itself across them.
std::string canonical_escaped(std::string_view text);

// Whether text (lines separated by '\n') holds nothing escape_bytes would escape but backslashes:
// what every report line must be, since yaml-cpp reads a raw U+2028 or U+FFFE that YAML 1.1
// readers reject. Reports of older gafcheck versions may fail it.
bool printable_report_text(std::string_view text);

// Like escape_bytes but leaves backslashes alone: for text gafcheck composed itself (messages,
// structure paths) whose input-derived parts were escaped when it was composed. Guarantees
// printable UTF-8 without escaping twice.
std::string sanitize_text(std::string_view text);

// text between the ANSI escapes that select graphic rendition `code` ("31": red) and reset it;
// text alone when code is empty.
std::string ansi_paint(std::string_view text, std::string_view code);

// A count with its noun for people to read: "1 error", "2 errors", "0 files". The plural is the
// singular with an "s" unless given ("info" stays "info").
std::string counted(std::uint64_t count, std::string_view singular, std::string_view plural = {});

}  // namespace gafcheck
