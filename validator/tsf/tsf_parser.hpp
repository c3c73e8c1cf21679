#pragma once
// A streaming parser for TSF scripts (docs/format/gaf.md §8): `[Name] { ... }` sections nested to
// any depth (checked against the depth budget), `Key = value;` statements, /* */ and // comments.
// It reports tsf.syntax findings itself and hands the structure to a handler as it goes, so
// memory stays proportional to the nesting depth, not to the file.
#include <cstdint>
#include <string>

#include "validator/core/walk_context.hpp"
#include "validator/tsf/text_cursor.hpp"

namespace gafcheck::tsf {

// Names, keys and values are kept up to this many bytes (longer ones are marked truncated); no
// number or file name the game could use is longer.
inline constexpr std::uint64_t max_kept_text = 4096;

struct SectionHeader {
  TextPosition at;           // the '['
  std::uint64_t length = 0;  // through the ']'
  std::string name;          // raw bytes between the brackets
};

struct Statement {
  TextPosition key_at;
  std::string key;  // trimmed
  TextPosition value_at;
  std::uint64_t value_length = 0;  // bytes from value_at to the end of the value
  std::string value;               // trimmed, comments removed, at most max_kept_text bytes
  bool value_truncated = false;
};

class TsfHandler {
 public:
  virtual ~TsfHandler() = default;
  virtual void open_section(const SectionHeader& header) = 0;
  // at: the closing '}', or the end of the file for a section that is never closed.
  virtual void close_section(const TextPosition& at, bool at_end_of_file) = 0;
  virtual void statement(const Statement& statement) = 0;
  // The structure path of the innermost open section, for syntax findings.
  virtual std::string path() const = 0;
};

// Parses the whole text. Returns false when a budget stopped it.
bool parse_tsf(WalkContext& context, TsfHandler& handler);

}  // namespace gafcheck::tsf
