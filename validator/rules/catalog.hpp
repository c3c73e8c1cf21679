#pragma once
// The rule catalogue (rules/catalog.yaml), embedded in the binary at build time.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "validator/rules/finding.hpp"
#include "validator/rules/rule_id.hpp"

namespace gafcheck {

struct RuleInfo {
  std::string id;
  Severity severity = Severity::error;
  Retail retail = Retail::unknown;
  std::string title;
  std::string explanation;
  std::string spec;
};

class Catalog {
 public:
  // Parses catalogue YAML; throws InternalError naming the problem (the catalogue is built in).
  // emitted_by_checks: every RuleId must have an entry (rules/catalog.yaml); a family catalogue
  // of rules no file check emits (rules/conflicts.yaml) passes false and has no info(RuleId).
  static Catalog parse(std::string_view yaml_text, bool emitted_by_checks = true);

  const std::vector<RuleInfo>& rules() const { return rules_; }
  const RuleInfo* find(std::string_view id) const;
  // The entry for a rule the code emits. Every RuleId has one (checked at parse time; only in a
  // catalogue parsed with emitted_by_checks).
  const RuleInfo& info(RuleId id) const { return *by_rule_id_[static_cast<std::size_t>(id)]; }

 private:
  std::vector<RuleInfo> rules_;
  std::array<const RuleInfo*, rule_count> by_rule_id_{};
};

// The embedded catalogue text and its parsed form (parsed once, on first use).
std::string_view embedded_catalog_text();
const Catalog& embedded_catalog();

}  // namespace gafcheck
