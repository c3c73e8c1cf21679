#include "reports/format_writer.hpp"

namespace gafcheck {

std::string path_in_root(const std::string& path, const std::vector<std::string>& roots) {
  const std::string* best = nullptr;
  bool whole = false;
  for (const std::string& root : roots) {
    if (root.empty() || path.compare(0, root.size(), root) != 0) continue;
    const bool is_root = path.size() == root.size() || path[root.size()] == '!';
    const bool inside =
        path.size() > root.size() && (path[root.size()] == '/' || root.back() == '/');
    if (!is_root && !inside) continue;
    if (best && best->size() >= root.size()) continue;
    best = &root;
    whole = is_root;
  }
  if (!best) return path;
  if (whole) {
    // A file named as a root: its name (and an archive member's "!member" after it).
    const std::string_view named(path.data(), best->size());
    const auto slash = named.find_last_of('/');
    return slash == std::string_view::npos || slash + 1 == named.size() ? path
                                                                        : path.substr(slash + 1);
  }
  const std::size_t cut = best->size() + (best->back() == '/' ? 0 : 1);
  return path.substr(cut);
}

const std::vector<std::string>& roots_of(const ReportHeader& header, const FormatContext& context) {
  return header.census ? header.census->roots : context.roots;
}

}  // namespace gafcheck
