#include "reports/report_places.hpp"

#include <string_view>

namespace gafcheck {
namespace {

// The '/'-separated components of a path, without empty and "." ones.
std::vector<std::string_view> components(std::string_view path) {
  // Split by hand: clang 14 (the fuzzing builds' compiler) rejects libstdc++ 12's views::split.
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    const std::string_view part = path.substr(0, slash);
    if (!part.empty() && part != ".") parts.push_back(part);
    path.remove_prefix(slash == std::string_view::npos ? path.size() : slash + 1);
  }
  return parts;
}

// Where path continues after the components of a normalised root, skipping the separators and
// "." components the path spells around them; nullopt when the path is not under the root. A
// match ends at the path's end, a '/', or (a file named as a root) a '!'.
struct RootMatch {
  std::size_t rest;  // the offset in path after the root and its trailing separators
  bool whole;        // the path is the root itself (or its "!member")
};

std::optional<RootMatch> match_root(std::string_view path, std::string_view normal_root) {
  const bool absolute = !normal_root.empty() && normal_root.front() == '/';
  if (absolute != (!path.empty() && path.front() == '/')) return std::nullopt;
  std::size_t at = 0;
  const auto skip_separators = [&] {
    while (true) {
      if (at < path.size() && path[at] == '/') {
        ++at;
      } else if (path.substr(at, 2) == "./" || path.substr(at) == ".") {
        at += 1;
      } else {
        return;
      }
    }
  };
  skip_separators();
  const std::vector<std::string_view> parts = components(normal_root);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (path.compare(at, parts[i].size(), parts[i]) != 0) return std::nullopt;
    at += parts[i].size();
    if (at < path.size() && path[at] == '!' && i + 1 == parts.size()) return RootMatch{at, true};
    if (at < path.size() && path[at] != '/') return std::nullopt;
    skip_separators();
  }
  return RootMatch{at, at == path.size()};
}

}  // namespace

std::string normal_path(std::string_view path) {
  std::string normal = !path.empty() && path.front() == '/' ? "/" : "";
  for (const std::string_view part : components(path)) {
    if (!normal.empty() && normal != "/") normal += '/';
    normal += part;
  }
  return normal;
}

RootedPath locate_in_roots(std::string_view path, const std::vector<std::string>& roots) {
  std::optional<std::size_t> best;
  std::string best_root;
  RootMatch best_match{0, false};
  for (std::size_t i = 0; i < roots.size(); ++i) {
    if (roots[i].empty()) continue;
    std::string root = normal_path(roots[i]);
    const auto match = match_root(path, root);
    // The working directory ("." as a root) holds every relative path but names no file.
    if (!match || (root.empty() && match->whole)) continue;
    if (best && components(best_root).size() >= components(root).size()) continue;
    best = i;
    best_root = std::move(root);
    best_match = *match;
  }
  if (!best) return {std::nullopt, "", std::string(path)};
  if (!best_match.whole) return {best, best_root, std::string(path.substr(best_match.rest))};
  // A file named as a root: relative to its directory, by its name.
  const auto slash = best_root.find_last_of('/');
  if (slash == std::string::npos)
    return {best, "", best_root + std::string(path.substr(best_match.rest))};
  return {best, slash == 0 ? "/" : best_root.substr(0, slash),
          best_root.substr(slash + 1) + std::string(path.substr(best_match.rest))};
}

std::string ReportPlace::path() const {
  if (base.empty()) return file;
  return base.back() == '/' ? base + file : base + '/' + file;
}

ReportPlace ReportPlaces::place(const FileReport& report) {
  if (!report.member_of) {
    top_display_ = report.path;
    RootedPath rooted = locate_in_roots(report.path, roots_);
    top_ = {rooted.root, std::move(rooted.base), std::move(rooted.relative), ""};
    return top_;
  }
  // A member's display path is its top-level input's followed by '!' and the member path (see
  // InputName::member_named); the prefix is compared whole, never found by searching for '!'.
  ReportPlace place = top_;
  const std::string prefix = top_display_ + "!";
  if (report.path.size() > prefix.size() && report.path.compare(0, prefix.size(), prefix) == 0)
    place.member = report.path.substr(prefix.size());
  else  // cannot happen for reports in check_input's order; name the report whole, not a guess
    place.member = report.path;
  return place;
}

}  // namespace gafcheck
