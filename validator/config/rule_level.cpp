#include "validator/config/rule_level.hpp"

namespace gafcheck::config {
namespace {
constexpr std::array<std::string_view, 4> level_names = {"off", "info", "warning", "error"};
}

std::optional<RuleLevel> rule_level_from_name(std::string_view name) {
  for (std::size_t i = 0; i < level_names.size(); ++i)
    if (level_names[i] == name) return static_cast<RuleLevel>(i);
  return std::nullopt;
}

std::string_view rule_level_name(RuleLevel level) {
  return level_names[static_cast<std::size_t>(level)];
}

RuleLevel level_of(Severity severity) {
  return static_cast<RuleLevel>(static_cast<int>(severity) + 1);
}

Severity severity_of(RuleLevel level) {
  return level == RuleLevel::off ? Severity::info
                                 : static_cast<Severity>(static_cast<int>(level) - 1);
}

}  // namespace gafcheck::config
