#include "validator/config/glob_pattern.hpp"

#include <fnmatch.h>

#include <algorithm>

namespace gafcheck::config {
namespace {

// Where the bracket expression starting at text[open] ends (the index of its `]`), or npos.
std::size_t bracket_end(std::string_view text, std::size_t open) {
  std::size_t i = open + 1;
  if (i < text.size() && (text[i] == '!' || text[i] == '^')) ++i;
  if (i < text.size() && text[i] == ']') ++i;  // a leading `]` is a member, not the end
  for (; i < text.size(); ++i) {
    if (text[i] == '/') return std::string_view::npos;
    if (text[i] == '[' && i + 1 < text.size() && text[i + 1] == ':') {
      const auto close = text.find(":]", i + 2);
      if (close == std::string_view::npos) return std::string_view::npos;
      i = close + 1;
      continue;
    }
    if (text[i] == ']') return i;
  }
  return std::string_view::npos;
}

std::optional<std::string> syntax_problem(std::string_view body) {
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\0') return "a NUL byte";
    if (body[i] == '\\') {
      if (i + 1 == body.size()) return "a trailing backslash (it escapes nothing)";
      ++i;
    } else if (body[i] == '[') {
      const std::size_t end = bracket_end(body, i);
      if (end == std::string_view::npos) return "an unclosed '[' at byte " + std::to_string(i + 1);
      i = end;
    }
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> components;
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    const std::string_view part = path.substr(0, slash);
    if (!part.empty() && part != ".") components.push_back(part);
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return components;
}

Result<GlobPattern> GlobPattern::parse(std::string_view text) {
  const auto malformed = [](std::string why) { return Problem{ExitCode::usage, std::move(why)}; };
  GlobPattern pattern;
  pattern.text_ = std::string(text);
  if (text.size() > max_pattern_bytes)
    return malformed("a pattern longer than " + std::to_string(max_pattern_bytes) + " bytes");
  std::string_view body = text;
  if (!body.empty() && body.front() == '!') {
    pattern.negated_ = true;
    body.remove_prefix(1);
  }
  if (!body.empty() && body.back() == '/' && !(body.size() >= 2 && body[body.size() - 2] == '\\')) {
    pattern.directory_only_ = true;
    body.remove_suffix(1);
  }
  // A slash at the start or in the middle anchors the pattern; otherwise it matches at any depth.
  const bool anchored = body.find('/') != std::string_view::npos;
  if (!body.empty() && body.front() == '/') body.remove_prefix(1);
  if (body.empty() || split_path(body).empty()) return malformed("an empty pattern");
  if (const auto problem = syntax_problem(body)) return malformed(*problem);
  if (!anchored) pattern.segments_.emplace_back("**");
  for (const std::string_view part : split_path(body)) {
    // Two globstars in a row match what one does: kept to one, so the table stays small.
    if (part == "**" && !pattern.segments_.empty() && pattern.segments_.back() == "**") continue;
    pattern.segments_.emplace_back(part);
  }
  return pattern;
}

GlobPattern::Positions GlobPattern::start() const {
  Positions at(segments_.size() + 1, 0);
  at[0] = 1;
  // A globstar may match no component, but a trailing one after others ("a/**") matches only
  // what is inside: at least one.
  for (std::size_t i = 0; i < segments_.size() && at[i] && segments_[i] == "**"; ++i)
    if (i + 1 < segments_.size() || i == 0) at[i + 1] = 1;
  return at;
}

GlobPattern::Positions GlobPattern::step(const Positions& from, std::string_view component) const {
  const std::size_t count = segments_.size();
  Positions next(count + 1, 0);
  std::string text(component);
  for (std::size_t i = 0; i < count; ++i) {
    if (!from[i]) continue;
    if (segments_[i] == "**") {
      next[i] = 1;  // it takes this component and may take more
      if (i + 1 == count) next[count] = 1;
    } else if (::fnmatch(segments_[i].c_str(), text.c_str(), 0) == 0) {
      next[i + 1] = 1;
    }
  }
  // Globstars that may match no component: the position after them is reached as well.
  for (std::size_t i = 0; i < count; ++i)
    if (next[i] && segments_[i] == "**" && i + 1 < count) next[i + 1] = 1;
  return next;
}

bool GlobPattern::accepts(const Positions& at, bool as_file) const {
  return at.back() && !(as_file && directory_only_);
}

bool GlobPattern::dead(const Positions& at) {
  return std::find(at.begin(), at.end(), 1) == at.end();
}

bool GlobPattern::matches(std::string_view path) const {
  const std::vector<std::string_view> components = split_path(path);
  Positions at = start();
  for (std::size_t j = 0; j < components.size() && !dead(at); ++j) {
    at = step(at, components[j]);
    if (accepts(at, j + 1 == components.size())) return true;
  }
  return false;
}

bool GlobList::matches(std::string_view path) const {
  const std::vector<std::string_view> components = split_path(path);
  std::vector<GlobPattern::Positions> at;
  at.reserve(patterns_.size());
  for (const GlobPattern& pattern : patterns_) at.push_back(pattern.start());
  // Directories first, outermost first: an excluded directory excludes everything under it.
  for (std::size_t depth = 1; depth <= components.size(); ++depth) {
    bool excluded = false;
    for (std::size_t i = 0; i < patterns_.size(); ++i) {
      at[i] = patterns_[i].step(at[i], components[depth - 1]);
      if (patterns_[i].accepts(at[i], depth == components.size()))
        excluded = !patterns_[i].negated();
    }
    if (excluded) return true;
  }
  return false;
}

}  // namespace gafcheck::config
