#pragma once
// Where each report of an input lies, as the SARIF and Code Quality writers name it: the
// top-level input by its path inside the root it was found under, and a member by its path inside
// that input. check_input hands over an input's reports in order (the input, then its members,
// nested archives depth-first), so the last top-level report is the one a member belongs to.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/report/file_report.hpp"

namespace gafcheck {

struct ReportPlace {
  std::string file;    // the top-level input's path inside its root (raw bytes)
  std::string member;  // the path inside that input ("a.hpi!b.gaf" when nested); empty for it
  std::string root;    // the root the input was found under, as given
};

// The position in roots of the root path_in_root (format_writer.hpp) names a top-level path
// under: the longest root it matches; nullopt for a path under none.
std::optional<std::size_t> root_index(const std::string& path,
                                      const std::vector<std::string>& roots);

class ReportPlaces {
 public:
  // relative and root: for a top-level report, its path inside its root and that root (a root
  // that is a file: its name, and the file as given); ignored for a member, which takes those of
  // the input it belongs to.
  ReportPlace place(const FileReport& report, std::string_view relative, std::string_view root);

 private:
  std::string top_display_;
  std::string top_relative_;
  std::string top_root_;
};

}  // namespace gafcheck
