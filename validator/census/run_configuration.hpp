#pragma once
// The configuration of one run (check, census, config): each input gets the configuration that
// `gafcheck config INPUT` prints: the nearest trusted .gafcheck.yaml at or above its directory
// (validator/config/discovery.hpp; nested ones under a walked directory apply to the files
// beneath them), or --config, or the user-wide file, with --profile and the --rule overrides.
// Everything is read at startup, before any output is opened or the sandbox confines the
// process. It settles the run-wide settings a configuration may hold (game, fail-on, budgets,
// min-severity, and the profile's fail-on and min-severity) under the command line's own options:
// every configuration of the run must agree on them (a usage error names two that do not).
#include <boost/program_options.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "reports/yaml_report.hpp"
#include "validator/base/errors.hpp"
#include "validator/census/run_options.hpp"
#include "validator/config/configuration.hpp"
#include "validator/config/discovery.hpp"
#include "validator/input/input_walk.hpp"
#include "validator/platform/output_guard.hpp"

namespace gafcheck {

// The options every command that reads a configuration has: --config, --no-config,
// --trust-config, --profile, --rule.
struct ConfigOptions {
  std::string config_path;
  bool no_config = false;
  bool trust_config = false;
  std::string profile;             // empty: the configuration's (retail without one)
  std::vector<std::string> rules;  // RULE=LEVEL, as given
};
boost::program_options::options_description config_options_description(ConfigOptions& options);
// The discovery rule and what the verdict line says, for the --help of the commands above.
std::string config_discovery_help();

// "entry.alias=off" -> levels; throws UsageError.
config::RuleLevels parse_rule_overrides(const std::vector<std::string>& texts);

class RunConfiguration {
 public:
  // Loads the configuration of every input under the roots (directories are scanned for nested
  // ones) and of each listed file (census --files-from). Throws UsageError (a ConfigError's
  // FILE:LINE:COLUMN message, an unknown --profile, or configurations that disagree on a
  // run-wide setting).
  RunConfiguration(const std::vector<std::string>& roots, const ConfigOptions& options,
                   const std::vector<std::string>& listed = {});

  // Applies game, fail-on, budgets and min-severity from the configuration (and its profile) to
  // the options the command line did not set itself (`given`: the parsed values).
  void settle(RunOptions& options, const boost::program_options::variables_map& given) const;
  // The display threshold the configurations set (min-severity: in a file, else its profile's):
  // the least of them, so no configuration hides what another shows. Display only.
  std::optional<Severity> min_severity() const;

  // Where an input (a walk item's path) stands: its configuration, and its path relative to
  // that configuration's directory. Safe from several threads.
  struct Scope {
    const config::Configuration* configuration = nullptr;
    std::string path;
  };
  Scope scope(const std::string& input_path) const;
  // Whether the configuration leaves this walk item out: ignore: applies only to files found by
  // walking a directory (or listed), never to a file named on the command line.
  static bool leaves_out(const InputItem& item, const Scope& scope);
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
    std::string given;     // as on the command line, without trailing slashes
    std::string resolved;  // absolute, symlinks resolved (absolute and normal if it cannot be)
    std::string absolute;  // absolute, lexically normal
    bool directory = false;
  };
  const Root* root_of(const std::string& input_path, std::string_view& rest) const;
  const config::Configuration& configuration_of(const config::ConfigFile* file) const;

  std::unique_ptr<config::ConfigLoader> loader_;
  std::vector<Root> roots_;
  std::unordered_map<std::string, std::size_t> listed_directories_;  // lexical -> roots_ index
  std::size_t named_roots_ = 0;  // roots_[0, named_roots_): the command line's; then listed
  std::vector<config::Configuration> configurations_;  // [0]: no file; then one per file
  std::unordered_map<const config::ConfigFile*, std::size_t> configuration_index_;
  bool unconfigured_used_ = false;  // some input has no configuration file
  std::vector<std::string> rule_texts_;
  std::string working_directory_;
};

// The files a check or census reads besides its inputs: the --baseline report, the --palette
// (the archive its member is in) and each configuration file (none: no configuration). No output
// may replace one.
std::vector<ReadFile> files_read_besides_inputs(const std::string& baseline,
                                                const std::string& palette,
                                                const RunConfiguration* configuration);

}  // namespace gafcheck
