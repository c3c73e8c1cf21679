#pragma once
// What a configuration can set a rule to: off (its findings are dropped, only counted) or a
// severity that replaces the one the check gave.
#include <array>
#include <optional>
#include <string_view>

#include "validator/rules/finding.hpp"
#include "validator/rules/rule_id.hpp"

namespace gafcheck::config {

enum class RuleLevel { off, info, warning, error };

std::optional<RuleLevel> rule_level_from_name(std::string_view name);
std::string_view rule_level_name(RuleLevel level);
RuleLevel level_of(Severity severity);
// The severity of a level that is not off.
Severity severity_of(RuleLevel level);

// Overrides per rule; nullopt: not set at this layer.
using RuleLevels = std::array<std::optional<RuleLevel>, rule_count>;

}  // namespace gafcheck::config
