// gafcheck rules / gafcheck explain RULE: the embedded rule catalogue.
#include <iostream>

#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::cli {

int run_rules(const Arguments& arguments) {
  if (!arguments.empty() && (arguments[0] == "--help" || arguments[0] == "-h")) {
    std::cout << "Usage: gafcheck rules [--brief]\n\n"
                 "Prints the rule catalogue (rules/catalog.yaml, embedded in the binary): every\n"
                 "rule id with its default severity, retail impact, title, explanation and spec\n"
                 "reference. --brief prints one line per rule.\n";
    return 0;
  }
  if (!arguments.empty() && arguments[0] == "--brief") {
    for (const RuleInfo& rule : embedded_catalog().rules()) {
      std::string line = rule.id;
      line.resize(32, ' ');
      line += std::string(severity_name(rule.severity));
      line.resize(41, ' ');
      line += std::string(retail_name(rule.retail));
      line.resize(50, ' ');
      std::cout << line << rule.title << '\n';
    }
    return 0;
  }
  if (!arguments.empty()) throw UsageError{"rules takes no arguments but --brief"};
  std::cout << embedded_catalog_text();
  return 0;
}

int run_explain(const Arguments& arguments) {
  if (arguments.size() != 1 || arguments[0] == "--help" || arguments[0] == "-h") {
    if (arguments.size() == 1) {
      std::cout << "Usage: gafcheck explain RULE\n\nPrints one rule of the catalogue, e.g. "
                   "gafcheck explain rle.short-row\n";
      return 0;
    }
    throw UsageError{"explain takes exactly one RULE id (gafcheck rules --brief lists them)"};
  }
  const RuleInfo* rule = embedded_catalog().find(arguments[0]);
  if (!rule) throw UsageError{"no rule '" + arguments[0] + "' (gafcheck rules --brief lists them)"};
  std::cout << rule->id << ": " << rule->title << "\n  severity: " << severity_name(rule->severity)
            << "\n  retail:   " << retail_name(rule->retail) << "\n  spec:     " << rule->spec
            << "\n\n  " << rule->explanation << '\n';
  return 0;
}

}  // namespace gafcheck::cli
