// Budgets must not hide what the bytes prove: bounds are checked before
// a budget is charged for the same structure (frames, entry, frame and layer tables, TA3D
// payloads), a structure proven out of bounds charges nothing, and a hit of a work budget
// (pixels) stops only that work, keeping the other frames' checks. budget_scope_test.cpp has
// the other budgets' scope.
#include "corpus/builder/ta3d_builder.hpp"
#include "corpus/builder/taf_builder.hpp"
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

// Bounds before budgets for tables: an entry table the file cannot hold is header.truncated, and
// only the slots that fit are checked against the entries budget (32767 claimed, about 20 fit,
// budget 1000).
TEST(BudgetOrder, EntryTablePastTheFileIsTruncatedAndChargesOnlyTheSlotsThatFit) {
  auto spec = simple_spec();
  spec.entry_count_word = 0x7FFF;
  const auto built = builder::build_gaf(spec);
  ASSERT_LT((built.bytes.size() - 12) / 4, 1000u);
  CheckOptions options;
  options.limits[BudgetKind::entries] = 1000;
  const FileReport report = check(built.bytes, options);
  EXPECT_FINDING(report, "header.truncated", 12, "entry_table");
  EXPECT_NO_FINDING(report, "budget.exceeded");
  EXPECT_FALSE(report.budget_hit.has_value());
}

TEST(BudgetOrder, EntryTableInsideTheFileStillMeetsTheEntriesBudget) {
  auto spec = simple_spec();
  spec.entries.push_back({.name = "SECOND", .frames = {{"b", 1, std::nullopt}}});
  spec.entries.push_back({.name = "THIRD", .frames = {{"c", 1, std::nullopt}}});
  spec.frames.push_back({.id = "b"});
  spec.frames.push_back({.id = "c"});
  CheckOptions options;
  options.limits[BudgetKind::entries] = 2;
  const FileReport report = check(spec, options);
  EXPECT_FINDING(report, "budget.exceeded", 4, "header/entry_count");
  EXPECT_NO_FINDING(report, "header.truncated");
  ASSERT_TRUE(report.budget_hit.has_value());
  EXPECT_EQ(report.budget_hit->kind, BudgetKind::entries);
  EXPECT_EQ(report.budget_hit->value, 3u);
  options.limits[BudgetKind::entries] = 3;
  EXPECT_EQ(check(spec, options).verdict, Verdict::clean);
}

TEST(BudgetOrder, TafSequenceTablePastTheFileIsTruncatedAndChargesOnlyTheSlotsThatFit) {
  auto spec = builder::simple_taf_spec();
  spec.sequence_count = 0xFFFFFFFF;
  CheckOptions options;
  options.limits[BudgetKind::entries] = 1000;
  const FileReport report = check(builder::build_taf(spec).bytes, options, "anims/test.taf");
  ASSERT_EQ(report.format, Format::taf_truecolor);
  EXPECT_FINDING(report, "header.truncated", 12, "sequence_table");
  EXPECT_NO_FINDING(report, "budget.exceeded");
}

// 65535 frame references whose table would run past the file: entry.out-of-bounds, and none of
// the frame-reference or heap budgets spent on it.
TEST(BudgetOrder, FrameTablePastTheFileIsOutOfBoundsAndChargesNoReferences) {
  auto spec = simple_spec();
  spec.entries[0].frame_count = 65535;
  CheckOptions options;
  options.limits[BudgetKind::frame_refs] = 10;
  options.limits[BudgetKind::heap] = 4096;
  const FileReport report = check(spec, options);
  EXPECT_FINDING(report, "entry.out-of-bounds", 16, "entry[0]/frames");
  EXPECT_NO_FINDING(report, "budget.exceeded");
}

TEST(BudgetOrder, LayerTablePastTheFileIsOutOfBoundsAndChargesNoReferences) {
  builder::GafSpec spec;
  spec.entries.push_back({.name = "COMPOSITE", .frames = {{"top", 1, std::nullopt}}});
  spec.frames.push_back({.id = "top", .children = {"a"}});
  spec.frames.push_back({.id = "a"});
  auto built = builder::build_gaf(spec);
  const std::uint64_t top = built.at("frame:top");
  built.put_u8(top + 10, 255);  // 255 layer pointers at the end of the file
  built.put_u32(top + 16, static_cast<std::uint32_t>(built.bytes.size() - 4));
  CheckOptions options;
  options.limits[BudgetKind::frame_refs] = 10;
  const FileReport report = check(built.bytes, options);
  EXPECT_FINDING(report, "frame.out-of-bounds", top + 16, "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "budget.exceeded");
}

// TA3D (--game ta3d): a payload outside the file is ta3d.payload-out-of-bounds and is never
// inflated, so it charges no pixels; an in-bounds one still does.
TEST(BudgetOrder, Ta3dPayloadPastTheFileChargesNoPixels) {
  builder::Ta3dSpec spec;
  spec.entries[0].frames[0] = {.width = 3, .height = 5, .alpha = true};
  auto built = builder::build_ta3d(spec);
  CheckOptions options;
  options.game = Game::ta3d;
  options.limits[BudgetKind::pixels] = 1;
  const FileReport in_bounds = check(built.bytes, options);
  EXPECT_FINDING(in_bounds, "budget.exceeded", built.at("frame:0/0"), "entry[0]/frame[0]");
  EXPECT_NO_FINDING(in_bounds, "ta3d.payload-out-of-bounds");

  built.put_u32(built.at("frame:0/0/data"), 0x10000);
  const FileReport report = check(built.bytes, options);
  EXPECT_FINDING(report, "ta3d.payload-out-of-bounds", built.at("frame:0/0/data"),
                 "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "budget.exceeded");
}

}  // namespace
}  // namespace gafcheck::testing
