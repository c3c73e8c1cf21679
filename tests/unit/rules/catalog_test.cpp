// The catalogue and the code agree: every id the code can emit is catalogued, every catalogued
// id is one the code can emit. (That every id is triggered by some test is checked by the
// global environment in support/check_helpers.cpp.)
#include <gtest/gtest.h>

#include <set>

#include "validator/core/catalog_digest.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

TEST(Catalog, EveryEmittableRuleIsCatalogued) {
  for (std::string_view name : rule_names)
    EXPECT_NE(embedded_catalog().find(name), nullptr) << name << " is emitted but not catalogued";
}

TEST(Catalog, EveryCataloguedRuleIsEmittable) {
  const std::set<std::string_view> emittable(rule_names.begin(), rule_names.end());
  for (const RuleInfo& rule : embedded_catalog().rules())
    EXPECT_TRUE(emittable.count(rule.id)) << rule.id << " is catalogued but no code emits it";
}

TEST(Catalog, EntriesAreComplete) {
  for (const RuleInfo& rule : embedded_catalog().rules()) {
    EXPECT_FALSE(rule.title.empty()) << rule.id;
    EXPECT_GT(rule.explanation.size(), 20u) << rule.id;
    EXPECT_FALSE(rule.spec.empty()) << rule.id;
    EXPECT_NE(rule.id.find('.'), std::string::npos) << rule.id << " lacks a family prefix";
  }
}

TEST(Catalog, DefaultsMatchTheDesignTable) {
  const Catalog& catalog = embedded_catalog();
  EXPECT_EQ(catalog.info(RuleId::header_entry_count_negative).retail, Retail::dropped);
  EXPECT_EQ(catalog.info(RuleId::entry_alias).severity, Severity::error);
  EXPECT_EQ(catalog.info(RuleId::header_version_zero).severity, Severity::info);
  EXPECT_EQ(catalog.info(RuleId::composite_cycle).retail, Retail::crash);
}

TEST(Catalog, RejectsACatalogueMissingAnEmittedRule) {
  EXPECT_THROW(Catalog::parse("rules: []"), std::runtime_error);
}

TEST(Catalog, RejectsUnknownSeverity) {
  const std::string text = std::string(embedded_catalog_text()) +
                           "\n  - {id: x.y, severity: fatal, retail: none, title: t, "
                           "explanation: e, spec: s}\n";
  EXPECT_THROW(Catalog::parse(text), std::runtime_error);
}

TEST(Catalog, HashIsStableHex) {
  EXPECT_EQ(embedded_catalog_sha256().size(), 64u);
  EXPECT_EQ(embedded_catalog_sha256(), embedded_catalog_sha256());
}

}  // namespace
}  // namespace gafcheck
