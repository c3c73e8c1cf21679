// Configuration applied to findings (validator/config/configuration.hpp): the precedence of the
// layers (--rule > per-file > rules > profile > the check's severity), off, suppressions and
// their expiry by sha256, and the verdict settled again.
#include "validator/config/configuration.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "reports/baseline.hpp"
#include "validator/check/check_input.hpp"

namespace gafcheck::config {
namespace {

constexpr const char* file_sha = "8ac41558af4d17a2ade97950016fee3a73065ef994902601704493f0daf23d75";

std::shared_ptr<const ConfigFile> config(const std::string& text) {
  return std::make_shared<const ConfigFile>(parse_config(text, "cfg.yaml", "/repo"));
}

Finding finding(RuleId rule, Severity severity, Retail retail, std::string path = "entry[0]") {
  Finding made;
  made.rule = rule;
  made.severity = severity;
  made.retail = retail;
  made.path = std::move(path);
  made.message = "m";
  return made;
}

// A checked file with an entry.alias error (retail crash), an extent.slack info and a
// header.version-nonstandard warning (retail ignored).
FileReport report() {
  FileReport made;
  made.path = "anims/x.gaf";
  made.sha256 = file_sha;
  made.findings = {finding(RuleId::entry_alias, Severity::error, Retail::crash),
                   finding(RuleId::extent_slack, Severity::info, Retail::none),
                   finding(RuleId::header_version_nonstandard, Severity::warning, Retail::ignored)};
  for (const Finding& item : made.findings) ++made.rule_counts[static_cast<std::size_t>(item.rule)];
  finalize_verdict(made);
  return made;
}

const Finding* find(const FileReport& report, RuleId rule) {
  for (const Finding& item : report.findings)
    if (item.rule == rule) return &item;
  return nullptr;
}

RuleLevels command_line(RuleId rule, RuleLevel level) {
  RuleLevels levels{};
  levels[static_cast<std::size_t>(rule)] = level;
  return levels;
}

TEST(Configuration, WithoutOneNothingChanges) {
  FileReport checked = report();
  Configuration().apply(checked, "anims/x.gaf");
  EXPECT_EQ(checked.verdict, Verdict::errors);
  EXPECT_EQ(checked.retail, Retail::crash);
  EXPECT_EQ(checked.findings.size(), 3u);
  EXPECT_EQ(checked.findings_off, 0u);
  EXPECT_EQ(worst_severity(checked), Severity::error);
}

TEST(Configuration, LayersInOrderOfPrecedence) {
  const auto file = config(
      "extends: strict\n"
      "rules: {entry.alias: info}\n"
      "per-file:\n"
      "  'anims/*.gaf': {entry.alias: warning}\n"
      "  'anims/x.gaf': {entry.alias: error}\n");
  const Configuration configured({}, file);
  // strict (profile) raises info to warning; rules: sets info; the last matching per-file glob
  // sets error; the command line beats them all.
  EXPECT_EQ(configured.severity_for(RuleId::extent_slack, Severity::info, Retail::none, "a.gaf"),
            Severity::warning);
  EXPECT_EQ(configured.severity_for(RuleId::entry_alias, Severity::error, Retail::crash, "b.gaf"),
            Severity::info);
  EXPECT_EQ(
      configured.severity_for(RuleId::entry_alias, Severity::error, Retail::crash, "anims/y.gaf"),
      Severity::warning);
  EXPECT_EQ(
      configured.severity_for(RuleId::entry_alias, Severity::error, Retail::crash, "anims/x.gaf"),
      Severity::error);
  const Configuration overridden(command_line(RuleId::entry_alias, RuleLevel::off), file);
  EXPECT_EQ(
      overridden.severity_for(RuleId::entry_alias, Severity::error, Retail::crash, "anims/x.gaf"),
      std::nullopt);
}

TEST(Configuration, ProfilesRateFindingsAsDocumented) {
  const Configuration retail({}, config("extends: retail\n"));
  const Configuration upload({}, config("extends: upload\n"));
  const Configuration census({}, config("extends: census\n"));
  const Configuration strict({}, config("extends: strict\n"));
  // A warning whose retail impact is garbage: an error for upload only.
  EXPECT_EQ(retail.severity_for(RuleId::entry_alias, Severity::warning, Retail::garbage, "a"),
            Severity::warning);
  EXPECT_EQ(upload.severity_for(RuleId::entry_alias, Severity::warning, Retail::garbage, "a"),
            Severity::error);
  EXPECT_EQ(upload.severity_for(RuleId::entry_alias, Severity::warning, Retail::ignored, "a"),
            Severity::warning);
  EXPECT_EQ(upload.severity_for(RuleId::entry_alias, Severity::info, Retail::dropped, "a"),
            Severity::error);
  EXPECT_EQ(census.severity_for(RuleId::entry_alias, Severity::error, Retail::crash, "a"),
            Severity::error);
  EXPECT_EQ(census.profile().fail_on, "never");
  EXPECT_EQ(census.profile().min_severity, Severity::info);
  EXPECT_EQ(strict.severity_for(RuleId::extent_slack, Severity::info, Retail::none, "a"),
            Severity::warning);
  EXPECT_EQ(strict.profile().fail_on, "warning");
}

TEST(Configuration, OffDropsAndCountsAndSettlesTheVerdict) {
  FileReport checked = report();
  Configuration({}, config("rules: {entry.alias: off}\n")).apply(checked, "anims/x.gaf");
  EXPECT_EQ(find(checked, RuleId::entry_alias), nullptr);
  EXPECT_EQ(checked.findings.size(), 2u);
  EXPECT_EQ(checked.findings_off, 1u);
  EXPECT_EQ(checked.rule_counts[static_cast<std::size_t>(RuleId::entry_alias)], 1u);
  EXPECT_EQ(checked.verdict, Verdict::warnings);
  EXPECT_EQ(checked.retail, Retail::ignored);  // the crash left with its finding
  EXPECT_EQ(worst_severity(checked), Severity::warning);
}

// The file document says which configuration rated it and how many findings it lowered; a
// profile only raises, so it lowers nothing.
TEST(Configuration, RecordsWhichFileRatedAReportAndWhatItLowered) {
  FileReport lowered = report();
  Configuration({}, config("rules: {entry.alias: info, extent.slack: error}\n"))
      .apply(lowered, "anims/x.gaf");
  EXPECT_EQ(lowered.config, "cfg.yaml");
  EXPECT_EQ(lowered.findings_lowered, 1u);  // entry.alias; extent.slack was raised
  FileReport raised = report();
  Configuration({}, config("extends: strict\n")).apply(raised, "anims/x.gaf");
  EXPECT_EQ(raised.findings_lowered, 0u);
  EXPECT_EQ(raised.config, "cfg.yaml");
  FileReport plain = report();
  Configuration().apply(plain, "anims/x.gaf");
  EXPECT_EQ(plain.config, "");
  EXPECT_EQ(plain.findings_lowered, 0u);
}

// --profile replaces the profile the file extends; the file's own levels still apply.
TEST(Configuration, AProfileGivenOverridesTheFilesExtends) {
  const auto file = config("extends: census\nrules: {extent.slack: off}\n");
  const Configuration upload({}, file, find_profile("upload"));
  EXPECT_EQ(upload.profile().name, "upload");
  EXPECT_EQ(upload.severity_for(RuleId::entry_alias, Severity::warning, Retail::garbage, "a"),
            Severity::error);
  EXPECT_EQ(upload.severity_for(RuleId::extent_slack, Severity::info, Retail::none, "a"),
            std::nullopt);
  EXPECT_EQ(Configuration({}, file).profile().name, "census");  // the control
}

TEST(Configuration, ASuppressionKeepsTheFindingListedButUncounted) {
  FileReport checked = report();
  Configuration({}, config("suppress:\n"
                           "  - {rule: entry.alias, path: 'anims/*.gaf', justification: known}\n"))
      .apply(checked, "anims/x.gaf");
  const Finding* alias = find(checked, RuleId::entry_alias);
  ASSERT_NE(alias, nullptr);
  EXPECT_TRUE(alias->suppressed);
  EXPECT_EQ(alias->justification, "known");
  EXPECT_FALSE(find(checked, RuleId::extent_slack)->suppressed);
  EXPECT_EQ(checked.verdict, Verdict::warnings);
  EXPECT_EQ(worst_severity(checked), Severity::warning);
  EXPECT_EQ(checked.retail, Retail::crash);  // still what the game does with the file

  FileReport elsewhere = report();  // the control: a path the suppression does not name
  Configuration({}, config("suppress:\n"
                           "  - {rule: entry.alias, path: 'anims/*.gaf', justification: known}\n"))
      .apply(elsewhere, "other/x.gaf");
  EXPECT_FALSE(find(elsewhere, RuleId::entry_alias)->suppressed);
  EXPECT_EQ(elsewhere.verdict, Verdict::errors);
}

TEST(Configuration, ASuppressionExpiresWhenTheFileChanges) {
  const auto file = config(std::string("suppress:\n  - rule: entry.alias\n    path: anims/x.gaf\n"
                                       "    justification: checked by hand\n    sha256: ") +
                           file_sha + "\n");
  const Configuration configured({}, file);
  EXPECT_TRUE(configured.needs_hash("anims/x.gaf"));
  EXPECT_FALSE(configured.needs_hash("anims/y.gaf"));
  FileReport same = report();
  configured.apply(same, "anims/x.gaf");
  EXPECT_TRUE(find(same, RuleId::entry_alias)->suppressed);
  EXPECT_EQ(same.verdict, Verdict::warnings);

  FileReport changed = report();
  changed.sha256 = std::string(64, '0');
  configured.apply(changed, "anims/x.gaf");
  EXPECT_FALSE(find(changed, RuleId::entry_alias)->suppressed);
  EXPECT_EQ(changed.verdict, Verdict::errors);
}

TEST(Configuration, CountedOnlyFindingsFollowTheirRulesLevel) {
  // 5 entry.alias findings of which 1 is listed (past --max-findings).
  FileReport checked;
  checked.path = "x.gaf";
  checked.findings = {finding(RuleId::extent_slack, Severity::info, Retail::none)};
  checked.rule_counts[static_cast<std::size_t>(RuleId::extent_slack)] = 1;
  checked.rule_counts[static_cast<std::size_t>(RuleId::entry_alias)] = 4;
  checked.findings_suppressed = 4;
  finalize_verdict(checked);
  ASSERT_EQ(checked.verdict, Verdict::errors);
  FileReport lowered = checked;
  Configuration({}, config("rules: {entry.alias: warning}\n")).apply(lowered, "x.gaf");
  EXPECT_EQ(lowered.verdict, Verdict::warnings);
  EXPECT_EQ(counted_severity(lowered, static_cast<std::size_t>(RuleId::entry_alias)),
            Severity::warning);
  FileReport off = checked;
  Configuration({}, config("rules: {entry.alias: off}\n")).apply(off, "x.gaf");
  EXPECT_EQ(off.verdict, Verdict::clean);
  EXPECT_EQ(off.findings_off, 4u);
  EXPECT_EQ(off.retail, Retail::none);
}

TEST(Configuration, IgnoreAndMembersMatchTheirArchive) {
  const Configuration configured({}, config("ignore: ['old/', '*.bak']\n"
                                            "per-file: {'mods/*.ufo': {entry.alias: off}}\n"));
  EXPECT_TRUE(configured.ignores("old/a.gaf"));
  EXPECT_TRUE(configured.ignores("x/y.bak"));
  EXPECT_FALSE(configured.ignores("x/y.gaf"));
  EXPECT_EQ(configured.severity_for(RuleId::entry_alias, Severity::error, Retail::crash,
                                    "mods/a.ufo!anims/x.gaf"),
            std::nullopt);
  EXPECT_EQ(configured.severity_for(RuleId::entry_alias, Severity::error, Retail::crash,
                                    "other/a.ufo!anims/x.gaf"),
            Severity::error);
  EXPECT_EQ(archive_of("mods/a.ufo!anims/x.gaf"), "mods/a.ufo");
}

TEST(Profiles, AreTheFourDocumentedOnes) {
  ASSERT_EQ(builtin_profiles().size(), 4u);
  EXPECT_EQ(default_profile().name, "retail");
  EXPECT_EQ(find_profile("upload")->raise_retail,
            (std::vector<Retail>{Retail::crash, Retail::garbage, Retail::dropped}));
  EXPECT_EQ(find_profile("strict")->floor, Severity::warning);
  EXPECT_EQ(find_profile("lenient"), nullptr);
}

}  // namespace
}  // namespace gafcheck::config
