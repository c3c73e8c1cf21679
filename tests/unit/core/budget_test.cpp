// Every budget hit on purpose: a budget.exceeded finding naming the budget and a rejected
// verdict, never a crash or a silent truncation.
#include <filesystem>
#include <fstream>

#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

builder::GafSpec two_entry_spec() {
  auto spec = simple_spec();
  spec.entries.push_back(spec.entries[0]);
  spec.entries[1].name = "SECOND";
  spec.frames.push_back({.id = "b"});
  spec.entries[1].frames[0].frame = "b";
  return spec;
}

TEST(Budgets, DefaultsLetOrdinaryFilesThrough) {
  const FileReport report = check(two_entry_spec());
  EXPECT_NO_FINDING(report, "budget.exceeded");
  EXPECT_FALSE(report.budget_hit.has_value());
}

TEST(Budgets, FileSizeRejectsWithoutReading) {
  const auto path = std::filesystem::temp_directory_path() / "gafcheck-budget-size.gaf";
  const auto bytes = builder::build_gaf(simple_spec()).bytes;
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  CheckOptions options;
  options.limits[BudgetKind::file_size] = 50;
  const FileReport report = check_file(path, options);
  record_triggered(report);
  std::filesystem::remove(path);
  expect_budget(report, BudgetKind::file_size);
  EXPECT_EQ(report.size, bytes.size());
  EXPECT_TRUE(report.sha256.empty());
}

TEST(Budgets, Entries) {
  CheckOptions options;
  options.limits[BudgetKind::entries] = 1;
  expect_budget(check(two_entry_spec(), options), BudgetKind::entries);
}

TEST(Budgets, FrameReferences) {
  CheckOptions options;
  options.limits[BudgetKind::frame_refs] = 1;
  expect_budget(check(two_entry_spec(), options), BudgetKind::frame_refs);
}

TEST(Budgets, AliasedTableIsChargedOnce) {
  auto spec = simple_spec();
  spec.slots = std::vector<std::uint32_t>{0, 0, 0};
  CheckOptions options;
  options.limits[BudgetKind::frame_refs] = 1;
  EXPECT_NO_FINDING(check(spec, options), "budget.exceeded");
}

TEST(Budgets, Pixels) {
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 15;  // one 4x4 frame is 16
  expect_budget(check(simple_spec(), options), BudgetKind::pixels);
}

TEST(Budgets, Heap) {
  CheckOptions options;
  options.limits[BudgetKind::heap] = 64;
  expect_budget(check(two_entry_spec(), options), BudgetKind::heap);
}

TEST(Budgets, FindingsBeyondTheLimitAreCountedNotListed) {
  auto spec = simple_spec();
  for (int i = 0; i < 4; ++i) spec.entries[0].frames.push_back({"a", 0, std::nullopt});
  spec.entries[0].frames[0].duration = 0;
  CheckOptions options;
  options.limits[BudgetKind::findings] = 2;
  const FileReport report = check(spec, options);
  EXPECT_EQ(report.findings.size(), 2u);
  EXPECT_GT(report.findings_suppressed, 0u);
  EXPECT_EQ(report.rule_counts[static_cast<std::size_t>(RuleId::frame_duration_zero)], 5u);
  // Suppressed findings still decide the verdict: frame.header-shared (error) was only counted.
  EXPECT_EQ(report.verdict, Verdict::errors);
}

}  // namespace
}  // namespace gafcheck::testing
