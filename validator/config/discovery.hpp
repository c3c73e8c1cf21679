#pragma once
// Where an input's configuration comes from: --config FILE; else the nearest .gafcheck.yaml in
// the input root's directory (the root itself when it is a directory) or any directory above it;
// else $XDG_CONFIG_HOME/gafcheck/config.yaml ($HOME/.config when XDG_CONFIG_HOME is unset or not
// absolute); else none. --no-config: none. Everything is read at startup, before the sandbox
// confines the process (which may then no longer read outside the inputs).
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "validator/config/config_file.hpp"

namespace gafcheck::config {

inline constexpr const char* config_file_name = ".gafcheck.yaml";

struct ConfigChoice {
  std::string explicit_path;  // --config FILE
  bool none = false;          // --no-config
};

// The user-wide configuration's path from the environment, or empty when neither
// XDG_CONFIG_HOME (absolute) nor HOME is set.
std::string user_config_path();

// The nearest .gafcheck.yaml at or above the directory of `root` (absolute path), or empty.
std::string find_upward(const std::string& root);

// Loads the configurations of several roots, each file once (by path). Throws ConfigError.
class ConfigLoader {
 public:
  explicit ConfigLoader(ConfigChoice choice) : choice_(std::move(choice)) {}
  // The configuration for inputs under this root (nullptr: none).
  std::shared_ptr<const ConfigFile> for_root(const std::string& root);

 private:
  std::shared_ptr<const ConfigFile> load(const std::string& path, bool follow_symlinks);

  ConfigChoice choice_;
  std::map<std::string, std::shared_ptr<const ConfigFile>> loaded_;
};

}  // namespace gafcheck::config
