#include "validator/census/run_options.hpp"

namespace gafcheck {

std::optional<Severity> fail_threshold(const RunOptions& options) {
  if (options.fail_on == "never") return std::nullopt;
  return severity_from_name(options.fail_on);
}

Severity display_threshold(const RunOptions& options) {
  return severity_from_name(options.min_severity).value_or(Severity::info);
}

}  // namespace gafcheck
