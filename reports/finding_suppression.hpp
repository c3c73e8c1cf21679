#pragma once
// Justified suppressions (.gafcheck.yaml `suppress:`): what the writers ask of a finding or a
// report. A suppressed finding stays listed with its justification and counts for nothing.
#include <algorithm>
#include <optional>
#include <string_view>

#include "validator/result/file_report.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck {

inline std::optional<std::string_view> suppression_justification(const Finding& finding) {
  if (finding.suppressed) return std::string_view(finding.justification);
  return std::nullopt;
}

// True when the report lists findings and every one of them is suppressed (JUnit: <skipped>).
inline bool every_finding_suppressed(const FileReport& report) {
  return !report.findings.empty() &&
         std::all_of(report.findings.begin(), report.findings.end(),
                     [](const Finding& finding) { return finding.suppressed; });
}

}  // namespace gafcheck
