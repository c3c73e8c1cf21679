#include "validator/tsf/image_lookup.hpp"

#include <cctype>
#include <system_error>

#include "validator/core/text.hpp"

namespace gafcheck::tsf {
namespace fs = std::filesystem;
namespace {

bool is_separator(char c) {
  return c == '/' || c == '\\';
}

// The name with ASCII letters in one case (other bytes unchanged).
std::string with_case(std::string_view name, bool upper) {
  std::string result(name);
  for (char& c : result) {
    if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (!upper && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return result;
}

}  // namespace

ImagePathKind classify_image_path(std::string_view name) {
  if (name.empty()) return ImagePathKind::empty;
  for (char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7F) return ImagePathKind::unusable;
  }
  if (is_separator(name[0])) return ImagePathKind::absolute;
  if (name.size() >= 2 && name[1] == ':' && std::isalpha(static_cast<unsigned char>(name[0])))
    return ImagePathKind::absolute;
  std::size_t start = 0;
  while (start <= name.size()) {
    std::size_t end = start;
    while (end < name.size() && !is_separator(name[end])) ++end;
    if (name.substr(start, end - start) == "..") return ImagePathKind::parent_escape;
    start = end + 1;
  }
  return ImagePathKind::relative;
}

ImageProbe DirectoryImageLookup::probe(std::string_view relative_name) {
  std::string name(relative_name);
  for (char& c : name)
    if (c == '\\') c = '/';
  for (const std::string& candidate : {name, with_case(name, false), with_case(name, true)}) {
    std::error_code error;
    if (fs::is_regular_file(directory_ / candidate, error)) return {true, candidate};
  }
  return {};
}

std::string DirectoryImageLookup::where() const {
  return escape_bytes(directory_.string());
}

std::unique_ptr<ImageLookup> sibling_image_lookup(std::string_view display_path) {
  fs::path directory = fs::path(std::string(display_path)).parent_path();
  if (directory.empty()) directory = ".";
  std::error_code error;
  if (!fs::is_directory(directory, error)) return nullptr;
  return std::make_unique<DirectoryImageLookup>(std::move(directory));
}

}  // namespace gafcheck::tsf
