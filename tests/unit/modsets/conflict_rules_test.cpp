// The conflicts.* rule family: its catalogue parses on its own (it need not list the file rules),
// holds both rules an overlap can be an alert of, and none of its ids is a file rule's; an
// overlap is an alert of findings-differ before override, and identical copies of none.
#include "validator/modsets/conflict_rules.hpp"

#include <gtest/gtest.h>

namespace gafcheck::modsets {
namespace {

TEST(ConflictRules, FamilyCatalogueHoldsBothRulesAndNoFileRule) {
  const Catalog& catalog = conflicts_catalog();
  ASSERT_EQ(catalog.rules().size(), 2u);
  for (const std::string_view id : {conflicts_findings_differ_rule, conflicts_override_rule}) {
    const RuleInfo* rule = catalog.find(id);
    ASSERT_NE(rule, nullptr) << id;
    EXPECT_FALSE(rule->explanation.empty()) << id;
    EXPECT_EQ(embedded_catalog().find(id), nullptr) << id;
  }
  EXPECT_EQ(catalog.find(conflicts_findings_differ_rule)->severity, Severity::error);
  EXPECT_EQ(catalog.find(conflicts_override_rule)->severity, Severity::warning);
}

TEST(ConflictRules, OverlapRuleTakesFindingsBeforeContent) {
  Overlap overlap;
  overlap.copies.resize(2);
  overlap.copies[0].content = CopyContent::winner;
  overlap.copies[1].content = CopyContent::identical;
  EXPECT_EQ(overlap_rule(overlap), "");
  overlap.copies[1].content = CopyContent::differs;
  EXPECT_EQ(overlap_rule(overlap), conflicts_override_rule);
  overlap.copies[1].content = CopyContent::drawn_same;
  overlap.copies[1].winner_only = {"header.version-nonstandard"};
  EXPECT_EQ(overlap_rule(overlap), conflicts_findings_differ_rule);
}

}  // namespace
}  // namespace gafcheck::modsets
