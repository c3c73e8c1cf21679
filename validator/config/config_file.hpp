#pragma once
// One .gafcheck.yaml, read and checked. A configuration lies in the tree it configures, and a mod
// repository's tree is as untrusted as its files: it is read with a size cap, without anchors,
// aliases or tags, with bounded nesting, and every mistake in it (an unknown key or rule id, a
// bad level or glob, a suppression without a justification, a value of the wrong kind) is a
// ConfigError "FILE:LINE:COLUMN: message", a usage error (exit 2). A message names the place and
// the kind of mistake; it quotes text from the file only when the text is a near miss of a
// setting's name (config_yaml.hpp: quoted_if_near), so a secrets file named by mistake is never
// printed.
//
// Keys (all optional):
//   extends: retail | upload | census | strict     the built-in profile (rules/profiles.yaml)
//   game: ta | tak | ta3d
//   fail-on: error | warning | info | never
//   min-severity: error | warning | info            display threshold (never changes the verdict)
//   palette: PATH                                   render's palette, relative to the file's
//                                                   folder; used only from a --config FILE
//   max-file-size, max-entries, ...                 the budgets, named as their options
//   rules: {RULE: off | info | warning | error}
//   ignore: [GLOB, ...]                             files not checked at all
//   per-file: {GLOB: {RULE: LEVEL}}                 rule levels for the files a glob matches
//   suppress: [{rule, path, sha256?, justification}]
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/base/errors.hpp"
#include "validator/config/glob_pattern.hpp"
#include "validator/config/rule_level.hpp"
#include "validator/core/budget.hpp"

namespace gafcheck::config {

// "FILE:LINE:COLUMN: message" (or "FILE: message" when no place applies): a usage error.
struct ConfigError : UsageError {
  using UsageError::UsageError;
};

inline constexpr std::uint64_t max_config_bytes = 256 << 10;
inline constexpr std::size_t max_config_globs = 1000;
// Every path is matched against every glob, one step per glob component (a `**`, a `*.gaf`):
// their total bounds what a configuration costs per file and per directory.
inline constexpr std::size_t max_config_glob_segments = 8192;

struct PerFileLevels {
  GlobPattern pattern;
  RuleLevels levels;
};

struct Suppression {
  RuleId rule{};
  GlobPattern path;
  std::string sha256;  // lower-case hex; empty: whatever the file's contents
  std::string justification;
};

struct ConfigFile {
  std::string path;       // as read (absolute for a discovered one)
  std::string directory;  // patterns are relative to it (absolute, lexically normal)
  std::string sha256;     // of the file's bytes
  std::string profile = "retail";
  std::optional<std::string> game;
  std::optional<std::string> fail_on;
  std::optional<std::string> palette;  // used only from a configuration named with --config
  std::optional<Severity> min_severity;
  std::map<BudgetKind, std::uint64_t> budgets;
  RuleLevels rules{};
  GlobList ignore;
  std::vector<PerFileLevels> per_file;
  std::vector<Suppression> suppress;
};

// Parses configuration text; `path` names it in errors and `directory` is the patterns' base.
ConfigFile parse_config(std::string_view text, const std::string& path,
                        const std::string& directory);

// Reads and parses a file (at most max_config_bytes, a regular file; with follow_symlinks false a
// symlink is refused rather than followed, for a configuration found by searching upward).
ConfigFile load_config(const std::string& path, bool follow_symlinks);

}  // namespace gafcheck::config
