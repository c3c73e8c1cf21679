#include "reports/sarif_result.hpp"

#include "reports/json_text.hpp"
#include "reports/sarif_rules.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {

nlohmann::json sarif_root_location(std::string_view base, std::string_view root) {
  if (!base.empty() && base.front() == '/') {
    std::string directory(base);
    if (directory.back() != '/') directory += '/';
    return {{"uri", "file://" + uri_reference(directory)}};
  }
  std::string text = "the root " + json_name(root) + " as given";
  if (base != root)
    text += ", files relative to " + (base.empty() ? "the working directory" : json_name(base));
  return {{"description", {{"text", text}}}};
}

std::string sarif_qualified_name(std::string_view member, std::string_view structure_path) {
  std::string name = json_name(member);
  if (!name.empty() && !structure_path.empty()) name += '!';
  name += json_text(structure_path);
  return name;
}

nlohmann::json sarif_result(const Finding& finding, const SarifLocation& location,
                            const std::string& fingerprint, SarifProfile profile,
                            std::optional<std::string_view> justification) {
  const std::string qualified = sarif_qualified_name(location.member, finding.path);
  // GitHub shows only the message and line 1 of the file: the message says where in the bytes.
  std::string text = json_text(finding.message) + " (offset " + hex(finding.offset);
  if (!qualified.empty()) text += " in " + qualified;
  text += ')';

  nlohmann::json artifact_location = {{"uri", location.uri}};
  if (!location.uri_base_id.empty()) artifact_location["uriBaseId"] = location.uri_base_id;
  if (location.artifact_index) artifact_location["index"] = *location.artifact_index;
  nlohmann::json region;
  if (profile == SarifProfile::github)
    region = {{"startLine", 1}};
  else
    region = {{"byteOffset", finding.offset}, {"byteLength", finding.length}};
  nlohmann::json where = {
      {"physicalLocation", {{"artifactLocation", artifact_location}, {"region", region}}}};
  if (!qualified.empty())
    where["logicalLocations"] = nlohmann::json::array({{{"fullyQualifiedName", qualified}}});

  nlohmann::json properties = {{"offset", finding.offset},
                               {"length", finding.length},
                               {"member", json_name(location.member)},
                               {"structurePath", json_text(finding.path)},
                               {"retail", std::string(retail_name(finding.retail))}};
  if (finding.row) properties["row"] = *finding.row;
  if (finding.column) properties["column"] = *finding.column;

  nlohmann::json result = {{"ruleId", std::string(rule_name(finding.rule))},
                           {"ruleIndex", sarif_rule_index(embedded_catalog(), finding.rule)},
                           {"level", sarif_level(finding.severity)},
                           {"message", {{"text", text}}},
                           {"locations", nlohmann::json::array({std::move(where)})},
                           {"partialFingerprints", {{"primaryLocationLineHash", fingerprint}}},
                           {"properties", std::move(properties)}};
  if (justification && profile == SarifProfile::binary)
    result["suppressions"] = nlohmann::json::array(
        {{{"kind", "external"}, {"justification", json_text(*justification)}}});
  return result;
}

}  // namespace gafcheck
