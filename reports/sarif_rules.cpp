#include "reports/sarif_rules.hpp"

#include <cctype>

#include "reports/json_text.hpp"

namespace gafcheck {
namespace {

// What each retail impact means, for help texts (the catalogue's header says the same).
std::string_view retail_meaning(Retail retail) {
  switch (retail) {
    case Retail::crash: return "the game faults or reads memory it does not own";
    case Retail::garbage: return "the game draws wrong pixels";
    case Retail::dropped: return "content is silently unreachable";
    case Retail::unknown: return "not established";
    case Retail::ignored: return "the game skips the oddity";
    case Retail::none: return "harmless";
  }
  return "not established";
}

// The group of a rule id: "header" for "header.truncated".
std::string_view rule_group(std::string_view id) {
  return id.substr(0, id.find('.'));
}

// Catalogue text as literal Markdown: a "/*" or "ta3d.*" must not start emphasis, a '<' no HTML.
std::string markdown_literal(std::string_view text) {
  std::string escaped;
  for (const char c : text) {
    if (std::string_view("\\`*_{}[]<>#|").find(c) != std::string_view::npos) escaped += '\\';
    escaped += c;
  }
  return escaped;
}

}  // namespace

std::string_view sarif_level(Severity severity) {
  switch (severity) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::info: return "note";
  }
  return "error";
}

std::string sarif_rule_name(std::string_view id) {
  std::string name;
  bool word_start = true;
  for (const char c : id) {
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      word_start = true;
      continue;
    }
    name.push_back(word_start ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c);
    word_start = false;
  }
  return name;
}

nlohmann::json sarif_rule(const RuleInfo& rule) {
  const std::string retail(retail_name(rule.retail));
  const std::string impact = retail + " (" + std::string(retail_meaning(rule.retail)) + ")";
  const std::string text = json_text(rule.explanation);
  const std::string spec = json_text(rule.spec);
  nlohmann::json json;
  json["id"] = rule.id;
  json["name"] = sarif_rule_name(rule.id);
  json["shortDescription"] = {{"text", json_text(rule.title)}};
  json["fullDescription"] = {{"text", text}};
  json["help"] = {{"text", text + "\n\nRetail impact: " + impact + ".\nSpec: " + spec + "."},
                  {"markdown", "**" + markdown_literal(json_text(rule.title)) + "**\n\n" +
                                   markdown_literal(text) + "\n\n**Retail impact:** " + impact +
                                   "\n\n**Spec:** " + markdown_literal(spec) + "\n"}};
  json["defaultConfiguration"] = {{"level", sarif_level(rule.severity)}};
  json["properties"] = {
      {"tags", {"gafcheck", std::string(rule_group(rule.id)), "retail-" + retail}},
      // Every check reads exact bytes and reports what is there: no heuristic guesses.
      {"precision", "very-high"},
      {"retail", retail},
      {"spec", spec}};
  return json;
}

nlohmann::json sarif_driver(const Catalog& catalog, std::string_view version) {
  nlohmann::json rules = nlohmann::json::array();
  for (const RuleInfo& rule : catalog.rules()) rules.push_back(sarif_rule(rule));
  return {{"name", "gafcheck"},
          {"informationUri", GAFCHECK_INFORMATION_URI},
          {"version", std::string(version)},
          {"semanticVersion", std::string(version)},
          {"rules", std::move(rules)}};
}

std::size_t sarif_rule_index(const Catalog& catalog, RuleId rule) {
  return static_cast<std::size_t>(&catalog.info(rule) - catalog.rules().data());
}

}  // namespace gafcheck
