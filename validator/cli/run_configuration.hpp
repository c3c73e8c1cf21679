#pragma once
// The configuration of one run (check, census, config): for each root on the command line, its
// .gafcheck.yaml (validator/config/discovery.hpp) with the --rule overrides, read at startup,
// before any output is opened or the sandbox confines the process. It settles the run-wide
// settings a configuration may hold (game, fail-on, budgets, and the profile's fail-on and
// census --min-severity) under the command line's own options, and gives each input the
// configuration of its root and its path as that configuration's globs see it.
#include <boost/program_options.hpp>
#include <memory>
#include <string>
#include <vector>

#include "reports/yaml_report.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/config/configuration.hpp"
#include "validator/config/discovery.hpp"

namespace gafcheck::cli {

// The options every command that reads a configuration has: --config, --no-config, --rule.
struct ConfigOptions {
  std::string config_path;
  bool no_config = false;
  std::vector<std::string> rules;  // RULE=LEVEL, as given
};
boost::program_options::options_description config_options_description(ConfigOptions& options);

// "entry.alias=off" -> levels; throws UsageError.
config::RuleLevels parse_rule_overrides(const std::vector<std::string>& texts);

class RunConfiguration {
 public:
  // Loads every root's configuration. Throws UsageError (a ConfigError's FILE:LINE:COLUMN
  // message, or roots whose configurations disagree on a run-wide setting).
  RunConfiguration(const std::vector<std::string>& roots, const ConfigOptions& options);

  // Applies game, fail-on and budgets from the configuration (and its profile) to the options
  // the command line did not set itself (`given`: the parsed values).
  void settle(CommonOptions& options, const boost::program_options::variables_map& given) const;
  // The census --min-severity the profile implies, when the command line did not set one.
  std::optional<Severity> min_severity() const;

  // Where an input (a walk item's path) stands: its root's configuration, and its path relative
  // to that configuration's directory.
  struct Scope {
    const config::Configuration* configuration = nullptr;
    std::string path;
  };
  Scope scope(const std::string& input_path) const;
  // Rates a report of that input (the input's own or one of its members').
  static void apply(const Scope& scope, const std::string& input_path, FileReport& report);

  // For the report header: each configuration file once, and the profile(s).
  std::vector<ConfigSource> sources() const;
  std::string profile_label() const;
  // For census settings: the configuration files' sha256, and the --rule overrides as given.
  std::vector<std::string> sha256s() const;
  const std::vector<std::string>& rule_texts() const { return rule_texts_; }

 private:
  struct Root {
    std::string given;     // as on the command line
    std::string absolute;  // absolute, lexically normal
    std::size_t configuration = 0;
  };
  std::vector<Root> roots_;
  std::vector<config::Configuration> configurations_;  // one per distinct file (or none)
  std::vector<std::string> rule_texts_;
  std::string working_directory_;
};

}  // namespace gafcheck::cli
