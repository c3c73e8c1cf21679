#pragma once
// tool.driver of a SARIF log: gafcheck and every rule of the embedded catalogue, with the retail
// impact and spec reference in the help GitHub shows beside an alert.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>

#include "validator/rules/catalog.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck {

// error -> error, warning -> warning, info -> note.
std::string_view sarif_level(Severity severity);

// "header.truncated" -> "HeaderTruncated": SARIF's reportingDescriptor.name, an identifier a
// person reads (the id stays the stable key).
std::string sarif_rule_name(std::string_view id);

nlohmann::json sarif_rule(const RuleInfo& rule);
// {name, informationUri, version, semanticVersion, rules}: informationUri is the build's
// information_uri option (meson_options.txt; the SARIF Multitool warns, SARIF2005, without one);
// every catalogue rule, in catalogue order, so ruleIndex is the rule's position in the
// catalogue.
nlohmann::json sarif_driver(const Catalog& catalog, std::string_view version);
// The position of a rule in catalog.rules() (its ruleIndex).
std::size_t sarif_rule_index(const Catalog& catalog, RuleId rule);

}  // namespace gafcheck
