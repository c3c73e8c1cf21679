#include "reports/format_writer.hpp"

#include "reports/report_places.hpp"

namespace gafcheck {

std::string path_in_root(const std::string& path, const std::vector<std::string>& roots) {
  return locate_in_roots(path, roots).relative;
}

const std::vector<std::string>& roots_of(const ReportHeader& header, const FormatContext& context) {
  return header.census ? header.census->roots : context.roots;
}

}  // namespace gafcheck
