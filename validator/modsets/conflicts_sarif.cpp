#include "validator/modsets/conflicts_sarif.hpp"

#include <filesystem>

#include "reports/json_text.hpp"
#include "reports/report_places.hpp"
#include "reports/sarif_result.hpp"
#include "reports/sarif_rules.hpp"
#include "reports/yaml_report.hpp"
#include "validator/core/sha256.hpp"
#include "validator/modsets/conflict_rules.hpp"
#include "validator/modsets/conflicts_document.hpp"

namespace gafcheck::modsets {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view conflicts_sarif_schema =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

std::string root_id(std::size_t root) {
  return "ROOT" + std::to_string(root);
}

// A root's base directory: a DIR itself, an ARCHIVE's directory.
std::string root_base(const std::string& input) {
  std::error_code error;
  if (fs::is_directory(input, error)) return normal_path(input);
  return normal_path(fs::path(input).parent_path().string());
}

// Where a copy is: the file on disk (an archive, or a loose file) relative to its root's base,
// and the member inside an archive.
struct CopyPlace {
  std::string file, member;
  std::size_t root = 0;
};

CopyPlace place_of(const ModSet& set, const Supplier& supplier,
                   const std::vector<std::string>& bases) {
  const std::string disk = supplier.archive ? set.archives[*supplier.archive].disk : supplier.disk;
  const fs::path base =
      bases[supplier.root].empty() ? fs::path(".") : fs::path(bases[supplier.root]);
  const std::string relative = fs::path(disk).lexically_relative(base).generic_string();
  return {relative.empty() ? fs::path(disk).filename().string() : relative,
          supplier.archive ? supplier.path : std::string(), supplier.root};
}

nlohmann::json location_of(const CopyPlace& place) {
  nlohmann::json where = {
      {"physicalLocation",
       {{"artifactLocation",
         {{"uri", uri_reference(place.file)}, {"uriBaseId", root_id(place.root)}}},
        {"region", {{"startLine", 1}}}}}};
  if (!place.member.empty())
    where["logicalLocations"] =
        nlohmann::json::array({{{"fullyQualifiedName", json_name(place.member)}}});
  return where;
}

std::string alert_text(const ModSet& set, const Overlap& overlap, std::string_view rule) {
  const std::string winner = copy_label(set, overlap.copies[*overlap.winner]);
  std::string text = json_name(overlap.folded) + ": the game loads " + winner +
                     (rule == conflicts_findings_differ_rule
                          ? ", and it differs in findings from a copy it shadows"
                          : ", which overrides a different copy");
  for (const OverlapCopy& copy : overlap.copies) {
    if (copy.content == CopyContent::winner) continue;
    const std::string shadowed = copy_label(set, copy);
    text += "; " + shadowed + " is " + std::string(copy_content_name(copy.content));
    if (const std::string call_out = findings_call_out(winner, shadowed, copy); !call_out.empty())
      text += " (" + call_out + ")";
  }
  return text;
}

nlohmann::json result_of(const ModSet& set, const Overlap& overlap, std::string_view rule,
                         const std::vector<std::string>& bases) {
  const Catalog& catalog = conflicts_catalog();
  const RuleInfo* info = catalog.find(rule);
  const CopyPlace winner =
      place_of(set, set.suppliers[overlap.copies[*overlap.winner].supplier], bases);
  nlohmann::json related = nlohmann::json::array();
  nlohmann::json copies = nlohmann::json::array();
  for (std::size_t i = 0; i < overlap.copies.size(); ++i) {
    const OverlapCopy& copy = overlap.copies[i];
    const Supplier& supplier = set.suppliers[copy.supplier];
    const std::string content(copy_content_name(copy.content));
    copies.push_back({{"source", json_name(copy_argument(set, supplier))}, {"content", content}});
    if (copy.occurrence > 1) copies.back()["occurrence"] = copy.occurrence;
    if (copy.content == CopyContent::winner) continue;
    nlohmann::json where = location_of(place_of(set, supplier, bases));
    where["id"] = i;
    where["message"] = {{"text", "shadowed copy: " + content}};
    if (copy.occurrence > 1)
      where["message"]["text"] = "shadowed copy (member " + std::to_string(copy.occurrence) +
                                 " on this path in its archive): " + content;
    related.push_back(std::move(where));
  }
  // The alert's identity across runs: the rule, the path and where the loaded copy is.
  const std::string key = std::string(rule) + '\n' + json_name(overlap.folded) + '\n' +
                          json_name(winner.file) + '\n' + json_name(winner.member);
  nlohmann::json result = {
      {"ruleId", std::string(rule)},
      {"ruleIndex", static_cast<std::size_t>(info - catalog.rules().data())},
      {"level", sarif_level(info->severity)},
      {"message", {{"text", alert_text(set, overlap, rule)}}},
      {"locations", nlohmann::json::array({location_of(winner)})},
      {"partialFingerprints",
       {{"primaryLocationLineHash", sha256_hex(ByteView(std::string_view(key))) + ":1"}}},
      {"properties",
       {{"path", json_name(overlap.folded)},
        {"verdict", std::string(overlap_verdict(overlap))},
        {"decidedBy", overlap.decided_by},
        {"engineDependent", overlap.engine_dependent},
        {"copies", std::move(copies)}}}};
  if (!related.empty()) result["relatedLocations"] = std::move(related);
  return result;
}

nlohmann::json run_properties(const ConflictReport& report) {
  nlohmann::json counts = nlohmann::json::object();
  for (const auto& [name, count] : conflict_count_fields(report)) counts[std::string(name)] = count;
  nlohmann::json unreadable = nlohmann::json::array();
  for (const std::string& problem : report.unreadable) unreadable.push_back(json_text(problem));
  return {{"command", "conflicts"},
          {"engine", report.primary},
          {"engines", report.engines},
          {"counts", std::move(counts)},
          {"unreadable", std::move(unreadable)}};
}

}  // namespace

std::string sarif_conflicts(const ModSet& set, const ConflictReport& report,
                            const ConflictsInvocation& invocation) {
  std::vector<std::string> bases;
  nlohmann::json roots = nlohmann::json::object();
  for (std::size_t i = 0; i < invocation.inputs.size(); ++i) {
    bases.push_back(root_base(invocation.inputs[i]));
    roots[root_id(i)] = sarif_root_location(bases.back(), invocation.inputs[i]);
  }
  nlohmann::json results = nlohmann::json::array();
  for (const Overlap& overlap : report.listed_overlaps())
    if (const std::string_view rule = overlap_rule(overlap); !rule.empty() && overlap.winner)
      results.push_back(result_of(set, overlap, rule, bases));
  nlohmann::json run = {
      {"tool", {{"driver", sarif_driver(conflicts_catalog(), tool_version())}}},
      {"results", std::move(results)},
      {"invocations",
       nlohmann::json::array({{{"executionSuccessful", invocation.exit_code <= 1},
                               {"exitCode", invocation.exit_code},
                               {"commandLine", json_text(invocation.command_line)}}})},
      {"properties", run_properties(report)}};
  if (!roots.empty()) run["originalUriBaseIds"] = std::move(roots);
  const nlohmann::json sarif_log = {{"$schema", std::string(conflicts_sarif_schema)},
                                    {"version", "2.1.0"},
                                    {"runs", nlohmann::json::array({std::move(run)})}};
  return dump_json(sarif_log) + "\n";
}

}  // namespace gafcheck::modsets
