// An archive's budgets cover everything in it: findings listed (--max-findings), member documents
// (--max-members) and decoded member bytes held at any moment (--max-heap), nested archives
// included. Controls: the same archives within the budgets check every member.
#include "corpus/builder/hostile_archives.hpp"
#include "tests/support/hpi_helpers.hpp"
#include "validator/hpi/archive_check.hpp"

namespace gafcheck::testing {
namespace {

using builder::HpiMethod;

std::uint64_t listed(const std::vector<FileReport>& reports) {
  std::uint64_t total = 0;
  for (const FileReport& report : reports) total += report.findings.size();
  return total;
}

// Three distinct GAFs with 50, 51 and 52 entry.alias findings, and an inner archive holding two
// more (53 and 54).
builder::HpiSpec members_with_findings() {
  builder::HpiSpec inner;
  for (std::uint32_t slots : {54u, 55u})
    inner.files.push_back({"in" + std::to_string(slots) + ".gaf", builder::aliased_slots_gaf(slots),
                           HpiMethod::zlib});
  builder::HpiSpec spec;
  for (std::uint32_t slots : {51u, 52u, 53u})
    spec.files.push_back(
        {"m" + std::to_string(slots) + ".gaf", builder::aliased_slots_gaf(slots), HpiMethod::zlib});
  spec.files.push_back({"inner.ufo", builder::build_hpi(inner).bytes, HpiMethod::zlib});
  return spec;
}

TEST(HpiTreeBudgets, FindingsAreListedUpToTheBudgetOverTheWholeArchive) {
  const auto bytes = builder::build_hpi(members_with_findings()).bytes;
  CheckOptions options;
  options.limits[BudgetKind::findings] = 120;
  const auto reports = check_hpi_input(bytes, options);
  ASSERT_EQ(reports.size(), 7u);  // archive, 3 GAFs, inner archive, 2 GAFs
  EXPECT_EQ(listed(reports), 120u);
  // Later findings are counted per rule, as within one file.
  const std::uint64_t aliases[] = {0, 50, 51, 52, 0, 53, 54};
  for (std::size_t i = 0; i < reports.size(); ++i)
    EXPECT_EQ(occurrences(reports[i], RuleId::entry_alias), aliases[i]) << reports[i].path;
  EXPECT_EQ(reports[1].findings.size(), 50u);
  EXPECT_EQ(reports[2].findings.size(), 51u);
  EXPECT_EQ(reports[3].findings.size(), 19u);
  EXPECT_EQ(reports[3].findings_suppressed, 33u);
  EXPECT_TRUE(reports[6].path.ends_with("!inner.ufo!in55.gaf"));
  EXPECT_EQ(reports[6].findings.size(), 0u);
  EXPECT_EQ(reports[6].findings_suppressed, 54u);
  EXPECT_EQ(reports[6].verdict, Verdict::errors);  // counted findings still decide the verdict

  // Control: with the default budget every finding is listed.
  const auto all = check_hpi_input(bytes);
  EXPECT_EQ(listed(all), 50u + 51 + 52 + 53 + 54);
}

TEST(HpiTreeBudgets, MemberDocumentsAreBoundedOverTheWholeArchive) {
  builder::HpiSpec spec;
  for (int i = 0; i < 5; ++i)
    spec.files.push_back(
        {"m" + std::to_string(i) + ".gaf", gaf_bytes({"E" + std::to_string(i)}), HpiMethod::zlib});
  CheckOptions options;
  options.limits[BudgetKind::members] = 3;
  const auto reports = check_hpi_input(builder::build_hpi(spec).bytes, options);
  ASSERT_EQ(reports.size(), 4u);
  expect_budget(reports[0], BudgetKind::members);
  EXPECT_EQ(find_finding(reports[0], "budget.exceeded")->path, "m3.gaf");

  // Nested: two inner archives of three GAFs each; the second gets what the first left.
  builder::HpiSpec outer;
  for (int a = 0; a < 2; ++a) {
    builder::HpiSpec inner;
    for (int i = 0; i < 3; ++i)
      inner.files.push_back({"g" + std::to_string(i) + ".gaf",
                             gaf_bytes({"A" + std::to_string(a) + "G" + std::to_string(i)}),
                             HpiMethod::zlib});
    outer.files.push_back(
        {"inner" + std::to_string(a) + ".ufo", builder::build_hpi(inner).bytes, HpiMethod::zlib});
  }
  const auto outer_bytes = builder::build_hpi(outer).bytes;
  options.limits[BudgetKind::members] = 2 + 3 + 1;
  const auto nested = check_hpi_input(outer_bytes, options);
  ASSERT_EQ(nested.size(), 7u);  // outer, inner0 + 3 GAFs, inner1 + 1 GAF
  EXPECT_FALSE(nested[1].budget_hit.has_value()) << describe(nested[1]);
  EXPECT_TRUE(nested[5].path.ends_with("!inner1.ufo"));
  expect_budget(nested[5], BudgetKind::members);

  // Control: within the default budget every member has its document.
  const auto all = check_hpi_input(outer_bytes);
  ASSERT_EQ(all.size(), 9u);
  for (const FileReport& report : all) EXPECT_FALSE(report.budget_hit.has_value()) << report.path;
}

// A GAF with one entry of `refs` references to one 4x4 frame, named name (distinct content).
std::vector<std::uint8_t> gaf_with_frame_refs(const std::string& name, std::uint32_t refs) {
  builder::GafSpec spec;
  builder::EntrySpec entry;
  entry.name = name;
  for (std::uint32_t i = 0; i < refs; ++i) entry.frames.push_back({"f", 1, std::nullopt});
  spec.entries.push_back(entry);
  builder::FrameSpec frame;
  frame.id = "f";
  spec.frames.push_back(frame);
  return builder::build_gaf(spec).bytes;
}

TEST(HpiTreeBudgets, MembersShareTheEntryAndFrameReferenceBudgets) {
  // Entry slots: 40, 41 and 42 claimed; 100 in all leaves the third member 19.
  builder::HpiSpec slots;
  for (std::uint32_t count : {40u, 41u, 42u})
    slots.files.push_back(
        {"s" + std::to_string(count) + ".gaf", builder::aliased_slots_gaf(count), HpiMethod::zlib});
  CheckOptions options;
  options.limits[BudgetKind::entries] = 100;
  const auto by_slots = check_hpi_input(builder::build_hpi(slots).bytes, options);
  ASSERT_EQ(by_slots.size(), 4u);
  EXPECT_FALSE(by_slots[2].budget_hit.has_value()) << describe(by_slots[2]);
  expect_budget(by_slots[3], BudgetKind::entries);
  EXPECT_EQ(check(builder::aliased_slots_gaf(42), options).budget_hit, std::nullopt);

  // Frame references: 30 per member; 70 in all leaves the third member 10.
  builder::HpiSpec refs;
  for (const char* name : {"A", "B", "C"})
    refs.files.push_back(
        {std::string(name) + ".gaf", gaf_with_frame_refs(name, 30), HpiMethod::zlib});
  CheckOptions frame_options;
  frame_options.limits[BudgetKind::frame_refs] = 70;
  const auto by_refs = check_hpi_input(builder::build_hpi(refs).bytes, frame_options);
  ASSERT_EQ(by_refs.size(), 4u);
  EXPECT_FALSE(by_refs[2].budget_hit.has_value()) << describe(by_refs[2]);
  expect_budget(by_refs[3], BudgetKind::frame_refs);
  EXPECT_EQ(check(gaf_with_frame_refs("C", 30), frame_options).budget_hit, std::nullopt);
}

TEST(HpiTreeBudgets, DecompressedBytesAreBoundedPerByteOfTheInput) {
  // 4 MiB of zeros from a few KB: an input under 1 MiB counts as 1 MiB, so ratio 2 allows 2 MiB.
  builder::HpiSpec spec;
  spec.files.push_back({"zeros.bin", std::vector<std::uint8_t>(4 << 20, 0), HpiMethod::zlib});
  const auto archive = builder::build_hpi_plain(spec);
  CheckOptions options;
  options.limits[BudgetKind::archive_ratio] = 2;
  const auto reports = check_hpi_input(archive.bytes, options);
  ASSERT_EQ(reports.size(), 1u);
  expect_budget(reports[0], BudgetKind::archive_ratio);
  EXPECT_FINDING(reports[0], "budget.exceeded", archive.at("entry:zeros.bin"), "zeros.bin");
  options.limits[BudgetKind::archive_ratio] = 4;
  EXPECT_FALSE(check_hpi_input(archive.bytes, options)[0].budget_hit.has_value());

  // Nested: the inner archive's output adds to what the outer one decompressed before it.
  builder::HpiSpec inner;
  inner.files.push_back({"more.bin", std::vector<std::uint8_t>(3 << 19, 0), HpiMethod::zlib});
  builder::HpiSpec outer;
  outer.files.push_back({"a.bin", std::vector<std::uint8_t>(1 << 20, 0), HpiMethod::zlib});
  outer.files.push_back({"inner.ufo", builder::build_hpi(inner).bytes, HpiMethod::zlib});
  const auto outer_bytes = builder::build_hpi(outer).bytes;
  options.limits[BudgetKind::archive_ratio] = 2;
  const auto nested = check_hpi_input(outer_bytes, options);
  ASSERT_EQ(nested.size(), 2u);
  EXPECT_FALSE(nested[0].budget_hit.has_value()) << describe(nested[0]);
  expect_budget(nested[1], BudgetKind::archive_ratio);
  options.limits[BudgetKind::archive_ratio] = 3;
  const auto within = check_hpi_input(outer_bytes, options);
  ASSERT_EQ(within.size(), 2u);
  EXPECT_FALSE(within[1].budget_hit.has_value()) << describe(within[1]);
}

// Four GAFs of 200,000 bytes (a header, then zeros), distinct by their last byte.
builder::HpiSpec four_large_members() {
  builder::HpiSpec spec;
  for (int i = 0; i < 4; ++i) {
    auto gaf = builder::gaf_header_then_zeros(200000);
    gaf.back() = static_cast<std::uint8_t>(i + 1);
    spec.files.push_back({"m" + std::to_string(i) + ".gaf", gaf, HpiMethod::zlib});
  }
  return spec;
}

TEST(HpiTreeBudgets, HeldMemberBytesNeverExceedTheHeapBudget) {
  const auto spec = four_large_members();
  const auto bytes = builder::build_hpi(spec).bytes;
  Findings findings(embedded_catalog(), 100);
  BudgetMeter budget{BudgetLimits()};
  WalkContext context{ByteView(bytes.data(), bytes.size()), findings, budget};
  FileReport report;
  hpi::HeldBytes held(500000);  // two members at once, not four
  hpi::MemberHarvest harvest(BudgetLimits(), held);
  hpi::check_archive(context, 1, report, &harvest);
  ASSERT_EQ(harvest.size(), 4u);
  EXPECT_FALSE(budget.exhausted());
  EXPECT_LE(held.peak(), 500000u);
  for (std::size_t i = 0; i < 4; ++i) {
    const auto member = harvest.take(i);
    ASSERT_TRUE(member.has_value());
    EXPECT_EQ(member->view().size(), 200000u);
    EXPECT_EQ(member->view().bytes().back(), i + 1);
    EXPECT_LE(held.held(), 500000u);
  }
  EXPECT_LE(held.peak(), 500000u);

  // The whole tree within that budget: every member checked, none refused.
  CheckOptions options;
  options.limits[BudgetKind::heap] = 500000;
  const auto reports = check_hpi_input(bytes, options);
  ASSERT_EQ(reports.size(), 5u);
  for (const FileReport& member : reports)
    EXPECT_FALSE(member.budget_hit.has_value()) << describe(member);
}

TEST(HpiTreeBudgets, AMemberThatCannotBeHeldIsAHeapBudgetFinding) {
  builder::HpiSpec spec;
  spec.files.push_back({"big.gaf", builder::gaf_header_then_zeros(300000), HpiMethod::zlib});
  const auto archive = builder::build_hpi_plain(spec);
  CheckOptions options;
  options.limits[BudgetKind::heap] = 250000;
  const auto reports = check_hpi_input(archive.bytes, options);
  ASSERT_EQ(reports.size(), 1u);
  expect_budget(reports[0], BudgetKind::heap);
  EXPECT_FINDING(reports[0], "budget.exceeded", archive.at("entry:big.gaf"), "big.gaf");

  // Control: room for it.
  options.limits[BudgetKind::heap] = 400000;
  const auto checked = check_hpi_input(archive.bytes, options);
  ASSERT_EQ(checked.size(), 2u);
  EXPECT_FALSE(checked[0].budget_hit.has_value()) << describe(checked[0]);
}

TEST(HpiTreeBudgets, ANestedArchiveHeldForItsCheckCountsAgainstItsMembers) {
  builder::HpiSpec inner;
  inner.files.push_back({"big.gaf", builder::gaf_header_then_zeros(300000), HpiMethod::zlib});
  const auto inner_bytes = builder::build_hpi(inner).bytes;
  builder::HpiSpec outer;
  outer.files.push_back({"inner.ufo", inner_bytes, HpiMethod::stored});
  const auto bytes = builder::build_hpi(outer).bytes;
  CheckOptions options;
  options.limits[BudgetKind::heap] = inner_bytes.size() + 250000;  // not both at once
  const auto reports = check_hpi_input(bytes, options);
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_FALSE(reports[0].budget_hit.has_value()) << describe(reports[0]);
  expect_budget(reports[1], BudgetKind::heap);

  options.limits[BudgetKind::heap] = inner_bytes.size() + 400000;
  const auto checked = check_hpi_input(bytes, options);
  ASSERT_EQ(checked.size(), 3u);
  EXPECT_FALSE(checked[1].budget_hit.has_value()) << describe(checked[1]);
}

TEST(HpiTreeBudgets, ALargeMemberSharedByFourEntriesIsHeldOnce) {
  const auto gaf = builder::gaf_header_then_zeros(1 << 20);
  const auto archive = builder::aliased_entries_archive(gaf, 4, HpiMethod::zlib, ".gaf");
  Findings findings(embedded_catalog(), 100);
  BudgetMeter budget{BudgetLimits()};
  WalkContext context{ByteView(archive.bytes.data(), archive.bytes.size()), findings, budget};
  FileReport report;
  hpi::HeldBytes held(3 << 20);
  hpi::MemberHarvest harvest(BudgetLimits(), held);
  hpi::check_archive(context, 1, report, &harvest);
  ASSERT_EQ(harvest.size(), 1u);
  EXPECT_EQ(held.peak(), gaf.size());  // decoded once, one copy
  EXPECT_EQ(findings.counts()[static_cast<std::size_t>(RuleId::hpi_shared_data)], 3u);

  CheckOptions options;
  options.limits[BudgetKind::heap] = (1 << 20) + (1 << 19);
  const auto reports = check_hpi_input(archive.bytes, options);
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_FALSE(reports[0].budget_hit.has_value()) << describe(reports[0]);
  EXPECT_EQ(occurrences(reports[0], RuleId::hpi_shared_data), 3u);
}

}  // namespace
}  // namespace gafcheck::testing
