#include "validator/tsf/tsf_parser.hpp"

#include <string_view>
#include <vector>

#include "validator/core/text.hpp"

namespace gafcheck::tsf {
namespace {

constexpr std::size_t excerpt_bytes = 40;

bool is_space(int c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

// Input text shortened and escaped for a message.
std::string excerpt(std::string_view text) {
  if (text.size() <= excerpt_bytes) return escape_bytes(text);
  return escape_bytes(text.substr(0, excerpt_bytes)) + "...";
}

// What ended a statement early, for messages.
std::string describe_stop(int stop) {
  if (stop < 0) return "the end of the file";
  if (stop == '\n') return "the line ends";
  return "'" + std::string(1, static_cast<char>(stop)) + "'";
}

void trim_right(std::string& text) {
  while (!text.empty() && is_space(static_cast<unsigned char>(text.back()))) text.pop_back();
}

class Parser {
 public:
  Parser(WalkContext& context, TsfHandler& handler)
      : context_(context), handler_(handler), cursor_(context.file) {}

  bool run();

 private:
  struct OpenSection {
    TextPosition at;
    bool anonymous = false;  // a '{' block without a [Section] header
    std::string name;
  };

  void syntax(const TextPosition& at, std::uint64_t length, const std::string& message) {
    add_at(context_.findings, RuleId::tsf_syntax, at, length, handler_.path(), message);
  }
  std::uint64_t length_from(const TextPosition& start) const {
    return cursor_.position().offset - start.offset;
  }

  bool skip_trivia();
  bool skip_block_comment();
  bool scan_until(std::string_view stops, std::string& kept, bool& truncated);
  bool open(const TextPosition& at, const SectionHeader* header);
  bool section_header();
  void close_brace();
  void statement();
  void close_all_at_end();

  WalkContext& context_;
  TsfHandler& handler_;
  TextCursor cursor_;
  std::vector<OpenSection> open_;
};

bool Parser::run() {
  if (cursor_.peek() == 0xEF && cursor_.peek(1) == 0xBB && cursor_.peek(2) == 0xBF)
    for (int i = 0; i < 3; ++i) cursor_.advance();  // UTF-8 byte order mark
  while (skip_trivia() && !cursor_.at_end()) {
    const int c = cursor_.peek();
    if (c == '[') {
      if (!section_header()) return false;
    } else if (c == '{') {
      const TextPosition at = cursor_.position();
      syntax(at, 1, "'{' opens a block without a [Section] header");
      cursor_.advance();
      if (!open(at, nullptr)) return false;
    } else if (c == '}') {
      close_brace();
    } else {
      statement();
    }
  }
  close_all_at_end();
  return true;
}

// Skips whitespace and comments. Returns false when an unterminated comment ends the text.
bool Parser::skip_trivia() {
  while (!cursor_.at_end()) {
    const int c = cursor_.peek();
    if (is_space(c)) {
      cursor_.advance();
    } else if (c == '/' && cursor_.peek(1) == '*') {
      if (!skip_block_comment()) return false;
    } else if (c == '/' && cursor_.peek(1) == '/') {
      while (!cursor_.at_end() && cursor_.peek() != '\n') cursor_.advance();
    } else {
      break;
    }
  }
  return true;
}

bool Parser::skip_block_comment() {
  const TextPosition start = cursor_.position();
  cursor_.advance();
  cursor_.advance();
  while (!cursor_.at_end()) {
    if (cursor_.peek() == '*' && cursor_.peek(1) == '/') {
      cursor_.advance();
      cursor_.advance();
      return true;
    }
    cursor_.advance();
  }
  syntax(start, length_from(start),
         "'/*' comment is never closed: it runs to the end of the file (line " +
             std::to_string(cursor_.position().line) + ")");
  return false;
}

// Reads up to (not including) a byte in stops or the end, dropping /* */ comments and keeping at
// most max_kept_text bytes. Returns false when an unterminated comment ends the text.
bool Parser::scan_until(std::string_view stops, std::string& kept, bool& truncated) {
  while (!cursor_.at_end()) {
    const int c = cursor_.peek();
    if (stops.find(static_cast<char>(c)) != std::string_view::npos) break;
    if (c == '/' && cursor_.peek(1) == '*') {
      if (!skip_block_comment()) return false;
      continue;
    }
    if (kept.size() < max_kept_text)
      kept.push_back(static_cast<char>(c));
    else
      truncated = true;
    cursor_.advance();
  }
  return true;
}

bool Parser::open(const TextPosition& at, const SectionHeader* header) {
  if (!context_.check(BudgetKind::depth, open_.size() + 1, at.offset, handler_.path()))
    return false;
  open_.push_back({at, header == nullptr, header ? header->name : std::string()});
  if (header) handler_.open_section(*header);
  return true;
}

bool Parser::section_header() {
  SectionHeader header;
  header.at = cursor_.position();
  cursor_.advance();
  bool truncated = false;
  if (!scan_until("]{}\n", header.name, truncated)) return true;
  const bool closed = cursor_.peek() == ']';
  if (closed) cursor_.advance();
  header.length = length_from(header.at);
  if (!closed)
    syntax(header.at, header.length,
           "section header '[" + excerpt(header.name) + "' is not closed by ']'");
  if (!skip_trivia()) return true;
  if (cursor_.peek() != '{') {
    syntax(header.at, header.length,
           "section [" + excerpt(header.name) + "] is not followed by a '{' block");
    return true;
  }
  cursor_.advance();
  return open(header.at, &header);
}

void Parser::close_brace() {
  const TextPosition at = cursor_.position();
  cursor_.advance();
  if (open_.empty()) {
    syntax(at, 1, "'}' closes no open section");
    return;
  }
  const bool anonymous = open_.back().anonymous;
  open_.pop_back();
  if (!anonymous) handler_.close_section(at, false);
}

void Parser::statement() {
  Statement statement;
  statement.key_at = cursor_.position();
  bool key_truncated = false;
  if (!scan_until("=;{}[\n", statement.key, key_truncated)) return;
  trim_right(statement.key);
  const int stop = cursor_.peek();
  if (stop == '=') {
    cursor_.advance();
    while (cursor_.peek() == ' ' || cursor_.peek() == '\t') cursor_.advance();
    statement.value_at = cursor_.position();
    if (!scan_until(";{}\n", statement.value, statement.value_truncated)) return;
    statement.value_length = length_from(statement.value_at);
    trim_right(statement.value);
    const bool terminated = cursor_.peek() == ';';
    if (terminated) cursor_.advance();
    if (statement.key.empty()) {
      syntax(statement.key_at, length_from(statement.key_at),
             "'= " + excerpt(statement.value) + "' has no key before the '='");
      return;
    }
    if (!terminated)
      syntax(statement.key_at, length_from(statement.key_at),
             "statement '" + excerpt(statement.key) + " = " + excerpt(statement.value) +
                 "' is not terminated by ';'");
    handler_.statement(statement);
    return;
  }
  if (stop == ';') {
    cursor_.advance();
    syntax(statement.key_at, length_from(statement.key_at),
           statement.key.empty()
               ? std::string("stray ';' outside a statement")
               : "'" + excerpt(statement.key) + ";' is not a 'Key = value;' statement");
    return;
  }
  if (statement.key.empty()) {  // cannot happen after skip_trivia; keeps the loop moving anyway
    cursor_.advance();
    syntax(statement.key_at, 1, "unexpected byte");
    return;
  }
  syntax(statement.key_at, length_from(statement.key_at),
         "'" + excerpt(statement.key) + "' is not a 'Key = value;' statement (no '=' before " +
             describe_stop(stop) + ")");
}

void Parser::close_all_at_end() {
  const TextPosition end = cursor_.position();
  while (!open_.empty()) {
    const OpenSection& innermost = open_.back();
    syntax(innermost.at, 1,
           (innermost.anonymous ? std::string("'{' block")
                                : "section [" + excerpt(innermost.name) + "]") +
               " is never closed: the file ends at line " + std::to_string(end.line) + " with " +
               std::to_string(open_.size()) + " section(s) open");
    const bool anonymous = innermost.anonymous;
    open_.pop_back();
    if (!anonymous) handler_.close_section(end, true);
  }
}

}  // namespace

bool parse_tsf(WalkContext& context, TsfHandler& handler) {
  Parser parser(context, handler);
  return parser.run();
}

}  // namespace gafcheck::tsf
