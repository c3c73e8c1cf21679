#include "validator/config/discovery.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>

namespace gafcheck::config {
namespace {

// lstat, not stat: a symlink named .gafcheck.yaml is found, and then refused by load_config.
bool entry_exists(const std::filesystem::path& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

}  // namespace

std::string user_config_path() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  std::filesystem::path base;
  if (xdg && xdg[0] == '/') {
    base = xdg;
  } else if (const char* home = std::getenv("HOME"); home && home[0] != '\0') {
    base = std::filesystem::path(home) / ".config";
  } else {
    return {};
  }
  return (base / "gafcheck" / "config.yaml").string();
}

std::string find_upward(const std::string& root) {
  std::filesystem::path directory = std::filesystem::absolute(root).lexically_normal();
  struct stat info {};
  if (::stat(directory.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
    directory = directory.parent_path();
  while (true) {
    const std::filesystem::path candidate = directory / config_file_name;
    if (entry_exists(candidate)) return candidate.string();
    if (!directory.has_relative_path()) return {};  // the filesystem root
    directory = directory.parent_path();
  }
}

std::shared_ptr<const ConfigFile> ConfigLoader::load(const std::string& path,
                                                     bool follow_symlinks) {
  auto& slot = loaded_[path];
  if (!slot) slot = std::make_shared<const ConfigFile>(load_config(path, follow_symlinks));
  return slot;
}

std::shared_ptr<const ConfigFile> ConfigLoader::for_root(const std::string& root) {
  if (choice_.none) return nullptr;
  if (!choice_.explicit_path.empty()) return load(choice_.explicit_path, true);
  if (const std::string found = find_upward(root); !found.empty()) return load(found, false);
  const std::string user = user_config_path();
  if (!user.empty() && entry_exists(user)) return load(user, true);
  return nullptr;
}

}  // namespace gafcheck::config
