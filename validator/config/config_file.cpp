#include "validator/config/config_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "validator/config/config_yaml.hpp"
#include "validator/config/profiles.hpp"
#include "validator/core/check_options.hpp"
#include "validator/core/near_names.hpp"
#include "validator/core/quantity.hpp"
#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::config {
namespace {

constexpr std::string_view known_keys =
    "extends, game, fail-on, min-severity, palette, rules, ignore, per-file, suppress and the "
    "budget options "
    "(max-file-size, ...)";

std::vector<std::string_view> rule_ids() {
  return {rule_names.begin(), rule_names.end()};
}

std::vector<std::string_view> key_names() {
  static const std::vector<std::string> budget_keys = [] {
    std::vector<std::string> keys;
    for (const BudgetSpec& spec : budget_specs) keys.push_back(budget_option(spec));
    return keys;
  }();
  std::vector<std::string_view> names = {"extends", "game",   "fail-on",  "min-severity", "palette",
                                         "rules",   "ignore", "per-file", "suppress"};
  names.insert(names.end(), budget_keys.begin(), budget_keys.end());
  return names;
}

class Parser {
 public:
  Parser(const std::string& path) : path_(path) {}

  [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const {
    const YAML::Mark mark = node.Mark();
    throw ConfigError(path_ + ":" + std::to_string(mark.line + 1) + ":" +
                      std::to_string(mark.column + 1) + ": " + message);
  }

  std::string scalar(const YAML::Node& node, const std::string& what) const {
    if (!node.IsScalar()) fail(node, what + " must be a single value, not a list or a map");
    return node.Scalar();
  }

  // A name from the file, in a message: quoted only when it is a near miss of one of `names`.
  static std::string shown(const std::string& text, const std::vector<std::string_view>& names) {
    return quoted_if_near(text, names);
  }

  // "unknown key 'fial-on' (known: ...); did you mean 'fail-on'?": `what`, the text when it is a
  // near miss (shown), `details`, and the nearest public name.
  static std::string unknown(const std::string& what, const std::string& text,
                             const std::vector<std::string_view>& names,
                             const std::string& details) {
    return what + shown(text, names) + details + did_you_mean(text, names);
  }

  RuleId rule(const YAML::Node& node) const {
    const std::string name = scalar(node, "a rule id");
    const auto id = rule_from_name(name);
    if (!id)
      fail(node,
           unknown("unknown rule id", name, rule_ids(), " (gafcheck rules --brief lists them)"));
    return *id;
  }

  RuleLevel level(const YAML::Node& node) const {
    const std::string name = scalar(node, "a rule level");
    const auto level = rule_level_from_name(name);
    if (!level)
      fail(node, unknown("bad level", name, {"off", "info", "warning", "error"},
                         " (off, info, warning or error)"));
    return *level;
  }

  GlobPattern glob(const YAML::Node& node, bool negation_allowed) const {
    // Every input is matched against every glob: their number and their components bound
    // that work.
    if (++globs_ > max_config_globs)
      fail(node, "more than " + std::to_string(max_config_globs) +
                     " globs (ignore:, per-file: and suppress: together)");
    const std::string text = scalar(node, "a glob");
    auto pattern = GlobPattern::parse(text);
    if (!pattern) fail(node, "bad glob: " + pattern.problem().message);
    if (pattern->negated() && !negation_allowed)
      fail(node, "bad glob: '!' (negation) is for ignore: lists only");
    segments_ += pattern->segment_count();
    if (segments_ > max_config_glob_segments)
      fail(node, "globs of more than " + std::to_string(max_config_glob_segments) +
                     " path components in all (ignore:, per-file: and suppress: together)");
    return std::move(pattern).value();
  }

  RuleLevels levels(const YAML::Node& node, const std::string& what) const {
    if (!node.IsMap()) fail(node, what + " must be a map of RULE: off|info|warning|error");
    RuleLevels result{};
    for (const auto& item : node)
      result[static_cast<std::size_t>(rule(item.first))] = level(item.second);
    return result;
  }

  template <typename Each>
  void sequence(const YAML::Node& node, const std::string& what, Each each) const {
    if (!node.IsSequence()) fail(node, what + " must be a list");
    for (const auto& item : node) each(item);
  }

  Suppression suppression(const YAML::Node& node) const {
    if (!node.IsMap())
      fail(node, "a suppression must be a map {rule, path, sha256 (optional), justification}");
    Suppression entry;
    bool has_rule = false, has_path = false, has_justification = false;
    for (const auto& item : node) {
      const std::string key = item.first.Scalar();
      if (key == "rule") {
        entry.rule = rule(item.second);
        has_rule = true;
      } else if (key == "path") {
        entry.path = glob(item.second, false);
        has_path = true;
      } else if (key == "sha256") {
        entry.sha256 = scalar(item.second, "sha256");
        bool hex = entry.sha256.size() == 64;
        for (char& c : entry.sha256) {
          c = static_cast<char>(c >= 'A' && c <= 'F' ? c - 'A' + 'a' : c);
          hex = hex && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
        }
        if (!hex) fail(item.second, "sha256 must be 64 hexadecimal digits");
      } else if (key == "justification") {
        entry.justification = scalar(item.second, "justification");
        has_justification = !entry.justification.empty();
        if (!has_justification) fail(item.second, "an empty justification");
      } else {
        fail(item.first, unknown("unknown key", key, {"rule", "path", "sha256", "justification"},
                                 " in a suppression (rule, path, sha256, justification)"));
      }
    }
    if (!has_rule) fail(node, "a suppression without a rule");
    if (!has_path) fail(node, "a suppression without a path");
    if (!has_justification)
      fail(node, "a suppression without a justification (say why the finding is accepted)");
    return entry;
  }

  void budget(const YAML::Node& node, const BudgetSpec& spec, ConfigFile& config) const {
    const std::string text = scalar(node, budget_option(spec));
    const Result<std::uint64_t> value = parse_quantity(text, budget_option(spec));
    if (!value)
      fail(node, budget_option(spec) +
                     " takes a whole number, optionally with K, M or G, that fits 64 bits");
    config.budgets[spec.kind] = *value;
  }

  void key(const YAML::Node& key_node, const YAML::Node& value, ConfigFile& config) const {
    const std::string key = key_node.Scalar();
    if (key == "extends") {
      config.profile = scalar(value, "extends");
      if (!find_profile(config.profile))
        fail(value, unknown("unknown profile", config.profile, profile_name_list(),
                            " (" + profile_names() + ")"));
    } else if (key == "game") {
      config.game = scalar(value, "game");
      if (!game_from_name(*config.game)) fail(value, "game must be ta, tak or ta3d");
    } else if (key == "fail-on") {
      config.fail_on = scalar(value, "fail-on");
      if (*config.fail_on != "never" && !severity_from_name(*config.fail_on))
        fail(value, "fail-on must be error, warning, info or never");
    } else if (key == "palette") {
      config.palette = scalar(value, "palette");
      if (config.palette->empty()) fail(value, "palette names a file or ARCHIVE!member");
    } else if (key == "min-severity") {
      config.min_severity = severity_from_name(scalar(value, "min-severity"));
      if (!config.min_severity) fail(value, "min-severity must be error, warning or info");
    } else if (key == "rules") {
      config.rules = levels(value, "rules");
    } else if (key == "ignore") {
      sequence(value, "ignore",
               [&](const YAML::Node& item) { config.ignore.add(glob(item, true)); });
    } else if (key == "per-file") {
      if (!value.IsMap()) fail(value, "per-file must be a map of GLOB: {RULE: LEVEL}");
      for (const auto& item : value)
        config.per_file.push_back(
            {glob(item.first, false), levels(item.second, "per-file levels")});
    } else if (key == "suppress") {
      sequence(value, "suppress",
               [&](const YAML::Node& item) { config.suppress.push_back(suppression(item)); });
    } else {
      for (const BudgetSpec& spec : budget_specs)
        if (key == budget_option(spec)) return budget(value, spec, config);
      fail(key_node,
           unknown("unknown key", key, key_names(), " (known: " + std::string(known_keys) + ")"));
    }
  }

 private:
  const std::string& path_;
  mutable std::size_t globs_ = 0;
  mutable std::size_t segments_ = 0;
};

}  // namespace

ConfigFile parse_config(std::string_view text, const std::string& path,
                        const std::string& directory) {
  ConfigFile config;
  config.path = path;
  config.directory = directory;
  config.sha256 = sha256_hex(ByteView(text));
  const std::string source(text);
  const std::uint64_t nodes = refuse_unsafe_yaml(source, path);
  YAML::Node root;
  try {
    root = YAML::Load(source);
  } catch (const YAML::Exception& error) {
    throw ConfigError(path + ":" + std::to_string(error.mark.line + 1) + ":" +
                      std::to_string(error.mark.column + 1) + ": " +
                      without_quoted_text(error.msg));
  }
  if (nodes == 0) return config;  // empty, or only comments: no settings
  const Parser parser(path);
  if (!root.IsMap())
    parser.fail(root,
                "a configuration must be a map of settings (" + std::string(known_keys) + ")");
  for (const auto& item : root) parser.key(item.first, item.second, config);
  return config;
}

ConfigFile load_config(const std::string& path, bool follow_symlinks) {
  const int flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (follow_symlinks ? 0 : O_NOFOLLOW);
  const int fd = ::open(path.c_str(), flags);
  if (fd < 0) {
    const int error = errno;
    throw ConfigError(escape_bytes(path) + ": cannot read the configuration: " +
                      (error == ELOOP ? "it is a symlink (a configuration found by searching "
                                        "upward must be a regular file)"
                                      : std::string(std::strerror(error))));
  }
  struct stat info {};
  std::string text;
  const auto close_and_fail = [&](const std::string& reason) {
    ::close(fd);
    throw ConfigError(escape_bytes(path) + ": " + reason);
  };
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode))
    close_and_fail("the configuration is not a regular file");
  if (static_cast<std::uint64_t>(info.st_size) > max_config_bytes)
    close_and_fail("the configuration is larger than " + std::to_string(max_config_bytes) +
                   " bytes");
  char buffer[65536];
  while (true) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0)
      close_and_fail(std::string("cannot read the configuration: ") + std::strerror(errno));
    if (got == 0) break;
    text.append(buffer, static_cast<std::size_t>(got));
    if (text.size() > max_config_bytes)
      close_and_fail("the configuration is larger than " + std::to_string(max_config_bytes) +
                     " bytes");
  }
  ::close(fd);
  const std::string directory =
      std::filesystem::absolute(path).lexically_normal().parent_path().string();
  ConfigFile config = parse_config(text, escape_bytes(path), directory);
  config.path = path;  // raw bytes from here on; messages above named it escaped
  return config;
}

}  // namespace gafcheck::config
