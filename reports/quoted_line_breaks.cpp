#include "reports/quoted_line_breaks.hpp"

#include <cstddef>

namespace gafcheck {
namespace {

class LineScanner {
 public:
  explicit LineScanner(const std::string& line) : line_(line) {}

  bool block_line() {
    skip(' ');
    while (take("- ")) skip(' ');
    const std::size_t start = at_;
    if (key() && take(": ")) {
      skip(' ');
    } else {
      at_ = start;
    }
    if (peek('{')) return flow_map() && rest_blank();
    if (peek('"')) return double_quoted() && rest_blank();
    return plain(false) && rest_blank();
  }

 private:
  bool peek(char c) const { return at_ < line_.size() && line_[at_] == c; }
  bool take(const char* text) {
    const std::string_view want(text);
    if (line_.compare(at_, want.size(), want) != 0) return false;
    at_ += want.size();
    return true;
  }
  void skip(char c) {
    while (peek(c)) ++at_;
  }
  static bool key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '-';
  }
  bool key() {
    const std::size_t start = at_;
    while (at_ < line_.size() && key_char(line_[at_])) ++at_;
    return at_ > start;
  }
  // Plain text holding no quote, flow indicator (in a flow map) or raw break.
  bool plain(bool in_flow) {
    for (; at_ < line_.size(); ++at_) {
      const unsigned char c = static_cast<unsigned char>(line_[at_]);
      if (in_flow && (c == ',' || c == '}')) return true;
      if (c == '"' || c == '\'' || c == '{' || c == '[' || c >= 0x80) return false;
    }
    return true;
  }
  bool double_quoted() {
    ++at_;  // the opening quote
    for (; at_ < line_.size(); ++at_) {
      if (line_[at_] == '\\') {
        ++at_;
      } else if (line_[at_] == '"') {
        ++at_;
        return true;
      }
    }
    return false;
  }
  // A record's maps nest ("summary: {coverage: {\"\": 3}}") and may be empty ("findings: {}").
  bool flow_map() {
    ++at_;  // {
    if (take("}")) return true;
    for (;;) {
      skip(' ');
      if (!(peek('"') ? double_quoted() : key()) || !take(": ")) return false;
      const bool value = peek('{')   ? flow_map()
                         : peek('[') ? flow_sequence()
                         : peek('"') ? double_quoted()
                                     : plain(true);
      if (!value) return false;
      if (take("}")) return true;
      if (!take(",")) return false;
    }
  }
  // A record's writer basis: a list of double-quoted texts ("basis: [\"a = 1\", \"b = 2\"]").
  bool flow_sequence() {
    ++at_;  // [
    if (take("]")) return true;
    for (;;) {
      skip(' ');
      if (!peek('"') || !double_quoted()) return false;
      if (take("]")) return true;
      if (!take(",")) return false;
    }
  }
  bool rest_blank() {
    skip(' ');
    return at_ == line_.size();
  }

  const std::string& line_;
  std::size_t at_ = 0;
};

}  // namespace

bool yaml11_breaks_only_in_double_quotes(const std::string& line) {
  return LineScanner(line).block_line();
}

}  // namespace gafcheck
