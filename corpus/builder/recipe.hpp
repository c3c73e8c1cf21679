#pragma once
// Corpus recipes: small YAML files that describe one file (a GAF field by field via the builder,
// or another format through its renderer in recipe_formats.hpp) plus
// byte patches, truncation and appended bytes, and the rule ids the result must trigger.
#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "corpus/builder/gaf_builder.hpp"

namespace gafcheck::builder {

struct Patch {
  std::string label;         // a BuiltFile label, or "" for absolute offsets
  std::uint64_t offset = 0;  // added to the label's offset
  int width = 1;             // 1, 2 or 4 bytes
  std::uint32_t value = 0;
  std::string to;  // when set, the value is this label's offset plus value
};

struct Recipe {
  std::string name;  // file stem
  // Which top-level key describes the file: gaf, taf, tsf or hpi. The seed is NAME.<format>.
  std::string format = "gaf";
  YAML::Node body;  // the description under that key (for formats other than gaf)
  std::string description;
  std::vector<std::string> expect;  // rule ids the seed must trigger ([] = clean)
  // The context the seed is checked in, for rules that depend on it: the path it stands for
  // (e.g. textures/x.gaf; default NAME.FORMAT) and the --game option (ta, tak or ta3d).
  std::string checked_as;
  std::string game = "ta";
  GafSpec gaf;
  std::vector<Patch> patches;
  std::optional<std::uint64_t> truncate;
  std::vector<std::uint8_t> append;
};

// Throws std::runtime_error naming the file and the problem.
Recipe load_recipe(const std::filesystem::path& path);
std::vector<std::uint8_t> render_recipe(const Recipe& recipe);
// "0a 0B ff" -> bytes
std::vector<std::uint8_t> parse_hex_bytes(const std::string& text);
// A recipe number: decimal, 0x-hex or negative; throws std::runtime_error naming `what`.
std::uint64_t recipe_number(const YAML::Node& node, const std::string& what);

// Sets target from map[key] when the recipe gives it (a number, cast to the field's type).
template <typename T>
void read_number(const YAML::Node& map, const char* key, T& target) {
  if (map[key]) target = static_cast<T>(recipe_number(map[key], key));
}
template <typename T>
void read_number(const YAML::Node& map, const char* key, std::optional<T>& target) {
  if (map[key]) target = static_cast<T>(recipe_number(map[key], key));
}

// Sets target from node["name_hex"] when the recipe gives it: exactly 32 bytes of hex.
void read_name_hex(const YAML::Node& node, std::optional<std::array<std::uint8_t, 32>>& target);

}  // namespace gafcheck::builder
