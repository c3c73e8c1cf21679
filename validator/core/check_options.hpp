#pragma once
#include <array>
#include <functional>
#include <optional>
#include <string_view>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"

namespace gafcheck {

struct FileReport;

// The engine whose reading of the bytes the findings describe: Total Annihilation, TA: Kingdoms,
// or TA3D (for censuses of TA3D's own data: its truecolor GAF layout is native there).
enum class Game { ta, tak, ta3d };

// The --game values, as written in report headers, indexed by Game.
inline constexpr std::array<std::string_view, 3> game_names = {"ta", "tak", "ta3d"};

inline std::optional<Game> game_from_name(std::string_view name) {
  for (std::size_t i = 0; i < game_names.size(); ++i)
    if (game_names[i] == name) return static_cast<Game>(i);
  return std::nullopt;
}

struct CheckOptions {
  BudgetLimits limits;
  Game game = Game::ta;
  bool all_rows = false;  // list every affected RLE row instead of one finding per frame and rule
  // SHA-256 of every input's bytes. A census turns it off for plain files (hashing is half its
  // work) and hashes only the files it writes documents for.
  bool hash_contents = true;
  // With hash_contents off, still hash an archive and its members: they are in memory only while
  // it is checked.
  bool hash_archive_trees = false;
  // Called with each input's bytes and its finished report, when set (--format html: thumbnails
  // and hex excerpts, made where the bytes are). Must be thread-safe (census -j N).
  std::function<void(ByteView bytes, FileReport& report)> attach;
};

}  // namespace gafcheck
