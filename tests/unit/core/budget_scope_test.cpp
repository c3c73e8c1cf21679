// A budget stops only the work it bounds: a depth hit on one composite
// subtree, an expansion hit, a frame-reference hit in one entry, an entries hit or an RLE command
// hit leave the other entries and frames their structure checks (headers, bounds, cycles) and the
// pixel checks, and every finding already made stays.
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

// An entry whose only frame heads a chain of `length` composites, f0 -> f1 -> ... (ids prefixed).
void add_chain(builder::GafSpec& spec, const std::string& prefix, int length) {
  spec.entries.push_back({.name = prefix + "CHAIN", .frames = {{prefix + "0", 1, std::nullopt}}});
  for (int i = 0; i < length; ++i) {
    builder::FrameSpec frame{.id = prefix + std::to_string(i)};
    if (i + 1 < length) frame.children = {prefix + std::to_string(i + 1)};
    spec.frames.push_back(frame);
  }
}

// An entry whose frame "top" has two layers "leaf"; the second is patched by with_cycle().
void add_loop(builder::GafSpec& spec) {
  spec.entries.push_back({.name = "LOOP", .frames = {{"top", 1, std::nullopt}}});
  spec.frames.push_back({.id = "top", .children = {"leaf", "leaf"}});
  spec.frames.push_back({.id = "leaf"});
}

// Points top's second layer back at top; returns the pointer's offset.
std::uint64_t with_cycle(builder::BuiltFile& built) {
  const std::uint64_t site = built.at("frame:top/data") + 4;
  built.put_u32(site, static_cast<std::uint32_t>(built.at("frame:top")));
  return site;
}

void expect_budget_kind(const FileReport& report, BudgetKind kind) {
  const Finding* budget = find_finding(report, "budget.exceeded");
  ASSERT_NE(budget, nullptr) << describe(report);
  EXPECT_NE(budget->message.find("'" + std::string(budget_spec(kind).name) + "'"),
            std::string::npos)
      << budget->message;
  ASSERT_TRUE(report.budget_hit.has_value());
  EXPECT_EQ(report.budget_hit->kind, kind);
  EXPECT_EQ(report.verdict, Verdict::rejected);
}

TEST(BudgetScope, CycleReadFirstIsKeptWhenTheDepthBudgetIsHitLater) {
  builder::GafSpec spec;
  add_loop(spec);
  add_chain(spec, "c", 20);  // default depth budget 16
  auto built = builder::build_gaf(spec);
  const std::uint64_t site = with_cycle(built);
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "composite.cycle", site, "entry[0]/frame[0]/layer[1]");
  expect_budget_kind(report, BudgetKind::depth);
}

TEST(BudgetScope, DepthHitOnOneEntryLeavesTheCycleOfALaterEntry) {
  builder::GafSpec spec;
  add_chain(spec, "c", 20);
  add_loop(spec);
  auto built = builder::build_gaf(spec);
  const std::uint64_t site = with_cycle(built);
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "composite.cycle", site, "entry[1]/frame[0]/layer[1]");
  expect_budget_kind(report, BudgetKind::depth);
  EXPECT_EQ(count_rule(report, "budget.exceeded"), 1u);  // reported once, not per cut subtree

  // Control: within a raised depth budget the cycle is the same finding and no budget is hit.
  CheckOptions deeper;
  deeper.limits[BudgetKind::depth] = 32;
  const FileReport walked = check(built.bytes, deeper);
  EXPECT_FINDING(walked, "composite.cycle", site, "entry[1]/frame[0]/layer[1]");
  EXPECT_NO_FINDING(walked, "budget.exceeded");
}

TEST(BudgetScope, DepthCutSubtreeIsWalkedFromAShallowerEntry) {
  // Entry 0's walk pushes c0..c16 (depth 16) and is cut before c17. Entry 1 starts at c17, so
  // c17 -> c18 -> c19 is walked from there, and a cycle planted at its end is found.
  builder::GafSpec spec;
  add_chain(spec, "c", 20);
  spec.entries.push_back({.name = "TAIL", .frames = {{"c17", 1, std::nullopt}}});
  auto built = builder::build_gaf(spec);
  const std::uint64_t leaf = built.at("frame:c19");
  built.put_u8(leaf + 10, 1);  // c19 becomes a composite whose one layer is c18 (c17's table)
  built.put_u32(leaf + 16, static_cast<std::uint32_t>(built.at("frame:c17/data")));
  const FileReport report = check(built.bytes);
  const Finding* cycle = find_finding(report, "composite.cycle");
  ASSERT_NE(cycle, nullptr) << describe(report);
  EXPECT_EQ(cycle->offset, built.at("frame:c17/data"));
  EXPECT_NE(cycle->message.find("a cycle of 2 frame headers"), std::string::npos) << cycle->message;
  expect_budget_kind(report, BudgetKind::depth);
}

TEST(BudgetScope, CycleReadFirstIsKeptWhenTheExpansionBudgetIsHitLater) {
  builder::GafSpec spec;
  add_loop(spec);
  add_shared_dag(spec, "WIDE", 10, 12);  // 12^10 visits
  auto built = builder::build_gaf(spec);
  const std::uint64_t site = with_cycle(built);
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "composite.cycle", site, "entry[0]/frame[0]/layer[1]");
  expect_budget_kind(report, BudgetKind::expansion);
}

TEST(BudgetScope, ExpansionHitLeavesTheCycleOfALaterEntry) {
  builder::GafSpec spec;
  add_shared_dag(spec, "WIDE", 10, 12);
  add_loop(spec);
  auto built = builder::build_gaf(spec);
  const std::uint64_t site = with_cycle(built);
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "composite.cycle", site, "entry[1]/frame[0]/layer[1]");
  expect_budget_kind(report, BudgetKind::expansion);

  CheckOptions small;  // control: a DAG within the budget leaves only the cycle
  builder::GafSpec tidy;
  add_shared_dag(tidy, "WIDE", 3, 4);
  add_loop(tidy);
  auto tidy_built = builder::build_gaf(tidy);
  const std::uint64_t tidy_site = with_cycle(tidy_built);
  const FileReport control = check(tidy_built.bytes, small);
  EXPECT_FINDING(control, "composite.cycle", tidy_site, "entry[1]/frame[0]/layer[1]");
  EXPECT_NO_FINDING(control, "budget.exceeded");
}

// A depth hit does not stop the pixel checks: a later entry's short RLE row is still reported.
TEST(BudgetScope, DepthHitLeavesThePixelChecksOfOtherFrames) {
  builder::GafSpec spec;
  add_chain(spec, "c", 20);
  spec.entries.push_back({.name = "RLE", .frames = {{"r", 1, std::nullopt}}});
  builder::FrameSpec rle{.id = "r", .width = 4, .height = 2, .compressed = 1};
  rle.rle_rows = std::vector<std::vector<std::uint8_t>>{{0x04, 0x01, 0x02}, {0x0C, 1, 2, 3, 4}};
  spec.frames.push_back(rle);
  const auto built = builder::build_gaf(spec);
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "rle.short-row", built.at("frame:r/data"), "entry[1]/frame[0]/row[0]");
  expect_budget_kind(report, BudgetKind::depth);
}

// A budget hit in one entry, then a frame past the file in a later entry: still reported.
TEST(BudgetScope, DepthHitLeavesTheBoundsOfALaterEntrysFrame) {
  builder::GafSpec spec;
  add_chain(spec, "c", 20);
  spec.entries.push_back({.name = "OUT", .frames = {{"out", 1, std::nullopt}}});
  spec.frames.push_back({.id = "out", .data = std::vector<std::uint8_t>{}});
  auto built = builder::build_gaf(spec);
  const std::uint64_t out = built.at("frame:out");
  built.put_u32(out + 16, static_cast<std::uint32_t>(built.bytes.size()));
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "frame.out-of-bounds", out + 16, "entry[1]/frame[0]");
  expect_budget_kind(report, BudgetKind::depth);
}

// Entry 0's five references pass a budget of 3: its table is left unread, and entry 1's header
// (past the file) is still checked, as are the frames already reached.
TEST(BudgetScope, FrameReferenceHitInOneEntryLeavesTheLaterEntriesChecked) {
  builder::GafSpec spec;
  spec.entries.push_back({.name = "MANY", .frames = {}});
  for (int i = 0; i < 5; ++i) spec.entries[0].frames.push_back({"a", 1, std::nullopt});
  spec.entries.push_back({.name = "GONE", .frames = {{"a", 1, std::nullopt}}});
  spec.frames.push_back({.id = "a"});
  auto built = builder::build_gaf(spec);
  built.put_u32(16, 0x7FFFFFF0);  // slot 1: entry header past the file
  CheckOptions options;
  options.limits[BudgetKind::frame_refs] = 3;
  const FileReport report = check(built.bytes, options);
  EXPECT_FINDING(report, "budget.exceeded", built.at("entry[0]"), "entry[0]");
  EXPECT_FINDING(report, "entry.out-of-bounds", 16, "entry[1]");
  EXPECT_EQ(report.budget_hit->kind, BudgetKind::frame_refs);
  // A map of the whole file would be partial: no slack is claimed for the unread table.
  EXPECT_NO_FINDING(report, "extent.slack");
}

// A layer table over the frame-reference budget is left unread; the frames read after it still
// get their bounds checks.
TEST(BudgetScope, FrameReferenceHitOnALayerTableLeavesLaterFramesChecked) {
  builder::GafSpec spec;
  spec.entries.push_back(
      {.name = "TWO", .frames = {{"top", 1, std::nullopt}, {"out", 1, std::nullopt}}});
  spec.frames.push_back({.id = "top", .children = {"a", "a", "a", "a"}});
  spec.frames.push_back({.id = "a"});
  spec.frames.push_back({.id = "out", .data = std::vector<std::uint8_t>{}});
  auto built = builder::build_gaf(spec);
  const std::uint64_t out = built.at("frame:out");
  built.put_u32(out + 16, static_cast<std::uint32_t>(built.bytes.size()));
  CheckOptions options;
  options.limits[BudgetKind::frame_refs] = 4;  // the two entry references, then 4 layers
  const FileReport report = check(built.bytes, options);
  EXPECT_FINDING(report, "budget.exceeded", built.at("frame:top"), "entry[0]/frame[0]");
  EXPECT_FINDING(report, "frame.out-of-bounds", out + 16, "entry[0]/frame[1]");

  options.limits[BudgetKind::frame_refs] = 6;  // control: all fit
  const FileReport control = check(built.bytes, options);
  EXPECT_FINDING(control, "frame.out-of-bounds", out + 16, "entry[0]/frame[1]");
  EXPECT_NO_FINDING(control, "budget.exceeded");
}

// Three entries over an entries budget of 2: the first two are still walked (the second's frame
// lies past the file), the third is not.
TEST(BudgetScope, EntriesHitStillWalksTheSlotsUpToTheLimit) {
  auto spec = simple_spec();
  spec.entries.push_back({.name = "OUT", .frames = {{"out", 1, std::nullopt}}});
  spec.entries.push_back({.name = "THIRD", .frames = {{"a", 1, std::nullopt}}});
  spec.frames.push_back({.id = "out", .data = std::vector<std::uint8_t>{}});
  auto built = builder::build_gaf(spec);
  const std::uint64_t out = built.at("frame:out");
  built.put_u32(out + 16, static_cast<std::uint32_t>(built.bytes.size()));
  CheckOptions options;
  options.limits[BudgetKind::entries] = 2;
  const FileReport report = check(built.bytes, options);
  EXPECT_FINDING(report, "budget.exceeded", 4, "header/entry_count");
  EXPECT_FINDING(report, "frame.out-of-bounds", out + 16, "entry[1]/frame[0]");
  EXPECT_EQ(report.summary.get("frame_headers"), 2u);
  EXPECT_NO_FINDING(report, "extent.slack");
}

// An RLE command hit stops the RLE walk only: a texture's RLE frame is still storage.raw-required.
TEST(BudgetScope, RleCommandHitLeavesTheStorageContextCheck) {
  auto spec = simple_spec();
  spec.frames[0].compressed = 1;
  const auto built = builder::build_gaf(spec);
  CheckOptions options;
  options.limits[BudgetKind::rle_commands] = 1;
  const FileReport report = check(built.bytes, options, "textures/test.gaf");
  EXPECT_FINDING(report, "storage.raw-required", built.at("frame:a") + 9, "entry[0]/frame[0]");
  expect_budget_kind(report, BudgetKind::rle_commands);

  options.limits[BudgetKind::rle_commands] = 1000;  // control: the same finding, no budget
  const FileReport control = check(built.bytes, options, "textures/test.gaf");
  EXPECT_FINDING(control, "storage.raw-required", built.at("frame:a") + 9, "entry[0]/frame[0]");
  EXPECT_NO_FINDING(control, "budget.exceeded");
}

}  // namespace
}  // namespace gafcheck::testing
