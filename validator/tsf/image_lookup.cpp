#include "validator/tsf/image_lookup.hpp"

#include <cctype>
#include <system_error>
#include <vector>

#include "validator/core/text.hpp"

namespace gafcheck::tsf {
namespace fs = std::filesystem;
namespace {

bool is_separator(char c) {
  return c == '/' || c == '\\';
}

bool exists_as(const fs::path& path, bool regular_file) {
  std::error_code error;
  return regular_file ? fs::is_regular_file(path, error) : fs::is_directory(path, error);
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

const DirectoryImageLookup::Listing& DirectoryImageLookup::listing(const fs::path& directory) {
  const auto [place, inserted] = listings_.try_emplace(directory.string());
  if (!inserted) return place->second;
  std::error_code error;
  fs::directory_iterator entries(directory, fs::directory_options::skip_permission_denied, error);
  std::size_t seen = 0;
  for (; !error && entries != fs::directory_iterator() && seen < max_listing;
       entries.increment(error), ++seen) {
    std::string name = entries->path().filename().string();
    auto [match, added] = place->second.try_emplace(ascii_lowercase(name), name);
    if (!added && name < match->second) match->second = std::move(name);
  }
  return place->second;
}

ImageProbe DirectoryImageLookup::probe(std::string_view relative_name) {
  std::vector<std::string_view> components;
  for (std::size_t start = 0; start <= relative_name.size();) {
    std::size_t end = start;
    while (end < relative_name.size() && !is_separator(relative_name[end])) ++end;
    const std::string_view component = relative_name.substr(start, end - start);
    if (!component.empty() && component != ".") components.push_back(component);
    start = end + 1;
  }
  if (components.empty()) return {};
  fs::path current = directory_;
  std::string matched;
  for (std::size_t i = 0; i < components.size(); ++i) {
    const bool last = i + 1 == components.size();
    std::string name(components[i]);
    if (!exists_as(current / name, last)) {
      const Listing& names = listing(current);
      const auto found = names.find(ascii_lowercase(name));
      if (found == names.end() || !exists_as(current / found->second, last)) return {};
      name = found->second;
    }
    current /= name;
    matched += (matched.empty() ? "" : "/") + name;
  }
  return {true, matched};
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
