#pragma once
// Matches paths against every glob of one configuration (ignore:, per-file:, suppress:),
// keeping each directory's part of the work: the files of a directory then cost one step per
// glob segment each, however deep the directory lies. Without it a configuration of long globs
// costs (segments x path components) per file, which deep paths multiply.
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "validator/config/glob_pattern.hpp"

namespace gafcheck::config {

class PathMatcher {
 public:
  // `ignore` is an ignore: list (the last matching pattern decides, an excluded directory stays
  // excluded); `others` are matched each on its own. They must outlive the matcher.
  PathMatcher(const GlobList& ignore, std::vector<const GlobPattern*> others);

  struct Match {
    bool ignored = false;       // the ignore: list excludes the path
    std::vector<char> matches;  // per other pattern: it matches the path or a directory above
  };
  // A '/'-separated path relative to the configuration's directory. Safe from several threads.
  Match match(std::string_view path) const;

  // Directories whose state is kept at most; past it the memory starts over (a walk meets a
  // directory's files together, so what is lost is soon rebuilt, once).
  static constexpr std::size_t max_kept_directories = 4096;

 private:
  struct Directory {
    std::vector<GlobPattern::Positions> at;  // per pattern (ignore list first)
    std::vector<char> matched;               // per other pattern: matched this or one above
    bool excluded = false;                   // the ignore list excludes this or one above
  };
  std::shared_ptr<const Directory> directory(std::string_view path) const;
  Directory enter(const Directory& parent, std::string_view component) const;
  const GlobPattern& pattern(std::size_t index) const;

  const GlobList& ignore_;
  std::vector<const GlobPattern*> others_;
  std::shared_ptr<const Directory> top_;
  mutable std::mutex lock_;
  mutable std::unordered_map<std::string, std::shared_ptr<const Directory>> kept_;
};

}  // namespace gafcheck::config
