#pragma once
// gitignore-style path patterns for .gafcheck.yaml (`ignore:`, `per-file:`, `suppress: path`),
// matched against '/'-separated paths relative to the configuration file's directory:
//   *  ?  [...]   within one path component (fnmatch(3); `\` escapes the next character)
//   **            a whole component: any number of components, none included (`**/x`, `a/**`,
//                 `a/**/b`); elsewhere it is `*`
//   leading /     anchors the pattern at the configuration's directory; so does a `/` in its
//                 middle. A pattern without one matches at any depth (`*.gaf`, `textures`)
//   trailing /    only directories match
//   leading !     negation (in `ignore:` lists only): re-includes what an earlier pattern excluded
// A pattern that matches a directory matches every path under it, as in gitignore. Matching
// costs O(pattern components x path components): no backtracking however many `**` a hostile
// configuration holds.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gafcheck::config {

class GlobPattern {
 public:
  // Parses a pattern; on a malformed one (empty, an unclosed `[`, a trailing `\`, longer than
  // max_pattern_bytes) returns nullopt and says why in `error`.
  static std::optional<GlobPattern> parse(std::string_view text, std::string& error);

  static constexpr std::size_t max_pattern_bytes = 4096;

  // For each j in 0..components.size(): whether the pattern itself (negation aside) matches the
  // first j components: as a directory for j < size, as a file (is_directory false) for j = size.
  // One pass answers every prefix, so a path's directories cost nothing extra.
  std::vector<char> matching_prefixes(const std::vector<std::string_view>& components) const;
  // Whether it matches the path or one of the directories the path lies in.
  bool matches(std::string_view path) const;

  bool negated() const { return negated_; }
  const std::string& text() const { return text_; }

 private:
  std::string text_;                   // as written
  std::vector<std::string> segments_;  // "**" for a globstar component
  bool negated_ = false;
  bool directory_only_ = false;
};

// An `ignore:` list: the last pattern that matches decides (a `!` pattern re-includes); a path
// whose directory is excluded stays excluded, whatever a later `!` says (gitignore's rule).
class GlobList {
 public:
  void add(GlobPattern pattern) { patterns_.push_back(std::move(pattern)); }
  bool matches(std::string_view path) const;
  bool empty() const { return patterns_.empty(); }
  const std::vector<GlobPattern>& patterns() const { return patterns_; }

 private:
  std::vector<GlobPattern> patterns_;
};

// "a/b//c" -> {"a", "b", "c"} (empty components and "." dropped).
std::vector<std::string_view> split_path(std::string_view path);

}  // namespace gafcheck::config
