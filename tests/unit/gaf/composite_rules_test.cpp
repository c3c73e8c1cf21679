// Composite graph rules (docs/format/gaf.md §4-§5): cycles, nesting, shared layer tables, and the
// depth and expansion budgets that keep hostile graphs cheap.
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

builder::GafSpec chain_spec(int length) {
  builder::GafSpec spec;
  spec.entries.push_back({.name = "CHAIN", .frames = {{"f0", 1, std::nullopt}}});
  for (int i = 0; i < length; ++i) {
    builder::FrameSpec frame{.id = "f" + std::to_string(i)};
    if (i + 1 < length) frame.children = {"f" + std::to_string(i + 1)};
    spec.frames.push_back(frame);
  }
  return spec;
}

builder::GafSpec exponential_dag_spec(int levels, int width) {
  builder::GafSpec spec;
  add_shared_dag(spec, "BOMB", levels, width);
  return spec;
}

TEST(CompositeRules, LayerPointingBackAtItsParentIsACycle) {
  builder::GafSpec spec;
  spec.entries.push_back({.name = "LOOP", .frames = {{"top", 1, std::nullopt}}});
  spec.frames.push_back({.id = "top", .children = {"a", "a"}});
  spec.frames.push_back({.id = "a"});
  auto built = builder::build_gaf(spec);
  const std::uint64_t table = built.at("frame:top/data");
  built.put_u32(table + 4, static_cast<std::uint32_t>(built.at("frame:top")));
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "composite.cycle", table + 4, "entry[0]/frame[0]/layer[1]");
  const std::string& message = find_finding(report, "composite.cycle")->message;
  EXPECT_NE(message.find("a cycle of 1 frame headers"), std::string::npos) << message;
  EXPECT_EQ(report.retail, Retail::crash);
}

TEST(CompositeRules, LongerCycleNamesItsMembers) {
  auto spec = chain_spec(4);
  auto built = builder::build_gaf(spec);
  // Turn the leaf f3 into a composite whose layer table is f0's, which points at f1.
  const std::uint64_t leaf = built.at("frame:f3");
  built.put_u8(leaf + 10, 1);
  built.put_u32(leaf + 16, static_cast<std::uint32_t>(built.at("frame:f0/data")));
  const FileReport report = check(built.bytes);
  const Finding* cycle = find_finding(report, "composite.cycle");
  ASSERT_NE(cycle, nullptr) << describe(report);
  EXPECT_NE(cycle->message.find("a cycle of 3 frame headers"), std::string::npos) << cycle->message;
}

TEST(CompositeRules, AcyclicSharingIsNoCycle) {
  builder::GafSpec spec;
  spec.entries.push_back({.name = "DIAMOND", .frames = {{"top", 1, std::nullopt}}});
  spec.frames.push_back({.id = "top", .children = {"a", "b"}});
  spec.frames.push_back({.id = "a", .children = {"leaf"}});
  spec.frames.push_back({.id = "b", .children = {"leaf"}});
  spec.frames.push_back({.id = "leaf"});
  const FileReport report = check(spec);
  EXPECT_NO_FINDING(report, "composite.cycle");
  EXPECT_FINDING(report, "frame.header-shared", builder::build_gaf(spec).at("frame:leaf"),
                 "entry[0]/frame[0]/layer[0]/layer[0]");
}

TEST(CompositeRules, CompositeSubframeIsNested) {
  const FileReport report = check(chain_spec(3));
  // Frames: f0 at 64, f1 at 88, f2 at 112.
  EXPECT_FINDING(report, "composite.nested", 88 + 10, "entry[0]/frame[0]/layer[0]");
  EXPECT_EQ(count_rule(report, "composite.nested"), 1u);
}

TEST(CompositeRules, OneLevelIsNotNested) {
  EXPECT_NO_FINDING(check(chain_spec(2)), "composite.nested");
}

TEST(CompositeRules, TwoCompositesSharingOneLayerTable) {
  builder::GafSpec spec;
  spec.entries.push_back(
      {.name = "TWINS", .frames = {{"p1", 1, std::nullopt}, {"p2", 1, std::nullopt}}});
  spec.frames.push_back({.id = "p1", .children = {"a"}});
  spec.frames.push_back({.id = "p2", .children = {"b"}});
  spec.frames.push_back({.id = "a"});
  spec.frames.push_back({.id = "b"});
  auto built = builder::build_gaf(spec);
  built.put_u32(built.at("frame:p2") + 16, static_cast<std::uint32_t>(built.at("frame:p1/data")));
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "composite.table-shared", built.at("frame:p2") + 16, "entry[0]/frame[1]");
  EXPECT_NO_FINDING(check(spec), "composite.table-shared");
}

TEST(CompositeRules, DeepChainHitsTheDepthBudget) {
  const FileReport report = check(chain_spec(20));
  const Finding* budget = find_finding(report, "budget.exceeded");
  ASSERT_NE(budget, nullptr) << describe(report);
  EXPECT_NE(budget->message.find("'depth'"), std::string::npos) << budget->message;
  EXPECT_EQ(report.verdict, Verdict::rejected);
  ASSERT_TRUE(report.budget_hit.has_value());
  EXPECT_EQ(report.budget_hit->kind, BudgetKind::depth);
}

TEST(CompositeRules, DeepChainWithinARaisedDepthBudget) {
  CheckOptions options;
  options.limits[BudgetKind::depth] = 32;
  const FileReport report = check(chain_spec(20), options);
  EXPECT_NO_FINDING(report, "budget.exceeded");
  EXPECT_EQ(count_rule(report, "composite.nested"), 18u);
}

// The path of the composite.nested finding at offset, or "" when there is none.
std::string nested_path_at(const FileReport& report, std::uint64_t offset) {
  for (const Finding& finding : report.findings)
    if (rule_name(finding.rule) == "composite.nested" && finding.offset == offset)
      return finding.path;
  return "";
}

// "entry[0]/frame[0]" and depth "/layer[0]" components: the unfolded path of chain frame f<depth>.
std::string chain_path(int depth) {
  std::string path = "entry[0]/frame[0]";
  for (int i = 0; i < depth; ++i) path += "/layer[0]";
  return path;
}

TEST(CompositeRules, ThousandsOfNestedFramesKeepTheirPathsShort) {
  // Each frame's path extends its parent's: unfolded, a 5,000-frame chain held 110 MB of paths
  // (20,000 frames: 3.6 GB). Deep paths keep 8 components, a marker and the last 23.
  const auto built = builder::build_gaf(chain_spec(5000));
  const FileReport report = check(built.bytes);
  const std::string expected = chain_path(6) + "/...(3971 more)" + chain_path(23).substr(17);
  EXPECT_EQ(nested_path_at(report, built.at("frame:f4000") + 10), expected);
  for (const Finding& finding : report.findings) EXPECT_LE(finding.path.size(), 320u);
}

TEST(CompositeRules, PathsOf32ComponentsAreNotFolded) {
  const auto built = builder::build_gaf(chain_spec(40));
  CheckOptions options;
  options.limits[BudgetKind::depth] = 64;
  const FileReport report = check(built.bytes, options);
  EXPECT_EQ(nested_path_at(report, built.at("frame:f30") + 10), chain_path(30));
  EXPECT_EQ(nested_path_at(report, built.at("frame:f31") + 10),
            chain_path(6) + "/...(2 more)" + chain_path(23).substr(17));
}

TEST(CompositeRules, ExponentialDagIsCostedNotWalked) {
  // 12 children per level, all pointing at the next level's 12, 10 levels: 12^10 expansions.
  const FileReport report = check(exponential_dag_spec(10, 12));
  const Finding* budget = find_finding(report, "budget.exceeded");
  ASSERT_NE(budget, nullptr) << describe(report);
  EXPECT_NE(budget->message.find("'expansion'"), std::string::npos) << budget->message;
  EXPECT_EQ(report.summary.get("frame_headers"), 121u);
}

TEST(CompositeRules, SmallSharedDagFitsTheExpansionBudget) {
  const FileReport report = check(exponential_dag_spec(3, 4));
  EXPECT_NO_FINDING(report, "budget.exceeded");
  EXPECT_NO_FINDING(report, "composite.cycle");
}

}  // namespace
}  // namespace gafcheck::testing
