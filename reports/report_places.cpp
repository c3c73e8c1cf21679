#include "reports/report_places.hpp"

#include "reports/format_writer.hpp"

namespace gafcheck {

// path_in_root stays the one definition of "under a root": a root the path is under changes the
// path (it is cut off), except a file named as a root whose name is the whole path, which is the
// root itself (or its "!member").
std::optional<std::size_t> root_index(const std::string& path,
                                      const std::vector<std::string>& roots) {
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const std::string& root = roots[i];
    if (root.empty()) continue;
    const bool named = path == root || path.rfind(root + "!", 0) == 0;
    if (!named && path_in_root(path, {root}) == path) continue;
    if (!best || roots[*best].size() < root.size()) best = i;
  }
  return best;
}

ReportPlace ReportPlaces::place(const FileReport& report, std::string_view relative,
                                std::string_view root) {
  if (!report.member_of) {
    top_display_ = report.path;
    top_relative_ = relative.empty() ? report.path : std::string(relative);
    top_root_ = root;
    return {top_relative_, "", top_root_};
  }
  // A member's display path is its top-level input's followed by '!' and the member path (see
  // InputName::member_named); the prefix is compared whole, never found by searching for '!'.
  const std::string prefix = top_display_ + "!";
  if (report.path.size() > prefix.size() && report.path.compare(0, prefix.size(), prefix) == 0)
    return {top_relative_, report.path.substr(prefix.size()), top_root_};
  // Cannot happen for reports in check_input's order; name the report whole rather than guess.
  return {top_relative_, report.path, top_root_};
}

}  // namespace gafcheck
