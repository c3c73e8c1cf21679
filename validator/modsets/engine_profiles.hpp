#pragma once
// How each engine picks the copy of a path it loads when several sources supply it: the engine
// profiles of validator/modsets/engines.yaml, embedded at build time. A rank is "higher wins"; a
// source kind an engine does not read has none.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gafcheck::modsets {

// Sources of one rank in name order (archive file names A-Z folded) or in the engine's directory
// listing order, which gafcheck takes to be name order and reports as uncertain.
enum class SourceOrder : std::uint8_t { name, listing };

struct EngineProfile {
  std::string name;                              // as --engine takes it
  std::string title;                             // for people
  std::optional<std::int64_t> loose_rank;        // loose files; nullopt: not read
  std::map<std::string, std::int64_t> archives;  // extension (lowercase, no dot) -> rank
  std::map<std::string, std::int64_t> named;     // archive file name (folded) -> rank
  SourceOrder order = SourceOrder::name;
  bool last_wins = false;  // within one rank: the last in order wins (else the first)
  bool case_fold = true;
  bool subfolders = false;       // archives below the top of a game folder are read too
  bool requires_footer = false;  // an archive without the copyright footer is not loaded
  std::string source;            // what the profile rests on

  // The rank of an archive with this file name (folded), nullopt when the engine ignores it.
  std::optional<std::int64_t> archive_rank(std::string_view folded_file_name) const;
};

struct EngineProfiles {
  std::string default_engine;
  std::vector<EngineProfile> engines;

  const EngineProfile* find(std::string_view name) const;
  // Every name, comma-separated, for help and errors.
  std::string names() const;
};

// The embedded profiles (parsed once). Throws InternalError when they do not parse.
const EngineProfiles& embedded_engine_profiles();
// Parses profiles YAML; throws InternalError naming what is wrong.
EngineProfiles parse_engine_profiles(std::string_view yaml_text);

// The extensions of the archives any engine reads, lowercase without the dot.
bool is_archive_extension(std::string_view lowercase_extension);

}  // namespace gafcheck::modsets
