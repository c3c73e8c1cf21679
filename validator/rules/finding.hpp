#pragma once
// A finding: one specific thing wrong (or notable) in an input, with where it is and what the
// retail game would do with it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "validator/rules/rule_id.hpp"

namespace gafcheck {

enum class Severity { info, warning, error };

// Ordered from harmless to worst, so std::max gives the worst impact of several findings.
enum class Retail { none, ignored, unknown, dropped, garbage, crash };

std::string_view severity_name(Severity severity);
std::optional<Severity> severity_from_name(std::string_view name);
std::string_view retail_name(Retail retail);
std::optional<Retail> retail_from_name(std::string_view name);

struct Finding {
  RuleId rule{};
  Severity severity = Severity::error;
  Retail retail = Retail::unknown;
  std::uint64_t offset = 0;
  std::uint64_t length = 0;
  std::string path;
  std::string message;
  std::optional<std::uint64_t> row;
  std::optional<std::uint64_t> column;
  // Set by configuration (.gafcheck.yaml `suppress:`): the finding stays listed but counts for
  // neither the verdict nor the exit code; justification says why it was accepted.
  bool suppressed = false;
  std::string justification;
};

}  // namespace gafcheck
