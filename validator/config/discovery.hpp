#pragma once
// Where an input's configuration comes from:
//   --no-config                 none
//   --config FILE               FILE, for every input
//   --profile NAME              the profile alone (with --config: FILE, under that profile)
//   otherwise                   the nearest trusted .gafcheck.yaml at or above the input's
//                               directory; else $XDG_CONFIG_HOME/gafcheck/config.yaml
//                               ($HOME/.config when XDG_CONFIG_HOME is unset or not absolute)
// A .gafcheck.yaml is trusted only inside the working directory's tree: in the working
// directory, in a directory above it, or in a directory below it (on the way down to the
// input). A file that came with an input from elsewhere (an upload unpacked in /tmp, `../x`, a
// symlink out of the tree: paths are compared resolved) configures nothing, unless
// --trust-config extends trust to every directory. Nearest wins: a nested .gafcheck.yaml
// replaces, for the files beneath it, the ones above it.
//
// Everything is read at startup, before the sandbox confines the process: each directory is
// looked at once (one lstat, remembered), the directories under the walked roots that may hold a
// trusted configuration are scanned then, and later lookups only consult what was remembered.
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "validator/config/config_file.hpp"

namespace gafcheck::config {

inline constexpr const char* config_file_name = ".gafcheck.yaml";

struct ConfigChoice {
  std::string explicit_path;  // --config FILE
  bool none = false;          // --no-config
  bool discover = true;       // false with --profile: no .gafcheck.yaml, no user-wide file
  bool trust_inputs = false;  // --trust-config: a .gafcheck.yaml anywhere above an input counts
};

// The user-wide configuration's path from the environment, or empty when neither
// XDG_CONFIG_HOME (absolute) nor HOME is set.
std::string user_config_path();

// Whether `directory` lies in `tree` or above it (both absolute and lexically normal): the
// directories whose .gafcheck.yaml is trusted without --trust-config, for tree = the working
// directory.
bool within_or_above(const std::string& directory, const std::string& tree);

// Loads configurations, each file once (by path). Throws ConfigError.
class ConfigLoader {
 public:
  // working_directory: absolute and resolved (getcwd's).
  ConfigLoader(ConfigChoice choice, std::string working_directory);

  // The configuration for inputs in this directory (absolute and resolved), or nullptr. Looks
  // at each directory on the way up once, remembering the answer for every one of them.
  std::shared_ptr<const ConfigFile> for_directory(const std::string& directory);
  // Looks, now, at every directory under `directory` that may hold a trusted configuration (all
  // of them with --trust-config; none outside the working directory's tree without it), so
  // that known_for answers for the whole walk. Symlinks are not followed.
  void scan_below(const std::string& directory);
  // What for_directory would answer from what was looked at so far, touching no file: the
  // answer of the nearest directory at or above `directory` that was looked at (remembered for
  // `directory` too, so a walk, which meets a directory after its parent, pays one step for
  // each). Safe to call from several threads.
  std::shared_ptr<const ConfigFile> known_for(const std::string& directory) const;

  // Every configuration file loaded, in the order first loaded.
  const std::vector<std::shared_ptr<const ConfigFile>>& loaded() const { return order_; }

 private:
  bool discovering() const;
  bool trusted(const std::string& directory) const;
  std::shared_ptr<const ConfigFile> load(const std::string& path, bool follow_symlinks);
  std::shared_ptr<const ConfigFile> fallback();
  std::shared_ptr<const ConfigFile> look_at(const std::string& directory,
                                            std::shared_ptr<const ConfigFile> above);

  ConfigChoice choice_;
  std::string working_directory_;
  std::map<std::string, std::shared_ptr<const ConfigFile>> loaded_;
  std::vector<std::shared_ptr<const ConfigFile>> order_;
  // Each directory looked at: the configuration for the inputs in it.
  mutable std::unordered_map<std::string, std::shared_ptr<const ConfigFile>> answers_;
  mutable std::mutex answers_lock_;
  std::optional<std::shared_ptr<const ConfigFile>> fallback_;
};

}  // namespace gafcheck::config
