#include "validator/input/resolved_paths.hpp"

#include <cstdlib>

namespace gafcheck {

std::string resolved_path(const std::string& path) {
  char* resolved = ::realpath(path.c_str(), nullptr);
  if (!resolved) return {};
  std::string text = resolved;
  std::free(resolved);
  return text;
}

bool is_inside(const std::string& path, const std::string& directory) {
  if (directory.empty() || path.size() <= directory.size()) return false;
  if (path.compare(0, directory.size(), directory) != 0) return false;
  return directory == "/" || path[directory.size()] == '/';
}

}  // namespace gafcheck
