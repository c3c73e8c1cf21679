#include "reports/finding_line.hpp"

#include "validator/core/text.hpp"

namespace gafcheck {

std::string finding_line(const Finding& finding) {
  std::string line = "offset ";
  line += hex(finding.offset);
  line += ": ";
  line += severity_name(finding.severity);
  line += ": ";
  if (!finding.path.empty()) {
    line += sanitize_text(finding.path);
    line += ": ";
  }
  line += sanitize_text(finding.message);
  if (finding.row) {
    line += " (line " + std::to_string(*finding.row);
    if (finding.column) line += ", column " + std::to_string(*finding.column);
    line += ')';
  }
  line += " [";
  line += rule_name(finding.rule);
  line += ']';
  return line;
}

}  // namespace gafcheck
