#include "validator/config/profiles.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "validator/base/errors.hpp"

namespace gafcheck {
extern const char profiles_yaml_data[];
extern const std::size_t profiles_yaml_size;
}  // namespace gafcheck

namespace gafcheck::config {
namespace {

Severity required_severity(const YAML::Node& node, const std::string& what) {
  const auto severity = severity_from_name(node.as<std::string>());
  if (!severity) throw InternalError("profiles.yaml: bad severity for " + what);
  return *severity;
}

std::vector<Profile> parse_profiles() {
  const YAML::Node root = YAML::Load(std::string(profiles_yaml_data, profiles_yaml_size));
  std::vector<Profile> profiles;
  for (const auto& node : root["profiles"]) {
    Profile profile;
    profile.name = node["name"].as<std::string>();
    profile.description = node["description"].as<std::string>();
    profile.fail_on = node["fail-on"].as<std::string>();
    if (profile.fail_on != "never") required_severity(node["fail-on"], profile.name);
    for (const auto& retail : node["raise-retail"]) {
      const auto impact = retail_from_name(retail.as<std::string>());
      if (!impact) throw InternalError("profiles.yaml: bad retail impact in " + profile.name);
      profile.raise_retail.push_back(*impact);
    }
    if (node["floor"]) profile.floor = required_severity(node["floor"], profile.name);
    if (node["min-severity"])
      profile.min_severity = required_severity(node["min-severity"], profile.name);
    profiles.push_back(std::move(profile));
  }
  if (profiles.empty() || profiles.front().name != "retail")
    throw InternalError("profiles.yaml: the first profile must be retail (the default)");
  return profiles;
}

}  // namespace

Severity Profile::severity_for(Severity built, Retail retail) const {
  Severity severity = built;
  if (std::find(raise_retail.begin(), raise_retail.end(), retail) != raise_retail.end())
    severity = Severity::error;
  if (floor) severity = std::max(severity, *floor);
  return severity;
}

const std::vector<Profile>& builtin_profiles() {
  static const std::vector<Profile> profiles = parse_profiles();
  return profiles;
}

const Profile* find_profile(std::string_view name) {
  for (const Profile& profile : builtin_profiles())
    if (profile.name == name) return &profile;
  return nullptr;
}

const Profile& default_profile() {
  return builtin_profiles().front();
}

std::string profile_names() {
  std::string names;
  for (const Profile& profile : builtin_profiles())
    names += (names.empty() ? "" : ", ") + profile.name;
  return names;
}

std::vector<std::string_view> profile_name_list() {
  std::vector<std::string_view> names;
  for (const Profile& profile : builtin_profiles()) names.push_back(profile.name);
  return names;
}

}  // namespace gafcheck::config
