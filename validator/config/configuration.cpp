#include "validator/config/configuration.hpp"

#include <algorithm>

#include "validator/check/check_input.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::config {
namespace {

CountedLevel counted(std::optional<Severity> severity) {
  if (!severity) return CountedLevel::ignored;
  return static_cast<CountedLevel>(static_cast<int>(*severity) + 2);
}

}  // namespace

std::string_view archive_of(std::string_view path) {
  return path.substr(0, std::min(path.find('!'), path.size()));
}

Configuration::Configuration(RuleLevels overrides, std::shared_ptr<const ConfigFile> file,
                             const Profile* profile)
    : file_(std::move(file)),
      profile_(profile ? profile
               : file_ ? find_profile(file_->profile)
                       : &default_profile()),
      command_line_(overrides) {
  if (!profile_) profile_ = &default_profile();
  if (file_) {
    std::vector<const GlobPattern*> others;
    for (const PerFileLevels& entry : file_->per_file) others.push_back(&entry.pattern);
    for (const Suppression& suppression : file_->suppress) others.push_back(&suppression.path);
    matcher_ = std::make_shared<const PathMatcher>(file_->ignore, std::move(others));
  }
}

PathMatcher::Match Configuration::match(std::string_view path) const {
  PathMatcher::Match found = matcher_->match(path);
  // A glob that matches an archive matches its members too.
  if (const std::string_view archive = archive_of(path); archive.size() != path.size()) {
    const PathMatcher::Match outer = matcher_->match(archive);
    found.ignored = found.ignored || outer.ignored;
    for (std::size_t i = 0; i < found.matches.size(); ++i)
      found.matches[i] = found.matches[i] || outer.matches[i];
  }
  return found;
}

bool Configuration::ignores(std::string_view path) const {
  if (!file_ || file_->ignore.empty()) return false;
  return match(path).ignored;
}

bool Configuration::needs_hash(std::string_view path) const {
  if (!file_ || file_->suppress.empty()) return false;
  const PathMatcher::Match found = match(path);
  const std::size_t first = file_->per_file.size();
  for (std::size_t i = 0; i < file_->suppress.size(); ++i)
    if (!file_->suppress[i].sha256.empty() && found.matches[first + i]) return true;
  return false;
}

Configuration::FileRules Configuration::rules_for(std::string_view path,
                                                  std::string_view sha256) const {
  FileRules rules;
  if (file_) {
    rules.levels = file_->rules;
    const PathMatcher::Match found = match(path);
    for (std::size_t index = 0; index < file_->per_file.size(); ++index) {
      if (!found.matches[index]) continue;
      const PerFileLevels& entry = file_->per_file[index];
      for (std::size_t i = 0; i < rule_count; ++i)
        if (entry.levels[i]) rules.levels[i] = entry.levels[i];
    }
    const std::size_t first = file_->per_file.size();
    for (std::size_t index = 0; index < file_->suppress.size(); ++index) {
      const Suppression& suppression = file_->suppress[index];
      const auto rule = static_cast<std::size_t>(suppression.rule);
      if (!rules.suppressions[rule] && found.matches[first + index] &&
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
  if (file_) report.config = file_->path;
  // The globs are matched once per file, not once per finding.
  const FileRules rules = rules_for(path, report.sha256);
  std::array<bool, rule_count> off{};
  std::vector<Finding> kept;
  kept.reserve(report.findings.size());
  std::array<std::uint64_t, rule_count> seen{};  // listed findings per rule, before any is dropped
  for (Finding& finding : report.findings) {
    ++seen[static_cast<std::size_t>(finding.rule)];
    const auto severity = rate(rules, finding.rule, finding.severity, finding.retail);
    if (!severity) {
      off[static_cast<std::size_t>(finding.rule)] = true;
      continue;
    }
    if (*severity < finding.severity) ++report.findings_lowered;
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
    } else if (*severity < info.severity) {
      report.findings_lowered += report.rule_counts[i] - std::min(report.rule_counts[i], seen[i]);
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
