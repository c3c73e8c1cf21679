// Budgets must not hide what the bytes prove (issue 13, classes 16-17): bounds are checked before
// a budget is charged for the same structure, a structure proven out of bounds charges nothing,
// and a hit of a work budget (pixels) stops only that work, keeping the other frames' checks.
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

// simple_spec() with frame "a" turned into a 65535 x 65535 frame whose data pointer is the file's
// end. Returns the bytes; the frame header's offset goes to frame_at.
std::vector<std::uint8_t> huge_frame_at_end(std::uint8_t compressed, std::uint64_t& frame_at) {
  auto spec = simple_spec();
  spec.frames[0].width = 65535;
  spec.frames[0].height = 65535;
  spec.frames[0].compressed = compressed;
  spec.frames[0].data = std::vector<std::uint8_t>{};
  auto built = builder::build_gaf(spec);
  frame_at = built.at("frame:a");
  built.put_u32(frame_at + 16, static_cast<std::uint32_t>(built.bytes.size()));
  return built.bytes;
}

TEST(BudgetOrder, RawFramePastTheFileIsOutOfBoundsAndChargesNoPixels) {
  std::uint64_t frame_at = 0;
  const auto bytes = huge_frame_at_end(0, frame_at);
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 15;
  const FileReport report = check(bytes, options);
  EXPECT_FINDING(report, "frame.out-of-bounds", frame_at + 16, "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "budget.exceeded");
  EXPECT_FALSE(report.budget_hit.has_value());
}

TEST(BudgetOrder, RleFramePastTheFileIsOutOfBoundsAndChargesNoPixels) {
  std::uint64_t frame_at = 0;
  const auto bytes = huge_frame_at_end(1, frame_at);
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 15;
  const FileReport report = check(bytes, options);
  EXPECT_FINDING(report, "frame.out-of-bounds", frame_at + 16, "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "budget.exceeded");
}

TEST(BudgetOrder, InBoundsFrameStillChargesThePixelBudget) {
  auto spec = simple_spec();
  spec.frames[0].width = 64;
  spec.frames[0].height = 64;
  const auto built = builder::build_gaf(spec);
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 64 * 64 - 1;
  const FileReport report = check(built.bytes, options);
  EXPECT_FINDING(report, "budget.exceeded", built.at("frame:a"), "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "frame.out-of-bounds");
  EXPECT_EQ(report.verdict, Verdict::rejected);
  ASSERT_TRUE(report.budget_hit.has_value());
  EXPECT_EQ(report.budget_hit->kind, BudgetKind::pixels);
}

TEST(BudgetOrder, PixelHitKeepsTheSharedHeaderFinding) {
  auto spec = simple_spec();
  spec.entries[0].frames.push_back({"a", 1, std::nullopt});
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 15;  // the one 4x4 frame is 16
  const FileReport report = check(spec, options);
  // Frame table has two references (56..72), so frame "a" sits at 72.
  EXPECT_FINDING(report, "budget.exceeded", 72, "entry[0]/frame[0]");
  EXPECT_FINDING(report, "frame.header-shared", 72, "entry[0]/frame[0]");
  EXPECT_EQ(report.verdict, Verdict::rejected);
}

TEST(BudgetOrder, PixelHitStillChecksTheBoundsOfLaterFrames) {
  auto spec = simple_spec();
  spec.frames.push_back({.id = "b", .data = std::vector<std::uint8_t>{}});
  spec.entries[0].frames.push_back({"b", 1, std::nullopt});
  auto built = builder::build_gaf(spec);
  const std::uint64_t b_at = built.at("frame:b");
  built.put_u32(b_at + 16, static_cast<std::uint32_t>(built.bytes.size()));
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 15;  // frame "a" (4x4) already passes it
  const FileReport report = check(built.bytes, options);
  EXPECT_FINDING(report, "budget.exceeded", built.at("frame:a"), "entry[0]/frame[0]");
  EXPECT_FINDING(report, "frame.out-of-bounds", b_at + 16, "entry[0]/frame[1]");
  EXPECT_EQ(report.verdict, Verdict::rejected);
}

TEST(BudgetOrder, PixelHitOnACleanFileIsOnlyTheBudget) {
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 15;
  const FileReport report = check(simple_spec(), options);
  ASSERT_EQ(report.findings.size(), 1u) << describe(report);
  EXPECT_EQ(report.findings[0].rule, RuleId::budget_exceeded);
  EXPECT_EQ(report.verdict, Verdict::rejected);
}

}  // namespace
}  // namespace gafcheck::testing
