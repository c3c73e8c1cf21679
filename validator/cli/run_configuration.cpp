#include "validator/cli/run_configuration.hpp"

#include <algorithm>
#include <filesystem>

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

bool given_on_command_line(const po::variables_map& given, const std::string& option) {
  const auto found = given.find(option);
  return found != given.end() && !found->second.defaulted();
}

// One run-wide value, which every configuration of the run must agree on.
template <typename T>
void agree(std::optional<T>& settled, const T& value, const std::string& what) {
  if (settled && *settled != value)
    throw UsageError{"the inputs' configurations disagree on " + what +
                     ": check them in separate runs, or set it on the command line"};
  settled = value;
}

}  // namespace

po::options_description config_options_description(ConfigOptions& options) {
  po::options_description description("Configuration (.gafcheck.yaml; 'gafcheck config --help')");
  description.add_options()(
      "config", po::value(&options.config_path)->value_name("FILE"),
      "use this configuration file for every input, instead of the nearest .gafcheck.yaml at or "
      "above each input's directory (or, without one, $XDG_CONFIG_HOME/gafcheck/config.yaml)")(
      "no-config", po::bool_switch(&options.no_config),
      "use no configuration file: catalogue severities (the retail profile) and the command "
      "line only. A mod site vetting an upload wants this (or --config): a configuration inside "
      "an uploaded tree is the uploader's")(
      "rule", po::value(&options.rules)->composing()->value_name("RULE=LEVEL"),
      "RULE=LEVEL (off, info, warning or error), repeatable: the rule's level for every input, "
      "over whatever the configuration says");
  return description;
}

config::RuleLevels parse_rule_overrides(const std::vector<std::string>& texts) {
  config::RuleLevels levels{};
  for (const std::string& text : texts) {
    const auto equals = text.find('=');
    if (equals == std::string::npos)
      throw UsageError{"--rule takes RULE=LEVEL (e.g. extent.slack=off), not '" + text + "'"};
    const auto rule = rule_from_name(text.substr(0, equals));
    if (!rule)
      throw UsageError{"--rule: unknown rule id '" + text.substr(0, equals) +
                       "' (gafcheck rules --brief lists them)"};
    const auto level = config::rule_level_from_name(text.substr(equals + 1));
    if (!level)
      throw UsageError{"--rule " + text + ": the level must be off, info, warning or error"};
    levels[static_cast<std::size_t>(*rule)] = *level;
  }
  return levels;
}

RunConfiguration::RunConfiguration(const std::vector<std::string>& roots,
                                   const ConfigOptions& options)
    : rule_texts_(options.rules), working_directory_(fs::current_path().string()) {
  const config::RuleLevels command_line = parse_rule_overrides(options.rules);
  config::ConfigLoader loader({options.config_path, options.no_config});
  try {
    for (const std::string& root : roots) {
      const auto file = loader.for_root(root);
      std::size_t index = 0;
      while (index < configurations_.size() && configurations_[index].file() != file.get()) ++index;
      if (index == configurations_.size()) configurations_.emplace_back(command_line, file);
      roots_.push_back({root, fs::absolute(root).lexically_normal().string(), index});
    }
  } catch (const config::ConfigError& error) {
    throw UsageError{error.what()};
  }
  if (configurations_.empty()) configurations_.emplace_back(command_line);
}

void RunConfiguration::settle(CommonOptions& options, const po::variables_map& given) const {
  std::optional<std::string> fail_on, game;
  std::array<std::optional<std::uint64_t>, budget_kind_count> budgets{};
  for (const config::Configuration& configuration : configurations_) {
    const config::ConfigFile* file = configuration.file();
    agree(fail_on, file && file->fail_on ? *file->fail_on : configuration.profile().fail_on,
          "fail-on");
    agree(game, file && file->game ? *file->game : std::string("ta"), "game");
    for (const BudgetSpec& spec : budget_specs) {
      std::uint64_t limit = spec.default_limit;
      if (file && file->budgets.count(spec.kind)) limit = file->budgets.at(spec.kind);
      agree(budgets[static_cast<std::size_t>(spec.kind)], limit, std::string(spec.option));
    }
  }
  if (!given_on_command_line(given, "fail-on")) options.fail_on = *fail_on;
  if (!given_on_command_line(given, "game")) {
    options.game = *game;
    options.check.game = *game_from_name(*game);
  }
  for (const BudgetSpec& spec : budget_specs)
    if (!given_on_command_line(given, std::string(spec.option)))
      options.check.limits[spec.kind] = *budgets[static_cast<std::size_t>(spec.kind)];
}

std::optional<Severity> RunConfiguration::min_severity() const {
  std::optional<Severity> least;
  for (const config::Configuration& configuration : configurations_)
    if (const auto severity = configuration.profile().min_severity)
      least = least ? std::min(*least, *severity) : *severity;
  return least;
}

RunConfiguration::Scope RunConfiguration::scope(const std::string& input_path) const {
  const Root* best = nullptr;
  std::string_view rest;
  for (const Root& root : roots_) {
    const std::string& given = root.given;
    const bool inside =
        input_path == given ||
        (input_path.size() > given.size() && input_path.compare(0, given.size(), given) == 0 &&
         (given.back() == '/' || input_path[given.size()] == '/'));
    if (inside && (!best || given.size() > best->given.size())) {
      best = &root;
      rest = std::string_view(input_path).substr(given.size());
    }
  }
  Scope scope;
  scope.configuration = &configurations_[best ? best->configuration : 0];
  fs::path absolute = best ? fs::path(best->absolute) : fs::absolute(input_path);
  while (!rest.empty() && rest.front() == '/') rest.remove_prefix(1);
  if (!rest.empty()) absolute /= std::string(rest);
  absolute = absolute.lexically_normal();
  // Relative to the configuration's directory; an input outside it (a user-wide or --config
  // file elsewhere) is matched by its path relative to the working directory, else as given.
  const auto inside = [&absolute](const std::string& base) -> std::optional<std::string> {
    const fs::path relative = absolute.lexically_relative(base);
    if (relative.empty() || *relative.begin() == "..") return std::nullopt;
    return relative.string();
  };
  const config::ConfigFile* file = scope.configuration->file();
  if (auto relative = file ? inside(file->directory) : std::nullopt)
    scope.path = *relative;
  else if (auto from_here = inside(working_directory_))
    scope.path = *from_here;
  else
    scope.path = input_path;
  return scope;
}

void RunConfiguration::apply(const Scope& scope, const std::string& input_path,
                             FileReport& report) {
  // A member's report path is the input's followed by "!member/path".
  const bool member = report.path.size() > input_path.size() &&
                      report.path.compare(0, input_path.size(), input_path) == 0;
  scope.configuration->apply(
      report, member ? scope.path + report.path.substr(input_path.size()) : scope.path);
}

std::vector<ConfigSource> RunConfiguration::sources() const {
  std::vector<ConfigSource> sources;
  for (const config::Configuration& configuration : configurations_)
    if (const config::ConfigFile* file = configuration.file())
      sources.push_back({file->path, file->sha256});
  return sources;
}

std::vector<std::string> RunConfiguration::sha256s() const {
  std::vector<std::string> digests;
  for (const ConfigSource& source : sources()) digests.push_back(source.sha256);
  return digests;
}

std::string RunConfiguration::profile_label() const {
  std::vector<std::string> names;
  for (const config::Configuration& configuration : configurations_)
    if (std::find(names.begin(), names.end(), configuration.profile().name) == names.end())
      names.push_back(configuration.profile().name);
  std::string label;
  for (const std::string& name : names) label += (label.empty() ? "" : ",") + name;
  return label;
}

}  // namespace gafcheck::cli
