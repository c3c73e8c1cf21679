#include "validator/config/configuration.hpp"

#include <algorithm>

#include "validator/check/check_input.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::config {
namespace {

// A glob matches a member when it matches the member's own path or its archive's.
bool glob_matches(const GlobPattern& pattern, std::string_view path) {
  if (pattern.matches(path)) return true;
  const std::string_view archive = archive_of(path);
  return archive.size() != path.size() && pattern.matches(archive);
}

CountedLevel counted(std::optional<Severity> severity) {
  if (!severity) return CountedLevel::ignored;
  return static_cast<CountedLevel>(static_cast<int>(*severity) + 2);
}

}  // namespace

std::string_view archive_of(std::string_view path) {
  return path.substr(0, std::min(path.find('!'), path.size()));
}

Configuration::Configuration(RuleLevels overrides, std::shared_ptr<const ConfigFile> file)
    : file_(std::move(file)),
      profile_(file_ ? find_profile(file_->profile) : &default_profile()),
      command_line_(overrides) {
  if (!profile_) profile_ = &default_profile();
}

bool Configuration::ignores(std::string_view path) const {
  if (!file_) return false;
  return file_->ignore.matches(path) || file_->ignore.matches(archive_of(path));
}

bool Configuration::needs_hash(std::string_view path) const {
  if (!file_) return false;
  return std::any_of(file_->suppress.begin(), file_->suppress.end(), [&](const Suppression& s) {
    return !s.sha256.empty() && glob_matches(s.path, path);
  });
}

Configuration::FileRules Configuration::rules_for(std::string_view path,
                                                  std::string_view sha256) const {
  FileRules rules;
  if (file_) {
    rules.levels = file_->rules;
    for (const PerFileLevels& entry : file_->per_file) {
      if (!glob_matches(entry.pattern, path)) continue;
      for (std::size_t i = 0; i < rule_count; ++i)
        if (entry.levels[i]) rules.levels[i] = entry.levels[i];
    }
    for (const Suppression& suppression : file_->suppress) {
      const auto rule = static_cast<std::size_t>(suppression.rule);
      if (!rules.suppressions[rule] && glob_matches(suppression.path, path) &&
          (suppression.sha256.empty() || suppression.sha256 == sha256))
        rules.suppressions[rule] = &suppression;
    }
  }
  for (std::size_t i = 0; i < rule_count; ++i)
    if (command_line_[i]) rules.levels[i] = command_line_[i];
  return rules;
}

std::optional<Severity> Configuration::rate(const FileRules& rules, RuleId rule, Severity built,
                                            Retail retail) const {
  if (const auto level = rules.levels[static_cast<std::size_t>(rule)])
    return *level == RuleLevel::off ? std::nullopt : std::optional(severity_of(*level));
  return profile_->severity_for(built, retail);
}

std::optional<RuleLevel> Configuration::configured_level(RuleId rule, std::string_view path) const {
  return rules_for(path, "").levels[static_cast<std::size_t>(rule)];
}

std::optional<Severity> Configuration::severity_for(RuleId rule, Severity built, Retail retail,
                                                    std::string_view path) const {
  return rate(rules_for(path, ""), rule, built, retail);
}

const Suppression* Configuration::suppression_for(RuleId rule, std::string_view path,
                                                  std::string_view sha256) const {
  return rules_for(path, sha256).suppressions[static_cast<std::size_t>(rule)];
}

void Configuration::apply(FileReport& report, std::string_view path) const {
  // The globs are matched once per file, not once per finding.
  const FileRules rules = rules_for(path, report.sha256);
  std::array<bool, rule_count> off{};
  std::vector<Finding> kept;
  kept.reserve(report.findings.size());
  for (Finding& finding : report.findings) {
    const auto severity = rate(rules, finding.rule, finding.severity, finding.retail);
    if (!severity) {
      off[static_cast<std::size_t>(finding.rule)] = true;
      continue;
    }
    finding.severity = *severity;
    if (const Suppression* suppression =
            rules.suppressions[static_cast<std::size_t>(finding.rule)]) {
      finding.suppressed = true;
      finding.justification = suppression->justification;
    }
    kept.push_back(std::move(finding));
  }
  // Counted-only findings: rated at the rule's catalogue severity and retail impact.
  bool any_off = std::find(off.begin(), off.end(), true) != off.end();
  for (std::size_t i = 0; i < rule_count; ++i) {
    if (report.rule_counts[i] == 0) continue;
    const auto rule = static_cast<RuleId>(i);
    const RuleInfo& info = embedded_catalog().info(rule);
    std::optional<Severity> severity = rate(rules, rule, info.severity, info.retail);
    if (!severity) {
      report.findings_off += report.rule_counts[i];
      off[i] = any_off = true;
    } else if (rules.suppressions[i]) {
      severity.reset();
    }
    report.counted_levels[i] = counted(severity);
  }
  report.findings = std::move(kept);
  // The retail impact: the worst among the findings left (finalize_verdict adds the listed ones).
  // Counted-only findings keep theirs unless a rule was turned off, when the catalogue's impact
  // of the rules left stands in for them (what they were refined to is not kept).
  if (any_off) {
    report.retail = Retail::none;
    std::array<std::uint64_t, rule_count> listed{};
    for (const Finding& finding : report.findings) ++listed[static_cast<std::size_t>(finding.rule)];
    for (std::size_t i = 0; i < rule_count; ++i)
      if (!off[i] && report.rule_counts[i] > listed[i])
        report.retail =
            std::max(report.retail, embedded_catalog().info(static_cast<RuleId>(i)).retail);
  }
  finalize_verdict(report);
}

}  // namespace gafcheck::config
