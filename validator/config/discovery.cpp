#include "validator/config/discovery.hpp"

#include <dirent.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>

namespace gafcheck::config {
namespace {

// lstat, not stat: a symlink named .gafcheck.yaml is found, and then refused by load_config.
bool entry_exists(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

std::string joined(const std::string& directory, const std::string& name) {
  return directory == "/" ? "/" + name : directory + "/" + name;
}

std::string parent_of(const std::string& directory) {
  const auto slash = directory.find_last_of('/');
  return slash == 0 || slash == std::string::npos ? "/" : directory.substr(0, slash);
}

// `inner` is `outer` or lies under it (both absolute and lexically normal).
bool inside(const std::string& inner, const std::string& outer) {
  if (outer == "/") return true;
  return inner.size() >= outer.size() && inner.compare(0, outer.size(), outer) == 0 &&
         (inner.size() == outer.size() || inner[outer.size()] == '/');
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

bool within_or_above(const std::string& directory, const std::string& tree) {
  return inside(directory, tree) || inside(tree, directory);
}

ConfigLoader::ConfigLoader(ConfigChoice choice, std::string working_directory)
    : choice_(std::move(choice)), working_directory_(std::move(working_directory)) {}

bool ConfigLoader::discovering() const {
  return !choice_.none && choice_.explicit_path.empty() && choice_.discover;
}

bool ConfigLoader::trusted(const std::string& directory) const {
  return choice_.trust_inputs || within_or_above(directory, working_directory_);
}

std::shared_ptr<const ConfigFile> ConfigLoader::load(const std::string& path,
                                                     bool follow_symlinks) {
  auto& slot = loaded_[path];
  if (!slot) {
    slot = std::make_shared<const ConfigFile>(load_config(path, follow_symlinks));
    order_.push_back(slot);
  }
  return slot;
}

std::shared_ptr<const ConfigFile> ConfigLoader::fallback() {
  if (!fallback_) {
    fallback_ = nullptr;
    if (choice_.none) return nullptr;
    if (!choice_.explicit_path.empty())
      fallback_ = load(choice_.explicit_path, true);
    else if (const std::string user = user_config_path();
             choice_.discover && !user.empty() && entry_exists(user))
      fallback_ = load(user, true);
  }
  return *fallback_;
}

std::shared_ptr<const ConfigFile> ConfigLoader::look_at(const std::string& directory,
                                                        std::shared_ptr<const ConfigFile> above) {
  const std::string candidate = joined(directory, config_file_name);
  if (trusted(directory) && entry_exists(candidate)) above = load(candidate, false);
  answers_[directory] = above;
  return above;
}

std::shared_ptr<const ConfigFile> ConfigLoader::for_directory(const std::string& directory) {
  if (!discovering()) return fallback();
  // Up to the nearest configuration (or a directory already looked at, or the filesystem root):
  // the directories above the nearest one are not read, their configurations do not apply.
  std::vector<std::string> chain;
  std::shared_ptr<const ConfigFile> found;
  for (std::string at = directory;; at = parent_of(at)) {
    if (const auto known = answers_.find(at); known != answers_.end()) {
      found = known->second;
      break;
    }
    const std::string candidate = joined(at, config_file_name);
    if (trusted(at) && entry_exists(candidate)) {
      found = load(candidate, false);
      answers_[at] = found;
      break;
    }
    chain.push_back(at);
    if (at == "/") break;
  }
  for (const std::string& at : chain) answers_[at] = found;
  return found ? found : fallback();
}

void ConfigLoader::scan_below(const std::string& directory) {
  if (!discovering()) return;
  for_directory(directory);
  std::vector<std::string> pending{directory};
  while (!pending.empty()) {
    const std::string at = std::move(pending.back());
    pending.pop_back();
    const auto above = answers_.find(at)->second;
    DIR* listing = ::opendir(at.c_str());
    if (!listing) continue;  // the walk reports it
    while (const dirent* entry = ::readdir(listing)) {
      const std::string name = entry->d_name;
      if (name == "." || name == "..") continue;
      const std::string path = joined(at, name);
      bool directory_entry = entry->d_type == DT_DIR;
      if (entry->d_type == DT_UNKNOWN) {
        struct stat info {};
        directory_entry = ::lstat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
      }
      // Below a directory that may not configure its inputs, none may: known_for answers for
      // them from the nearest directory looked at.
      if (!directory_entry || !trusted(path) || answers_.count(path)) continue;
      look_at(path, above);
      pending.push_back(path);
    }
    ::closedir(listing);
  }
}

std::shared_ptr<const ConfigFile> ConfigLoader::known_for(const std::string& directory) const {
  const auto or_fallback = [this](std::shared_ptr<const ConfigFile> found) {
    return found ? found : fallback_.value_or(nullptr);
  };
  if (!discovering()) return or_fallback(nullptr);
  const std::lock_guard<std::mutex> hold(answers_lock_);
  std::shared_ptr<const ConfigFile> found;
  for (std::string at = directory;; at = parent_of(at)) {
    if (const auto known = answers_.find(at); known != answers_.end()) {
      found = known->second;
      break;
    }
    if (at == "/") break;
  }
  answers_.emplace(directory, found);
  return or_fallback(found);
}

}  // namespace gafcheck::config
