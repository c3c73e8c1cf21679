#include "validator/census/run_configuration.hpp"

#include <algorithm>
#include <filesystem>

#include "validator/core/near_names.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_loader.hpp"

namespace gafcheck {
namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {

bool given_on_command_line(const po::variables_map& given, const std::string& option) {
  const auto found = given.find(option);
  return found != given.end() && !found->second.defaulted();
}

std::string parent_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string join_path(const std::string& directory, std::string_view name) {
  std::string joined = directory;
  if (joined.empty() || joined.back() != '/') joined += '/';
  joined += name;
  return joined;
}

// `path` is `base` or lies under it (both absolute; compared as written).
bool is_within(const std::string& path, const std::string& base) {
  if (base == "/") return !path.empty() && path.front() == '/';
  return path.compare(0, base.size(), base) == 0 &&
         (path.size() == base.size() || path[base.size()] == '/');
}

std::string relative_to(const std::string& path, const std::string& base) {
  if (path.size() == base.size()) return ".";
  return path.substr(base == "/" ? 1 : base.size() + 1);
}

}  // namespace

po::options_description config_options_description(ConfigOptions& options) {
  po::options_description description(
      "Configuration (.gafcheck.yaml; 'gafcheck config --help' has the keys)");
  description.add_options()(
      "config", po::value(&options.config_path)->value_name("FILE"),
      "use this configuration file for every input, instead of the discovered ones")(
      "no-config", po::bool_switch(&options.no_config),
      "use no configuration file: catalogue severities (the retail profile) and the command "
      "line only")(
      "profile", po::value(&options.profile)->value_name("NAME"),
      "rate findings under this built-in profile (retail, upload, census, strict; 'gafcheck "
      "config --help' describes them) and discover no configuration file; with --config, that "
      "file under this profile (over its extends:). A mod site vetting uploads: --profile "
      "upload")(
      "trust-config", po::bool_switch(&options.trust_config),
      "also obey a .gafcheck.yaml beside or above an input that lies outside the working "
      "directory's tree (by default one there configures nothing: it came with the input)")(
      "rule", po::value(&options.rules)->composing()->value_name("RULE=LEVEL"),
      "RULE=LEVEL (off, info, warning or error), repeatable: the rule's level for every input, "
      "over whatever the configuration says");
  return description;
}

std::string config_discovery_help() {
  return "Configuration: each input gets the nearest .gafcheck.yaml at or above its directory\n"
         "that lies inside the working directory's tree (the working directory, a directory\n"
         "above it, or one below it on the way to the input; a nested one wins for the files\n"
         "beneath it), else $XDG_CONFIG_HOME/gafcheck/config.yaml; --config FILE, --profile NAME\n"
         "or --no-config instead. A .gafcheck.yaml that came with an input from outside the\n"
         "tree (an upload unpacked in /tmp, ../x) configures nothing unless --trust-config.\n"
         "A file named as a PATH is checked even when an ignore: glob matches it. Each verdict\n"
         "line says what a configuration changed, e.g.\n"
         "  OK       up/a.gaf: 0 errors, 0 warnings, 0 info (configuration\n"
         "           /srv/mods/.gafcheck.yaml turned off 1 finding)\n"
         "and the report's header lists every configuration file used (path, sha256).\n"
         "Examples: cd /srv/uploads && gafcheck check --profile upload 1234/mod.ufo\n"
         "          gafcheck check --trust-config /tmp/unpacked/mod   (obey its .gafcheck.yaml)\n";
}

config::RuleLevels parse_rule_overrides(const std::vector<std::string>& texts) {
  config::RuleLevels levels{};
  for (const std::string& text : texts) {
    const auto equals = text.find('=');
    if (equals == std::string::npos)
      throw UsageError{"--rule takes RULE=LEVEL (e.g. extent.slack=off), not '" + text + "'"};
    const std::string name = text.substr(0, equals);
    const auto rule = rule_from_name(name);
    if (!rule)
      throw UsageError{"--rule: unknown rule id '" + name +
                       "' (gafcheck rules --brief lists them)" + did_you_mean(name, rule_names)};
    const auto level = config::rule_level_from_name(text.substr(equals + 1));
    if (!level)
      throw UsageError{"--rule " + text + ": the level must be off, info, warning or error"};
    levels[static_cast<std::size_t>(*rule)] = *level;
  }
  return levels;
}

RunConfiguration::RunConfiguration(const std::vector<std::string>& roots,
                                   const ConfigOptions& options,
                                   const std::vector<std::string>& listed)
    : rule_texts_(options.rules), working_directory_(fs::current_path().string()) {
  const config::RuleLevels command_line = parse_rule_overrides(options.rules);
  const config::Profile* profile = nullptr;
  if (!options.profile.empty()) {
    profile = config::find_profile(options.profile);
    if (!profile)
      throw UsageError{"--profile: unknown profile '" + options.profile + "' (" +
                       config::profile_names() + ")" +
                       did_you_mean(options.profile, config::profile_name_list())};
  }
  if (options.no_config && !options.config_path.empty())
    throw UsageError{"--no-config and --config exclude each other"};
  config::ConfigChoice choice;
  choice.explicit_path = options.config_path;
  choice.none = options.no_config;
  choice.discover = profile == nullptr;
  choice.trust_inputs = options.trust_config;
  loader_ = std::make_unique<config::ConfigLoader>(choice, working_directory_);
  const auto add_root = [this](std::string given, bool scan) {
    while (given.size() > 1 && given.back() == '/') given.pop_back();
    Root root;
    root.given = given;
    root.absolute = fs::absolute(given).lexically_normal().string();
    while (root.absolute.size() > 1 && root.absolute.back() == '/') root.absolute.pop_back();
    std::error_code error;
    const fs::path canonical = fs::canonical(given, error);
    root.resolved = error ? root.absolute : canonical.string();
    root.directory = fs::is_directory(root.resolved, error);
    const std::string directory = root.directory ? root.resolved : parent_of(root.resolved);
    if (!loader_->for_directory(directory)) unconfigured_used_ = true;
    if (root.directory && scan) loader_->scan_below(root.resolved);
    roots_.push_back(std::move(root));
  };
  // A ConfigError is a usage error, with its FILE:LINE:COLUMN message.
  for (const std::string& root : roots) add_root(root, true);
  named_roots_ = roots_.size();
  for (const std::string& path : listed) {
    const auto slash = path.find_last_of('/');
    const std::string directory = slash == std::string::npos ? "."
                                  : slash == 0               ? "/"
                                                             : path.substr(0, slash);
    if (listed_directories_.count(directory)) continue;
    listed_directories_.emplace(directory, roots_.size());
    add_root(directory, false);
  }
  if (roots_.empty()) unconfigured_used_ = !loader_->for_directory(working_directory_);
  configurations_.emplace_back(command_line, nullptr, profile);
  for (const auto& file : loader_->loaded()) {
    configuration_index_.emplace(file.get(), configurations_.size());
    configurations_.emplace_back(command_line, file, profile);
  }
}

const config::Configuration& RunConfiguration::configuration_of(
    const config::ConfigFile* file) const {
  if (!file) return configurations_.front();
  return configurations_[configuration_index_.at(file)];
}

namespace {

// Where a configuration comes from, for a message.
std::string source_label(const config::Configuration& configuration) {
  return configuration.file() ? "'" + escape_bytes(configuration.file()->path) + "'"
                              : std::string("no configuration file");
}

// One run-wide value, which every configuration of the run must agree on.
template <typename T>
void agree(std::optional<std::pair<T, const config::Configuration*>>& settled, const T& value,
           const config::Configuration& from, const std::string& what, const std::string& shown) {
  if (settled && settled->first != value)
    throw UsageError{"the inputs' configurations disagree on " + what + ": " +
                     source_label(*settled->second) + " and " + source_label(from) + " (" + shown +
                     "): check their inputs in separate runs, or set " + what +
                     " on the command line"};
  if (!settled) settled.emplace(value, &from);
}

}  // namespace

void RunConfiguration::settle(RunOptions& options, const po::variables_map& given) const {
  std::optional<std::pair<std::string, const config::Configuration*>> fail_on, game;
  std::array<std::optional<std::pair<std::uint64_t, const config::Configuration*>>,
             budget_kind_count>
      budgets{};
  // A setting the command line gives is the run's whatever the configurations say.
  const bool own_fail_on = given_on_command_line(given, "fail-on");
  const bool own_game = given_on_command_line(given, "game");
  for (std::size_t index = unconfigured_used_ ? 0 : 1; index < configurations_.size(); ++index) {
    const config::Configuration& configuration = configurations_[index];
    const config::ConfigFile* file = configuration.file();
    const std::string fail =
        file && file->fail_on ? *file->fail_on : configuration.profile().fail_on;
    if (!own_fail_on)
      agree(fail_on, fail, configuration, "fail-on",
            fail_on ? fail_on->first + " against " + fail : fail);
    const std::string engine = file && file->game ? *file->game : std::string("ta");
    if (!own_game)
      agree(game, engine, configuration, "game",
            game ? game->first + " against " + engine : engine);
    for (const BudgetSpec& spec : budget_specs) {
      if (given_on_command_line(given, budget_option(spec))) continue;
      std::uint64_t limit = spec.default_limit;
      if (file && file->budgets.count(spec.kind)) limit = file->budgets.at(spec.kind);
      auto& slot = budgets[static_cast<std::size_t>(spec.kind)];
      agree(slot, limit, configuration, budget_option(spec),
            slot ? std::to_string(slot->first) + " against " + std::to_string(limit) : "");
    }
  }
  if (fail_on) options.fail_on = fail_on->first;
  if (!given_on_command_line(given, "min-severity"))
    if (const auto least = min_severity())
      options.min_severity = std::string(severity_name(*least));
  if (game) {
    options.game = game->first;
    options.check.game = *game_from_name(game->first);
  }
  for (const BudgetSpec& spec : budget_specs)
    if (const auto& slot = budgets[static_cast<std::size_t>(spec.kind)])
      options.check.limits[spec.kind] = slot->first;
}

std::optional<Severity> RunConfiguration::min_severity() const {
  std::optional<Severity> least;
  for (std::size_t index = unconfigured_used_ ? 0 : 1; index < configurations_.size(); ++index)
    if (const auto severity = configurations_[index].min_severity())
      least = least ? std::min(*least, *severity) : *severity;
  return least;
}

const RunConfiguration::Root* RunConfiguration::root_of(const std::string& input_path,
                                                        std::string_view& rest) const {
  const Root* best = nullptr;
  for (std::size_t i = 0; i < named_roots_; ++i) {
    const std::string& given = roots_[i].given;
    const bool inside =
        input_path == given ||
        (input_path.size() > given.size() && input_path.compare(0, given.size(), given) == 0 &&
         (given.back() == '/' || input_path[given.size()] == '/'));
    if (inside && (!best || given.size() > best->given.size())) {
      best = &roots_[i];
      rest = std::string_view(input_path).substr(given.size());
    }
  }
  if (!best && !listed_directories_.empty()) {
    const auto slash = input_path.find_last_of('/');
    const std::string directory = slash == std::string::npos ? "."
                                  : slash == 0               ? "/"
                                                             : input_path.substr(0, slash);
    if (const auto found = listed_directories_.find(directory);
        found != listed_directories_.end()) {
      best = &roots_[found->second];
      rest = std::string_view(input_path).substr(slash == std::string::npos ? 0 : slash);
    }
  }
  while (!rest.empty() && rest.front() == '/') rest.remove_prefix(1);
  return best;
}

RunConfiguration::Scope RunConfiguration::scope(const std::string& input_path) const {
  std::string_view rest;
  const Root* root = root_of(input_path, rest);
  // The input's path, resolved (through its root) and as written (absolute), and the directory
  // whose configuration it gets.
  std::string resolved, absolute, directory;
  if (root) {
    resolved = root->resolved;
    absolute = root->absolute;
    if (!rest.empty()) {
      resolved = join_path(resolved, rest);
      absolute = join_path(absolute, rest);
    }
    directory = rest.empty() && root->directory ? resolved : parent_of(resolved);
  } else {  // not under a root: a path the caller made up; nothing is looked at
    absolute = resolved = fs::absolute(input_path).lexically_normal().string();
    directory = parent_of(resolved);
  }
  Scope scope;
  const auto file = loader_->known_for(directory);
  scope.configuration = &configuration_of(file.get());
  // Relative to the configuration's directory; an input outside it (a user-wide or --config
  // file elsewhere) is matched by its path relative to the working directory, else as given.
  if (file && is_within(resolved, file->directory))
    scope.path = relative_to(resolved, file->directory);
  else if (file && is_within(absolute, file->directory))
    scope.path = relative_to(absolute, file->directory);
  else if (is_within(absolute, working_directory_))
    scope.path = relative_to(absolute, working_directory_);
  else
    scope.path = input_path;
  return scope;
}

bool RunConfiguration::leaves_out(const InputItem& item, const Scope& scope) {
  return !item.named && scope.configuration->ignores(scope.path);
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
  for (std::size_t index = unconfigured_used_ || configurations_.size() == 1 ? 0 : 1;
       index < configurations_.size(); ++index) {
    const config::Configuration& configuration = configurations_[index];
    if (std::find(names.begin(), names.end(), configuration.profile().name) == names.end())
      names.push_back(configuration.profile().name);
  }
  std::string label;
  for (const std::string& name : names) label += (label.empty() ? "" : ",") + name;
  return label;
}

std::vector<ReadFile> files_read_besides_inputs(const std::string& baseline,
                                                const std::string& palette,
                                                const RunConfiguration* configuration) {
  std::vector<ReadFile> files;
  if (!baseline.empty()) files.push_back({baseline, "--baseline report"});
  if (!palette.empty()) files.push_back({disk_path_of(palette), "--palette"});
  if (configuration)
    for (const ConfigSource& source : configuration->sources())
      files.push_back({source.path, "configuration"});
  return files;
}

}  // namespace gafcheck
