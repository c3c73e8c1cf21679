#pragma once
// The configuration that applies to the inputs under one root: its .gafcheck.yaml (if any), the
// profile that file extends (retail without one), and the command line's --rule overrides. It
// decides which files are not checked at all (ignore:) and, after a file is checked, what its
// findings count for (DESIGN: "configuration applied to findings", between the FileReport and the
// writers). A finding's severity, highest layer first:
//   --rule RULE=LEVEL  >  per-file: (the last matching glob)  >  rules:  >  the profile  >
//   the severity the check gave (the catalogue's, refined for some findings)
// A level `off` drops the finding from the list (FileReport::findings_off counts it); a matching
// suppression keeps it listed with `suppressed: true` and its justification, and it counts for
// neither the verdict nor the exit code. The verdict and retail impact are settled again after.
#include <array>
#include <memory>
#include <string>
#include <string_view>

#include "validator/config/config_file.hpp"
#include "validator/config/path_matcher.hpp"
#include "validator/config/profiles.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck::config {

class Configuration {
 public:
  // No file: the retail profile with only the command line's overrides. `profile` (--profile)
  // replaces the one the file extends.
  explicit Configuration(RuleLevels overrides = {},
                         std::shared_ptr<const ConfigFile> file = nullptr,
                         const Profile* profile = nullptr);

  const ConfigFile* file() const { return file_.get(); }
  const Profile& profile() const { return *profile_; }
  // The display threshold: the file's min-severity, else its profile's (nullopt: neither sets
  // one).
  std::optional<Severity> min_severity() const {
    return file_ && file_->min_severity ? file_->min_severity : profile_->min_severity;
  }
  const RuleLevels& command_line() const { return command_line_; }

  // Paths are relative to the configuration's directory, '/'-separated; an archive member is
  // "archive.ufo!member/path" (a glob that matches the archive matches its members too).
  bool ignores(std::string_view path) const;
  // Whether a suppression with a sha256 may apply to this file (so its contents must be hashed).
  bool needs_hash(std::string_view path) const;
  // The level of a rule for a file, or nullopt when no layer above the profile sets one.
  std::optional<RuleLevel> configured_level(RuleId rule, std::string_view path) const;
  // The severity a finding with this built severity and retail impact gets (off: nullopt).
  std::optional<Severity> severity_for(RuleId rule, Severity built, Retail retail,
                                       std::string_view path) const;
  // The suppression for this rule in this file (its sha256 as reported), or nullptr.
  const Suppression* suppression_for(RuleId rule, std::string_view path,
                                     std::string_view sha256) const;

  // Rates the report's findings, drops those of rules that are off, marks suppressed ones and
  // settles verdict and retail impact again. Records what shaped it: the configuration file
  // (FileReport::config) and how many findings it rated below the severity the check gave them
  // (FileReport::findings_lowered).
  void apply(FileReport& report, std::string_view path) const;

 private:
  // What the configuration says for one file: each rule's level from the layers above the
  // profile (the last matching per-file glob over rules:, --rule over both), and the first
  // suppression that applies to each rule.
  struct FileRules {
    RuleLevels levels{};
    std::array<const Suppression*, rule_count> suppressions{};
  };
  FileRules rules_for(std::string_view path, std::string_view sha256) const;
  // Which of the file's globs match the path (or, for a member, its archive).
  PathMatcher::Match match(std::string_view path) const;
  std::optional<Severity> rate(const FileRules& rules, RuleId rule, Severity built,
                               Retail retail) const;

  std::shared_ptr<const ConfigFile> file_;
  // The per-file: globs, then the suppress: ones (shared: a Configuration is copied).
  std::shared_ptr<const PathMatcher> matcher_;
  const Profile* profile_;
  RuleLevels command_line_;
};

// An archive member's path for matching: the part after the first '!' belongs to the archive.
// "mods/a.ufo!anims/x.gaf" -> "mods/a.ufo".
std::string_view archive_of(std::string_view path);

}  // namespace gafcheck::config
