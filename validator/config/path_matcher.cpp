#include "validator/config/path_matcher.hpp"

namespace gafcheck::config {

PathMatcher::PathMatcher(const GlobList& ignore, std::vector<const GlobPattern*> others)
    : ignore_(ignore), others_(std::move(others)) {
  auto top = std::make_shared<Directory>();
  for (std::size_t i = 0; i < ignore_.patterns().size() + others_.size(); ++i)
    top->at.push_back(pattern(i).start());
  top->matched.assign(others_.size(), 0);
  top_ = std::move(top);
}

const GlobPattern& PathMatcher::pattern(std::size_t index) const {
  const std::size_t ignores = ignore_.patterns().size();
  return index < ignores ? ignore_.patterns()[index] : *others_[index - ignores];
}

PathMatcher::Directory PathMatcher::enter(const Directory& parent,
                                          std::string_view component) const {
  const std::size_t ignores = ignore_.patterns().size();
  Directory child;
  child.at.reserve(parent.at.size());
  child.matched = parent.matched;
  child.excluded = parent.excluded;
  bool decided = false, excluded = false;
  for (std::size_t i = 0; i < parent.at.size(); ++i) {
    const GlobPattern& glob = pattern(i);
    child.at.push_back(GlobPattern::dead(parent.at[i]) ? parent.at[i]
                                                       : glob.step(parent.at[i], component));
    if (!glob.accepts(child.at[i], false)) continue;
    if (i < ignores) {
      decided = true;
      excluded = !glob.negated();
    } else {
      child.matched[i - ignores] = 1;
    }
  }
  if (decided && excluded) child.excluded = true;
  return child;
}

std::shared_ptr<const PathMatcher::Directory> PathMatcher::directory(std::string_view path) const {
  const std::vector<std::string_view> components = split_path(path);
  if (components.empty()) return top_;
  // The directory's normal spelling, and where each of its ancestors' ends.
  std::string joined;
  std::vector<std::size_t> ends;
  for (const std::string_view component : components) {
    if (!joined.empty()) joined += '/';
    joined += component;
    ends.push_back(joined.size());
  }
  const std::lock_guard<std::mutex> hold(lock_);
  // The nearest directory kept (usually the parent: a walk meets it first), then down again.
  std::size_t known = components.size();
  std::shared_ptr<const Directory> at = top_;
  while (known > 0) {
    const auto found = kept_.find(joined.substr(0, ends[known - 1]));
    if (found != kept_.end()) {
      at = found->second;
      break;
    }
    --known;
  }
  if (kept_.size() + (components.size() - known) > max_kept_directories) kept_.clear();
  for (std::size_t depth = known; depth < components.size(); ++depth) {
    at = std::make_shared<const Directory>(enter(*at, components[depth]));
    if (kept_.size() < max_kept_directories) kept_.emplace(joined.substr(0, ends[depth]), at);
  }
  return at;
}

PathMatcher::Match PathMatcher::match(std::string_view path) const {
  Match result;
  result.matches.assign(others_.size(), 0);
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  if (split_path(path).empty()) return result;
  const std::size_t slash = path.rfind('/');
  const std::string_view parent =
      slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
  std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const auto above = directory(parent);
  if (name.empty() || name == ".") {  // "a/." : the directory itself
    result.ignored = above->excluded;
    result.matches = above->matched;
    return result;
  }
  const std::size_t ignores = ignore_.patterns().size();
  result.matches = above->matched;
  bool decided = false, excluded = false;
  for (std::size_t i = 0; i < above->at.size(); ++i) {
    if (GlobPattern::dead(above->at[i])) continue;
    const GlobPattern& glob = pattern(i);
    if (!glob.accepts(glob.step(above->at[i], name), true)) continue;
    if (i < ignores) {
      decided = true;
      excluded = !glob.negated();
    } else {
      result.matches[i - ignores] = 1;
    }
  }
  result.ignored = above->excluded || (decided && excluded);
  return result;
}

}  // namespace gafcheck::config
