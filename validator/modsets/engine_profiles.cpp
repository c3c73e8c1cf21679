#include "validator/modsets/engine_profiles.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>

#include "validator/base/errors.hpp"

namespace gafcheck {
extern const char engines_yaml_data[];
extern const std::size_t engines_yaml_size;
}  // namespace gafcheck

namespace gafcheck::modsets {
namespace {

std::map<std::string, std::int64_t> ranks_of(const YAML::Node& node) {
  std::map<std::string, std::int64_t> ranks;
  if (!node) return ranks;
  for (const auto& item : node)
    ranks[item.first.as<std::string>()] = item.second.as<std::int64_t>();
  return ranks;
}

EngineProfile profile_of(const YAML::Node& node) {
  EngineProfile profile;
  profile.name = node["name"].as<std::string>();
  profile.title = node["title"].as<std::string>();
  if (node["loose_files"]) profile.loose_rank = node["loose_files"].as<std::int64_t>();
  profile.archives = ranks_of(node["archives"]);
  profile.named = ranks_of(node["named"]);
  const std::string order = node["order"].as<std::string>();
  if (order != "name" && order != "listing")
    throw InternalError{"engine " + profile.name + ": order is name or listing, not " + order};
  profile.order = order == "name" ? SourceOrder::name : SourceOrder::listing;
  const std::string winner = node["winner"].as<std::string>();
  if (winner != "first" && winner != "last")
    throw InternalError{"engine " + profile.name + ": winner is first or last, not " + winner};
  profile.last_wins = winner == "last";
  profile.case_fold = node["case_fold"].as<bool>();
  profile.subfolders = node["subfolders"].as<bool>();
  profile.requires_footer = node["requires_footer"] && node["requires_footer"].as<bool>();
  profile.source = node["source"].as<std::string>();
  return profile;
}

}  // namespace

std::optional<std::int64_t> EngineProfile::archive_rank(std::string_view folded_file_name) const {
  if (const auto found = named.find(std::string(folded_file_name)); found != named.end())
    return found->second;
  const std::size_t dot = folded_file_name.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  if (const auto found = archives.find(std::string(folded_file_name.substr(dot + 1)));
      found != archives.end())
    return found->second;
  return std::nullopt;
}

const EngineProfile* EngineProfiles::find(std::string_view name) const {
  for (const EngineProfile& engine : engines)
    if (engine.name == name) return &engine;
  return nullptr;
}

std::string EngineProfiles::names() const {
  std::string names;
  for (const EngineProfile& engine : engines) names += (names.empty() ? "" : ", ") + engine.name;
  return names;
}

EngineProfiles parse_engine_profiles(std::string_view yaml_text) {
  try {
    const YAML::Node root = YAML::Load(std::string(yaml_text));
    EngineProfiles profiles;
    profiles.default_engine = root["default"].as<std::string>();
    for (const auto& node : root["engines"]) profiles.engines.push_back(profile_of(node));
    if (!profiles.find(profiles.default_engine))
      throw InternalError{"the default engine " + profiles.default_engine + " has no profile"};
    return profiles;
  } catch (const YAML::Exception& error) {
    throw InternalError{std::string("engine profiles: ") + error.what()};
  }
}

const EngineProfiles& embedded_engine_profiles() {
  static const EngineProfiles profiles =
      parse_engine_profiles({engines_yaml_data, engines_yaml_size});
  return profiles;
}

bool is_archive_extension(std::string_view lowercase_extension) {
  static constexpr std::string_view extensions[] = {"hpi", "ufo", "ccx", "gp3", "gpf"};
  return std::find(std::begin(extensions), std::end(extensions), lowercase_extension) !=
         std::end(extensions);
}

}  // namespace gafcheck::modsets
