// Reading .gafcheck.yaml (validator/config/config_file.hpp): every key, and every mistake as a
// ConfigError naming FILE:LINE:COLUMN.
#include "validator/config/config_file.hpp"

#include <gtest/gtest.h>

#include <string>

#include "validator/core/quantity.hpp"

namespace gafcheck::config {
namespace {

ConfigFile parse(const std::string& text) {
  return parse_config(text, "cfg.yaml", "/repo");
}

// The message of the ConfigError the text gives ("" when it parses).
std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "";
}

TEST(ConfigFile, ReadsEveryKey) {
  const ConfigFile config = parse(
      "extends: upload\n"
      "game: tak\n"
      "fail-on: warning\n"
      "min-severity: error\n"
      "max-file-size: 64M\n"
      "max-findings: 500\n"
      "rules:\n"
      "  extent.slack: off\n"
      "  entry.alias: warning\n"
      "ignore: [build/, '*.bak', '!keep.bak']\n"
      "per-file:\n"
      "  'textures/**': {storage.raw-required: info}\n"
      "suppress:\n"
      "  - rule: entry.alias\n"
      "    path: anims/ARMCOM.GAF\n"
      "    sha256: 8AC41558AF4D17A2ADE97950016FEE3A73065EF994902601704493F0DAF23D75\n"
      "    justification: retail file\n");
  EXPECT_EQ(config.profile, "upload");
  EXPECT_EQ(config.game, "tak");
  EXPECT_EQ(config.fail_on, "warning");
  EXPECT_EQ(config.min_severity, Severity::error);
  EXPECT_EQ(config.budgets.at(BudgetKind::file_size), 64u << 20);
  EXPECT_EQ(config.budgets.at(BudgetKind::findings), 500u);
  EXPECT_EQ(config.rules[static_cast<std::size_t>(RuleId::extent_slack)], RuleLevel::off);
  EXPECT_EQ(config.rules[static_cast<std::size_t>(RuleId::entry_alias)], RuleLevel::warning);
  EXPECT_FALSE(config.rules[static_cast<std::size_t>(RuleId::header_truncated)]);
  ASSERT_EQ(config.ignore.patterns().size(), 3u);
  EXPECT_TRUE(config.ignore.matches("build/x.gaf"));
  EXPECT_TRUE(config.ignore.matches("a/old.bak"));
  EXPECT_FALSE(config.ignore.matches("a/keep.bak"));
  ASSERT_EQ(config.per_file.size(), 1u);
  EXPECT_TRUE(config.per_file[0].pattern.matches("textures/a/b.gaf"));
  EXPECT_EQ(config.per_file[0].levels[static_cast<std::size_t>(RuleId::storage_raw_required)],
            RuleLevel::info);
  ASSERT_EQ(config.suppress.size(), 1u);
  EXPECT_EQ(config.suppress[0].rule, RuleId::entry_alias);
  EXPECT_EQ(config.suppress[0].sha256,
            "8ac41558af4d17a2ade97950016fee3a73065ef994902601704493f0daf23d75");
  EXPECT_EQ(config.suppress[0].justification, "retail file");
  EXPECT_EQ(config.sha256.size(), 64u);
}

TEST(ConfigFile, EmptyFileAndCommentsAreNoSettings) {
  const ConfigFile config = parse("# nothing yet\n");
  EXPECT_EQ(config.profile, "retail");
  EXPECT_FALSE(config.fail_on);
  EXPECT_FALSE(config.min_severity);
  EXPECT_TRUE(config.suppress.empty());
}

TEST(ConfigFile, ErrorsNameFileLineAndColumn) {
  const std::pair<const char*, const char*> cases[] = {
      {"rules: {}\nbogus: 1\n", "cfg.yaml:2:1: unknown key (known: extends"},
      {"rules: {}\nfail_on: error\n", "cfg.yaml:2:1: unknown key 'fail_on' (known: extends"},
      {"rules:\n  entry.bogus: off\n", "cfg.yaml:2:3: unknown rule id (gafcheck rules"},
      {"rules:\n  entry.alais: off\n", "cfg.yaml:2:3: unknown rule id 'entry.alais'"},
      {"rules:\n  entry.alias: loud\n", "cfg.yaml:2:16: bad level (off, info"},
      {"rules:\n  entry.alias: warnng\n", "cfg.yaml:2:16: bad level 'warnng' (off, info"},
      {"ignore:\n  - 'anims/[ab.gaf'\n", "cfg.yaml:2:5: bad glob: an unclosed '['"},
      {"per-file:\n  '!x': {entry.alias: off}\n", "cfg.yaml:2:3: bad glob: '!' (negation)"},
      {"suppress:\n  - rule: entry.alias\n    path: a.gaf\n",
       "cfg.yaml:2:5: a suppression without a justification"},
      {"suppress:\n  - {rule: entry.alias, path: a.gaf, justification: ''}\n",
       "cfg.yaml:2:53: an empty justification"},
      {"suppress:\n  - {rule: entry.alias, path: a.gaf, justification: x, sha256: abc}\n",
       "cfg.yaml:2:64: sha256 must be 64 hexadecimal digits"},
      {"- a\n- b\n", "cfg.yaml:1:1: a configuration must be a map"},
      {"extends: lenient\n", "cfg.yaml:1:10: unknown profile (retail, upload, census"},
      {"extends: uplod\n", "cfg.yaml:1:10: unknown profile 'uplod'"},
      {"fail-on: sometimes\n", "cfg.yaml:1:10: fail-on must be error, warning, info or never"},
      {"game: ta2\n", "cfg.yaml:1:7: game must be ta, tak or ta3d"},
      {"min-severity: never\n", "cfg.yaml:1:15: min-severity must be error, warning or info"},
      {"max-depth: 3X\n", "cfg.yaml:1:12: max-depth takes a whole number"},
      {"rules: [entry.alias]\n", "cfg.yaml:1:8: rules must be a map"},
      {"ignore: build/\n", "cfg.yaml:1:9: ignore must be a list"},
  };
  for (const auto& [text, expected] : cases)
    EXPECT_EQ(error_of(text).rfind(expected, 0), 0u) << text << "\ngot: " << error_of(text);
}

TEST(ConfigFile, RefusesWhatOnlyAHostileFileWouldHold) {
  EXPECT_EQ(error_of("rules: &r {entry.alias: off}\nper-file: {x: *r}\n")
                .rfind("cfg.yaml:1:8: an anchor", 0),
            0u)
      << error_of("rules: &r {entry.alias: off}\nper-file: {x: *r}\n");
  EXPECT_NE(error_of("game: !!str ta\n").find("cfg.yaml:1:7: a tag"), std::string::npos);
  EXPECT_NE(error_of("game: ta\ngame: tak\n").find("cfg.yaml:2:1: the same key a second time"),
            std::string::npos);
  EXPECT_NE(error_of("ignore: " + std::string(20, '[') + std::string(20, ']') + "\n")
                .find("cfg.yaml:1:17: nesting deeper than 8 levels"),
            std::string::npos);
  EXPECT_NE(error_of("game: ta\n---\ngame: tak\n").find("more than one YAML document"),
            std::string::npos);
  std::string many = "ignore:\n";
  for (int i = 0; i <= 1000; ++i) many += "  - a" + std::to_string(i) + "\n";
  EXPECT_NE(error_of(many).find("cfg.yaml:1002:5: more than 1000 globs"), std::string::npos)
      << error_of(many);
  many.resize(many.rfind("  - a1000"));
  EXPECT_EQ(error_of(many), "");  // 1000 are fine
  // The control: the same settings without the anchor parse.
  EXPECT_EQ(error_of("rules: {entry.alias: off}\nper-file: {x: {entry.alias: off}}\n"), "");
}

// A file named as a configuration by mistake (a secrets file, a line of a password database, a
// binary) is refused by position and kind; nothing of its text is printed, however much it looks
// like a setting (a passphrase of lower-case words), unless it is a near miss of a public name.
TEST(ConfigFile, ErrorsNeverPrintTextThatIsNotASetting) {
  const std::pair<std::string, std::string> cases[] = {
      {"api_token_9f8e7d6c5b4a39281706f5e4d3c2b1a0: x\n", "cfg.yaml:1:1: unknown key (known:"},
      {"rules: {}\nAWS_SECRET_ACCESS_KEY: wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY\n",
       "cfg.yaml:2:1: unknown key (known:"},
      {"password-1234567890: hunter2\n", "cfg.yaml:1:1: unknown key (known:"},
      {"rules:\n  ghp_R4nd0mT0k3nV4lu3: off\n", "cfg.yaml:2:3: unknown rule id (gafcheck"},
      {"rules:\n  entry.alias: S3cr3tP4ss\n", "cfg.yaml:2:16: bad level (off,"},
      {"extends: correct-horse-battery-staple-a9f3e1c7\n", "cfg.yaml:1:10: unknown profile ("},
      {"max-file-size: 0xDEADBEEF\n", "cfg.yaml:1:16: max-file-size takes a whole number"},
      {"ignore: ['[sk_live_4eC39HqLyjWDarjtT1zdp7dc']\n", "cfg.yaml:1:10: bad glob: an unclosed"},
      {"operator:$6$Qx9z$Zt0ken4bc: 19000\nsecret_key: a\nsecret_key: b\n",
       "cfg.yaml:3:1: the same key a second time"},
      {"daemon:*:19000:0:99999:7:::\n", "cfg.yaml:1:1: unknown key (known:"},  // a key, ':'
      {"root:$6$Zq3vN8$Kf0tQ8cRw0bYfJm1:19655:0:99999:7:1:2:0\n",
       "cfg.yaml:1:1: a configuration must be a map"},
      {std::string("\x7f"
                   "ELF\x02\x01\x01\0\0\0",
                   10),
       "cfg.yaml:"},
  };
  for (const auto& [text, expected] : cases) {
    const std::string error = error_of(text);
    EXPECT_EQ(error.rfind(expected, 0), 0u) << "got: " << error;
    for (const char* secret :
         {"token", "AWS", "wJalr", "password", "hunter", "ghp", "S3cr3t", "horse", "DEADBEEF",
          "sk_live", "secret", "Zt0ken", "daemon", "99999", "ELF", "root", "Zq3vN8"})
      EXPECT_EQ(error.find(secret), std::string::npos) << secret << " in: " << error;
  }
  // The control: a mistyped setting in a real configuration is still named.
  EXPECT_EQ(error_of("fail-onn: warning\n").rfind("cfg.yaml:1:1: unknown key 'fail-onn'", 0), 0u);
  EXPECT_EQ(error_of("rules: {entry.aliass: off}\n")
                .rfind("cfg.yaml:1:9: unknown rule id 'entry.aliass'", 0),
            0u);
  EXPECT_EQ(
      error_of("rules: {entry.alias: warnig}\n").rfind("cfg.yaml:1:22: bad level 'warnig'", 0), 0u);
  EXPECT_EQ(error_of("max-file-sise: 1M\n").rfind("cfg.yaml:1:1: unknown key 'max-file-sise'", 0),
            0u);
}

// Every glob component costs a step for every path component matched: their total is bounded.
TEST(ConfigFile, GlobComponentsAreBoundedInAll) {
  // 4 globs of 2,048 components ("d/d/.../d", 4,095 bytes: under the length bound) are at the
  // bound; one more glob ("x": "**/x", two components) is over it.
  std::string deep = "d";
  for (int i = 1; i < 2048; ++i) deep += "/d";
  std::string text = "ignore:\n";
  for (int i = 0; i < 4; ++i) text += "  - '" + deep + "'\n";
  const std::string at_bound = error_of(text);
  text += "  - x\n";
  const std::string over = error_of(text);
  EXPECT_EQ(at_bound, "") << at_bound;
  EXPECT_EQ(over.rfind("cfg.yaml:6:5: globs of more than 8192 path components in all", 0), 0u)
      << over;
  // A glob too long by itself is refused too, as before (max_pattern_bytes).
  const std::string wide = "ignore:\n  - '" + std::string(5000, 'a') + "'\n";
  EXPECT_NE(error_of(wide).find("cfg.yaml:2:5: bad glob: a pattern longer than"), std::string::npos)
      << error_of(wide);
}

TEST(ConfigFile, QuantitiesTakeTheCommandLineSuffixes) {
  EXPECT_EQ(*parse_quantity("4K", "max-file-size"), 4096u);
  EXPECT_EQ(*parse_quantity("2g", "max-file-size"), 2ull << 30);
  EXPECT_FALSE(parse_quantity("99999999999999999999", "max-file-size"));
  const Result<std::uint64_t> too_large = parse_quantity("18446744073709551615G", "max-file-size");
  ASSERT_FALSE(too_large);
  EXPECT_EQ(too_large.problem().message, "max-file-size: 18446744073709551615G is too large");
  EXPECT_EQ(too_large.problem().code, ExitCode::usage);
}

}  // namespace
}  // namespace gafcheck::config
