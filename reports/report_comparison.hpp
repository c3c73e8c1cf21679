#pragma once
// gafcheck diff's run: what changed between two reports (regression triage), written as a YAML
// (or JSON) diff document, summed up on standard error.
#include <optional>
#include <string>
#include <vector>

#include "reports/output_requests.hpp"
#include "validator/base/exit_code.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck {

struct ReportComparison {
  std::string before, after;               // OLD and NEW
  std::vector<OutputRequest> outputs;      // yaml or json, kept apart from the reports
  std::optional<Severity> fail_threshold;  // none: never fail
  bool allow_incomplete = false;           // compare a report cut short or interrupted
  bool sandbox = true;

  ExitCode run() const;
};

}  // namespace gafcheck
