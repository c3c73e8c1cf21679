#include "validator/render/output_names.hpp"

#include <algorithm>

namespace gafcheck::render {
namespace {

bool plain(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '+';
}

}  // namespace

std::string sanitized_name(std::string_view bytes, std::size_t max_bytes) {
  std::string name;
  for (const char c : bytes.substr(0, std::min(bytes.size(), max_bytes)))
    name += plain(c) || (c == '.' && !name.empty()) ? c : '_';
  if (name.empty()) name = "_";
  return name;
}

std::string entry_directory(std::uint32_t entry, const std::array<std::uint8_t, 32>& name) {
  const auto end = std::find(name.begin(), name.end(), std::uint8_t{0});
  const std::string_view bytes(reinterpret_cast<const char*>(name.data()),
                               static_cast<std::size_t>(end - name.begin()));
  return std::to_string(entry) + "-" + sanitized_name(bytes);
}

std::string input_directory(std::size_t input, std::string_view display_name) {
  const std::size_t slash = display_name.find_last_of("/\\!");
  const std::string_view base =
      slash == std::string_view::npos ? display_name : display_name.substr(slash + 1);
  return std::to_string(input) + "-" + sanitized_name(base, 64);
}

}  // namespace gafcheck::render
