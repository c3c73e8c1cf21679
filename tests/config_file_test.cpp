// Reading .gafcheck.yaml (validator/config/config_file.hpp): every key, and every mistake as a
// ConfigError naming FILE:LINE:COLUMN.
#include "validator/config/config_file.hpp"

#include <gtest/gtest.h>

#include <string>

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
  EXPECT_TRUE(config.suppress.empty());
}

TEST(ConfigFile, ErrorsNameFileLineAndColumn) {
  const std::pair<const char*, const char*> cases[] = {
      {"rules: {}\nbogus: 1\n", "cfg.yaml:2:1: unknown key 'bogus'"},
      {"rules:\n  entry.bogus: off\n", "cfg.yaml:2:3: unknown rule id 'entry.bogus'"},
      {"rules:\n  entry.alias: loud\n", "cfg.yaml:2:16: bad level 'loud'"},
      {"ignore:\n  - 'anims/[ab.gaf'\n", "cfg.yaml:2:5: bad glob 'anims/[ab.gaf': an unclosed '['"},
      {"per-file:\n  '!x': {entry.alias: off}\n", "cfg.yaml:2:3: bad glob '!x': '!' (negation)"},
      {"suppress:\n  - rule: entry.alias\n    path: a.gaf\n",
       "cfg.yaml:2:5: a suppression without a justification"},
      {"suppress:\n  - {rule: entry.alias, path: a.gaf, justification: ''}\n",
       "cfg.yaml:2:53: an empty justification"},
      {"suppress:\n  - {rule: entry.alias, path: a.gaf, justification: x, sha256: abc}\n",
       "cfg.yaml:2:64: sha256 must be 64 hexadecimal digits"},
      {"- a\n- b\n", "cfg.yaml:1:1: a configuration must be a map"},
      {"extends: lenient\n", "cfg.yaml:1:10: unknown profile 'lenient'"},
      {"fail-on: sometimes\n", "cfg.yaml:1:10: fail-on must be error, warning, info or never"},
      {"game: ta2\n", "cfg.yaml:1:7: game must be ta, tak or ta3d"},
      {"max-depth: 3X\n", "cfg.yaml:1:12: max-depth: unknown suffix 'X'"},
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
  EXPECT_NE(error_of("game: ta\ngame: tak\n").find("cfg.yaml:2:1: the key 'game' a second time"),
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

TEST(ConfigFile, QuantitiesTakeTheCommandLineSuffixes) {
  std::string error;
  EXPECT_EQ(parse_quantity_text("4K", error), 4096u);
  EXPECT_EQ(parse_quantity_text("2g", error), 2ull << 30);
  EXPECT_FALSE(parse_quantity_text("99999999999999999999", error));
  EXPECT_FALSE(parse_quantity_text("18446744073709551615G", error));
  EXPECT_NE(error.find("too large"), std::string::npos);
}

}  // namespace
}  // namespace gafcheck::config
