#include "validator/modsets/conflict_rules.hpp"

namespace gafcheck {
extern const char conflicts_rules_yaml_data[];
extern const std::size_t conflicts_rules_yaml_size;
}  // namespace gafcheck

namespace gafcheck::modsets {

const Catalog& conflicts_catalog() {
  static const Catalog catalog =
      Catalog::parse({conflicts_rules_yaml_data, conflicts_rules_yaml_size}, false);
  return catalog;
}

std::string_view overlap_rule(const Overlap& overlap) {
  if (overlap.findings_differ()) return conflicts_findings_differ_rule;
  if (overlap.overrides()) return conflicts_override_rule;
  return {};
}

}  // namespace gafcheck::modsets
