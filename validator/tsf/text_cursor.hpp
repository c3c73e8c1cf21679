#pragma once
// Walking TSF text byte by byte through a ByteView, keeping the line and column of every position
// so findings can point at them (line and column are 1-based; columns count bytes).
#include <cstdint>
#include <string>

#include "validator/core/byte_view.hpp"
#include "validator/core/findings.hpp"

namespace gafcheck::tsf {

struct TextPosition {
  std::uint64_t offset = 0;
  std::uint64_t line = 1, column = 1;
};

class TextCursor {
 public:
  explicit TextCursor(ByteView text) : text_(text) {}

  bool at_end() const { return position_.offset >= text_.size(); }
  // The byte at the cursor (or ahead of it), -1 past the end.
  int peek(std::uint64_t ahead = 0) const {
    const auto byte = text_.u8(position_.offset + ahead);
    return byte ? int{*byte} : -1;
  }
  void advance() {
    const int byte = peek();
    if (byte < 0) return;
    ++position_.offset;
    if (byte == '\n') {
      ++position_.line;
      position_.column = 1;
    } else {
      ++position_.column;
    }
  }
  const TextPosition& position() const { return position_; }

 private:
  ByteView text_;
  TextPosition position_;
};

// Adds a finding at a text position, with the line as row and the column as column.
inline Finding* add_at(Findings& findings, RuleId rule, const TextPosition& at,
                       std::uint64_t length, std::string path, std::string message) {
  Finding* finding = findings.add(rule, at.offset, length, std::move(path), std::move(message));
  if (finding) {
    finding->row = at.line;
    finding->column = at.column;
  }
  return finding;
}

}  // namespace gafcheck::tsf
