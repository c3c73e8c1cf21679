// gafcheck rules / gafcheck explain RULE: the embedded rule catalogue.
#include <iostream>

#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/core/near_names.hpp"
#include "validator/modsets/conflict_rules.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;

int run_rules(const Arguments& arguments, const std::string&) {
  bool brief = false, ids = false;
  std::vector<std::string> extra;
  po::options_description general(
      "Usage: gafcheck rules [--brief | --ids]\n\n"
      "Prints the rule catalogue (rules/catalog.yaml, embedded in the binary): every\n"
      "rule id with its default severity, retail impact, title, explanation and spec\n"
      "reference.\n\nOptions");
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "brief", po::bool_switch(&brief), "one line per rule: id, severity, retail impact, title")(
      "ids", po::bool_switch(&ids), "only the rule ids, one per line (for scripts and completion)");
  if (!parse_command_line(arguments, general, extra)) return exit_status(ExitCode::clean);
  if (!extra.empty() || (brief && ids))
    throw UsageError{"rules takes no arguments but one of --brief and --ids"};
  if (ids) {
    for (const RuleInfo& rule : embedded_catalog().rules()) std::cout << rule.id << '\n';
    return exit_status(ExitCode::clean);
  }
  if (brief) {
    for (const RuleInfo& rule : embedded_catalog().rules()) {
      std::string line = rule.id;
      line.resize(32, ' ');
      line += std::string(severity_name(rule.severity));
      line.resize(41, ' ');
      line += std::string(retail_name(rule.retail));
      line.resize(50, ' ');
      std::cout << line << rule.title << '\n';
    }
    return exit_status(ExitCode::clean);
  }
  std::cout << embedded_catalog_text();
  return exit_status(ExitCode::clean);
}

int run_explain(const Arguments& arguments, const std::string&) {
  std::vector<std::string> rules;
  po::options_description general(
      "Usage: gafcheck explain RULE\n\n"
      "Prints one rule of the catalogue: its title, default severity, retail impact, spec\n"
      "reference and explanation, e.g. gafcheck explain rle.short-row. The conflicts.* rules\n"
      "of gafcheck conflicts' SARIF (rules/conflicts.yaml) are explained too.\n\nOptions");
  general.add_options()("help,h", po::bool_switch(), "show this help");
  if (!parse_command_line(arguments, general, rules)) return exit_status(ExitCode::clean);
  if (rules.size() != 1)
    throw UsageError{"explain takes exactly one RULE id (gafcheck rules --brief lists them)"};
  // A file rule, or one of the conflicts.* family gafcheck conflicts' SARIF names.
  const RuleInfo* rule = embedded_catalog().find(rules[0]);
  if (!rule) rule = modsets::conflicts_catalog().find(rules[0]);
  if (!rule)
    throw UsageError{"no rule '" + rules[0] + "' (gafcheck rules --brief lists them)" +
                     did_you_mean(rules[0], rule_names)};
  std::cout << rule->id << ": " << rule->title << "\n  severity: " << severity_name(rule->severity)
            << "\n  retail:   " << retail_name(rule->retail) << "\n  spec:     " << rule->spec
            << "\n\n  " << rule->explanation << '\n';
  return exit_status(ExitCode::clean);
}

}  // namespace gafcheck::cli
