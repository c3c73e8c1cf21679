#include "validator/base/exit_code.hpp"

namespace gafcheck {

namespace {

// Breaks before a word that would run past the width, so the help stays 90 columns wide.
void append_wrapped(std::string& text, std::string_view words, std::size_t& column) {
  constexpr std::size_t width = 90;
  while (!words.empty()) {
    const std::size_t space = words.find(' ');
    const std::string_view word = words.substr(0, space);
    if (column > 0 && column + 1 + word.size() > width) {
      text += '\n';
      column = 0;
    } else if (column > 0) {
      text += ' ';
      ++column;
    }
    text += word;
    column += word.size();
    words = space == std::string_view::npos ? std::string_view{} : words.substr(space + 1);
  }
}

}  // namespace

std::string exit_codes_help() {
  std::string text;
  std::size_t column = 0;
  append_wrapped(text, "Exit codes:", column);
  for (std::size_t i = 0; i < exit_code_specs.size(); ++i) {
    const auto& spec = exit_code_specs[i];
    std::string item = std::to_string(exit_status(spec.code)) + " " + std::string(spec.meaning);
    item += i + 1 < exit_code_specs.size() ? "," : ".";
    append_wrapped(text, item, column);
  }
  return text + "\n";
}

}  // namespace gafcheck
