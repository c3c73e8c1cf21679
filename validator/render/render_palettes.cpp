#include "validator/render/render_palettes.hpp"

#include <array>
#include <filesystem>
#include <optional>
#include <string_view>
#include <system_error>
#include <utility>

#include "validator/core/text.hpp"
#include "validator/input/input_loader.hpp"

namespace gafcheck {
namespace {

namespace fs = std::filesystem;

constexpr std::array<std::pair<std::string_view, std::string_view>, 6> sides = {{
    {"ara", "aramon"},
    {"tar", "taros"},
    {"ver", "veruna"},
    {"zon", "zhon"},
    {"aid", "aiden"},
    {"cre", "creon"},
}};

// The entry of directory whose name folds to name's, the exact name first.
std::optional<fs::path> find_folded(const fs::path& directory, const std::string& name) {
  std::error_code error;
  if (fs::exists(directory / name, error)) return directory / name;
  const std::string wanted = ascii_lowercase(name);
  for (fs::directory_iterator it(directory, error), end; !error && it != end; it.increment(error))
    if (ascii_lowercase(it->path().filename().string()) == wanted) return it->path();
  return std::nullopt;
}

// (directory, name) pairs relative to the file's directory and the game directory.
struct Candidate {
  bool in_game_palettes;  // palettes/NAME, else NAME beside the file
  std::string name;
};

std::vector<Candidate> candidate_names(const std::string& stem) {
  std::vector<Candidate> names = {{false, stem + ".pcx"}, {true, stem + ".pal"}};
  const std::string prefix = ascii_lowercase(stem.substr(0, 3));
  for (const auto& [letters, side] : sides)
    if (prefix == letters) names.push_back({true, std::string(side) + ".pcx"});
  names.push_back({true, "palette.pal"});
  return names;
}

}  // namespace

std::vector<std::string> tak_palette_candidates(const std::string& argument) {
  std::vector<std::string> out;
  const std::string disk = disk_path_of(argument);
  if (disk.size() < argument.size()) {
    // A member: the same archive's members, by path.
    const std::string member = argument.substr(disk.size() + 1);
    const std::size_t slash = member.find_last_of("/\\");
    const std::string directory = slash == std::string::npos ? "" : member.substr(0, slash + 1);
    const std::string file = member.substr(directory.size());
    const std::string stem = file.substr(0, file.rfind('.'));
    std::string game = directory.empty() ? "" : directory.substr(0, directory.size() - 1);
    const std::size_t up = game.find_last_of("/\\");
    game = up == std::string::npos ? "" : game.substr(0, up + 1);
    for (const Candidate& candidate : candidate_names(stem))
      out.push_back(disk + "!" + (candidate.in_game_palettes ? game + "palettes/" : directory) +
                    candidate.name);
    return out;
  }
  const fs::path path(disk);
  const fs::path directory = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const std::string stem = path.stem().string();
  const std::optional<fs::path> palettes = find_folded(directory / "..", "palettes");
  for (const Candidate& candidate : candidate_names(stem)) {
    std::optional<fs::path> found;
    if (!candidate.in_game_palettes)
      found = find_folded(directory, candidate.name);
    else if (palettes)
      found = find_folded(*palettes, candidate.name);
    if (found) out.push_back(found->string());
  }
  return out;
}

}  // namespace gafcheck
