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
// runs the pattern as a set of positions over the path's components, O(pattern components) per
// path component: no backtracking however many `**` a hostile configuration holds, and a
// directory's part of it can be kept for all the files in it (PathMatcher).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/base/result.hpp"

namespace gafcheck::config {

class GlobPattern {
 public:
  // Parses a pattern; on a malformed one (empty, an unclosed `[`, a trailing `\`, longer than
  // max_pattern_bytes) the problem says why.
  static Result<GlobPattern> parse(std::string_view text);

  static constexpr std::size_t max_pattern_bytes = 4096;

  // Matching one component at a time (a path's directories are shared by its files, so their
  // part of the work can be kept): the positions in the pattern the components so far reach.
  using Positions = std::vector<char>;  // one flag per position 0..segment_count()
  Positions start() const;
  // The positions after one more component; each costs at most one fnmatch per segment.
  Positions step(const Positions& from, std::string_view component) const;
  // Whether the components consumed so far (at least one) are matched: as a directory, or as
  // the path itself (a file: a directory-only pattern does not match it).
  bool accepts(const Positions& at, bool as_file) const;
  // Whether no component more can ever match.
  static bool dead(const Positions& at);
  std::size_t segment_count() const { return segments_.size(); }

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
