#pragma once
// A report's identity in every output that names files for other tools (SARIF, Code Quality,
// JUnit): the root it was found under, its path inside that root, and for an archive member its
// path inside the top-level input. Roots and top-level paths are normalised here and only here
// (normal_path: "sub//", "./sub/" and "sub" are one root), so two files are one identity exactly
// when they are one file, whichever format names them. check_input hands over an input's reports
// in order (the input, then its members, nested archives depth-first), so the last top-level
// report is the one a member belongs to.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/result/file_report.hpp"

namespace gafcheck {

// A path with empty and "." components dropped and one '/' between components; a leading '/'
// is kept and ".." is kept (resolving it needs the file system, and a link may stand before it).
// "." and "./" become "" (the working directory). Raw bytes in, raw bytes out.
std::string normal_path(std::string_view path);

// Where a top-level path lies among the roots: the longest root it is under (compared after
// normal_path, so "sub//" holds "sub/x.gaf"), the directory its path is relative to, and that
// relative path. A directory root is its own base; a file named as a root has its parent as base
// and keeps its name (and an archive member's "!member" after it). A path under no root has an
// empty base and is its own relative path, as given (it may name a member: "x.ufo!a.gaf").
struct RootedPath {
  std::optional<std::size_t> root;  // the position in roots
  std::string base;                 // normal_path form, "" for the working directory or none
  std::string relative;
};
RootedPath locate_in_roots(std::string_view path, const std::vector<std::string>& roots);

struct ReportPlace {
  std::optional<std::size_t> root;  // the root's position in the run's roots
  std::string base;                 // the directory file is relative to (RootedPath::base)
  std::string file;                 // the top-level input's path inside base (raw bytes)
  std::string member;  // the path inside that input ("a.hpi!b.gaf" when nested); empty for it
  // The top-level input's path as found from the working directory, normalised: base/file.
  std::string path() const;
};

class ReportPlaces {
 public:
  explicit ReportPlaces(std::vector<std::string> roots = {}) : roots_(std::move(roots)) {}
  void set_roots(std::vector<std::string> roots) { roots_ = std::move(roots); }
  const std::vector<std::string>& roots() const { return roots_; }

  ReportPlace place(const FileReport& report);

 private:
  std::vector<std::string> roots_;
  std::string top_display_;
  ReportPlace top_;
};

}  // namespace gafcheck
