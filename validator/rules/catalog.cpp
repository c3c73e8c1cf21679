#include "validator/rules/catalog.hpp"

#include <yaml-cpp/yaml.h>

#include "validator/base/errors.hpp"

namespace gafcheck {

extern const char catalog_yaml_data[];
extern const std::size_t catalog_yaml_size;

namespace {

std::string required_string(const YAML::Node& rule, const char* key, const std::string& id) {
  const YAML::Node value = rule[key];
  if (!value || !value.IsScalar())
    throw InternalError("catalogue rule '" + id + "' lacks '" + key + "'");
  return value.as<std::string>();
}

}  // namespace

Catalog Catalog::parse(std::string_view yaml_text, bool emitted_by_checks) {
  Catalog catalog;
  const YAML::Node root = YAML::Load(std::string(yaml_text));
  const YAML::Node rules = root["rules"];
  if (!rules || !rules.IsSequence()) throw InternalError("catalogue has no 'rules' list");
  catalog.rules_.reserve(rules.size());
  for (const auto& node : rules) {
    RuleInfo info;
    info.id = required_string(node, "id", "?");
    if (catalog.find(info.id)) throw InternalError("catalogue lists '" + info.id + "' twice");
    const auto severity = severity_from_name(required_string(node, "severity", info.id));
    const auto retail = retail_from_name(required_string(node, "retail", info.id));
    if (!severity) throw InternalError("catalogue rule '" + info.id + "': bad severity");
    if (!retail) throw InternalError("catalogue rule '" + info.id + "': bad retail impact");
    info.severity = *severity;
    info.retail = *retail;
    info.title = required_string(node, "title", info.id);
    info.explanation = required_string(node, "explanation", info.id);
    info.spec = required_string(node, "spec", info.id);
    catalog.rules_.push_back(std::move(info));
  }
  if (!emitted_by_checks) return catalog;
  for (std::size_t i = 0; i < rule_count; ++i) {
    const RuleInfo* info = catalog.find(rule_names[i]);
    if (!info)
      throw InternalError("catalogue lacks rule '" + std::string(rule_names[i]) +
                          "' that the code emits");
    catalog.by_rule_id_[i] = info;
  }
  return catalog;
}

const RuleInfo* Catalog::find(std::string_view id) const {
  for (const auto& rule : rules_)
    if (rule.id == id) return &rule;
  return nullptr;
}

std::string_view embedded_catalog_text() {
  return {catalog_yaml_data, catalog_yaml_size};
}

const Catalog& embedded_catalog() {
  static const Catalog catalog = Catalog::parse(embedded_catalog_text());
  return catalog;
}

}  // namespace gafcheck
