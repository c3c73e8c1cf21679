// Hostile archives end in findings within their budgets: a zlib bomb, a directory containing
// itself, 100,000 tiny entries, over-long names, deep trees, nested archives, and the per-member
// and per-archive output budgets. No timing assertions: each test simply has to finish.
#include "tests/support/hpi_helpers.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::testing {
namespace {

using builder::HpiMethod;

// 1 KiB of zlib data whose file record and chunk declare 1 GiB.
builder::BuiltFile zlib_bomb() {
  builder::HpiSpec spec;
  spec.files.push_back({"bomb.gaf", std::vector<std::uint8_t>(1 << 20, 0), HpiMethod::zlib});
  auto archive = builder::build_hpi_plain(spec);
  // The writer made 16 chunks; keep the first and declare 1 GiB.
  archive.put_u32(archive.at("record:bomb.gaf") + 4, 0x40000000);
  archive.put_u32(archive.at("chunk:bomb.gaf[0]") + 11, 0x40000000);
  return archive;
}

// Bounds before budgets: 1 GiB cannot be held by so small an archive, which
// the file size alone proves; the member budget is not charged for it.
TEST(HpiBudgets, ZlibBombBeyondTheFileIsABoundsFindingNotABudgetHit) {
  const auto archive = zlib_bomb();
  ASSERT_LT(archive.bytes.size(), 4096u);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.directory-bounds", archive.at("data:bomb.gaf"), "bomb.gaf");
  EXPECT_FALSE(report.budget_hit.has_value());
}

TEST(HpiBudgets, MemberWithinTheFileStillMeetsTheMemberBudget) {
  builder::HpiSpec spec;
  spec.files.push_back({"big.gaf", std::vector<std::uint8_t>(1 << 20, 0), HpiMethod::zlib});
  CheckOptions options;
  options.limits[BudgetKind::member_size] = 1000;
  const FileReport report = check_hpi(builder::build_hpi_plain(spec).bytes, options);
  expect_budget(report, BudgetKind::member_size);
  EXPECT_EQ(report.budget_hit->value, 1u << 20);
}

// A budget stops only the work it bounds: one member over the member budget stops only that member;
// the next one is still checked and its defect reported.
TEST(HpiBudgets, MemberOverItsBudgetLeavesTheNextMemberChecked) {
  auto gaf_spec = simple_spec();
  gaf_spec.frames[0].data = std::vector<std::uint8_t>{};
  gaf_spec.frames[0].data_offset = 0x7FFFFFF0;
  const auto gaf = builder::build_gaf(gaf_spec);
  builder::HpiSpec spec;
  spec.files.push_back({"a_big.gaf", std::vector<std::uint8_t>(1 << 20, 0), HpiMethod::zlib});
  spec.files.push_back({"b_bad.gaf", gaf.bytes, HpiMethod::zlib});
  CheckOptions options;
  options.limits[BudgetKind::member_size] = 4096;
  const auto reports = check_hpi_input(builder::build_hpi(spec).bytes, options);
  ASSERT_EQ(reports.size(), 2u);
  expect_budget(reports[0], BudgetKind::member_size);
  EXPECT_TRUE(reports[1].path.ends_with("!b_bad.gaf"));
  EXPECT_FINDING(reports[1], "frame.out-of-bounds", gaf.at("frame:a") + 16, "entry[0]/frame[0]");
}

// Bounds before budgets in an archive: a 65535 x 65535 frame whose data lies past its member's end
// is frame.out-of-bounds and spends none of the shared pixel budget, so the next member's short
// RLE row (its first row, at 88, ends after 2 of 4 pixels) is still reported.
TEST(HpiBudgets, FramePastItsMemberSpendsNoSharedPixels) {
  auto huge = simple_spec();
  huge.frames[0].width = 65535;
  huge.frames[0].height = 65535;
  huge.frames[0].data = std::vector<std::uint8_t>{};
  auto huge_gaf = builder::build_gaf(huge);
  huge_gaf.put_u32(huge_gaf.at("frame:a") + 16, static_cast<std::uint32_t>(huge_gaf.bytes.size()));
  builder::GafSpec rle;
  rle.entries.push_back({.name = "RLE", .frames = {{"a", 1, std::nullopt}}});
  builder::FrameSpec frame{.id = "a", .width = 4, .height = 2, .compressed = 1};
  frame.rle_rows = std::vector<std::vector<std::uint8_t>>{{0x04, 0x01, 0x02}, {0x0C, 1, 2, 3, 4}};
  rle.frames.push_back(frame);
  builder::HpiSpec spec;
  spec.files.push_back({"a_huge.gaf", huge_gaf.bytes, HpiMethod::zlib});
  spec.files.push_back({"b_rle.gaf", builder::build_gaf(rle).bytes, HpiMethod::zlib});
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 100;
  const auto reports = check_hpi_input(builder::build_hpi(spec).bytes, options);
  ASSERT_EQ(reports.size(), 3u);
  EXPECT_FALSE(reports[0].budget_hit.has_value()) << describe(reports[0]);
  EXPECT_FINDING(reports[1], "frame.out-of-bounds", huge_gaf.at("frame:a") + 16,
                 "entry[0]/frame[0]");
  EXPECT_NO_FINDING(reports[1], "budget.exceeded");
  EXPECT_FINDING(reports[2], "rle.short-row", 88, "entry[0]/frame[0]/row[0]");
}

TEST(HpiBudgets, ZlibBombChunkIsARatioFinding) {
  builder::HpiSpec spec;
  spec.files.push_back({"bomb.gaf", std::vector<std::uint8_t>(1 << 20, 0), HpiMethod::zlib});
  auto archive = builder::build_hpi_plain(spec);
  archive.put_u32(archive.at("chunk:bomb.gaf[3]") + 11, 0x40000000);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.ratio", archive.at("chunk:bomb.gaf[3]") + 11, "bomb.gaf/chunk[3]");
  expect_budget(report, BudgetKind::chunk_ratio);
}

TEST(HpiBudgets, ArchiveOutputIsBounded) {
  builder::HpiSpec spec;
  for (int i = 0; i < 4; ++i)
    spec.files.push_back(
        {"f" + std::to_string(i), builder::sample_content(100000, 1), HpiMethod::zlib});
  CheckOptions options;
  options.limits[BudgetKind::archive_output] = 250000;
  const FileReport report = check_hpi(spec, options);
  expect_budget(report, BudgetKind::archive_output);
  EXPECT_EQ(report.members->size(), 4u);  // still listed
  EXPECT_EQ(report.summary.get("decompressed_bytes"), 200000u);
}

TEST(HpiBudgets, DirectoryContainingItselfEnds) {
  auto archive = builder::build_hpi_plain(tidy_hpi());
  archive.put_u32(archive.at("entry:scripts") + 4, static_cast<std::uint32_t>(archive.at("root")));
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.directory-cycle", archive.at("entry:scripts") + 4, "scripts");
  EXPECT_EQ(report.verdict, Verdict::errors);
}

TEST(HpiBudgets, AHundredThousandTinyEntries) {
  builder::HpiSpec spec;
  for (int i = 0; i < 100000; ++i)
    spec.files.push_back(
        {"e" + std::to_string(i), {static_cast<std::uint8_t>(i)}, HpiMethod::stored});
  const auto bytes = builder::build_hpi(spec).bytes;
  const FileReport report = check_hpi(bytes);
  expect_budget(report, BudgetKind::archive_entries);
  EXPECT_EQ(report.budget_hit->value, 100000u);

  CheckOptions options;
  options.limits[BudgetKind::archive_entries] = 100000;
  const FileReport walked = check_hpi(bytes, options);
  EXPECT_EQ(walked.verdict, Verdict::clean) << describe(walked);
  EXPECT_EQ(walked.members->size(), 100000u);
}

TEST(HpiBudgets, NameLongerThanTheBudget) {
  builder::HpiSpec spec;
  spec.files.push_back({std::string(2000, 'n'), {'x'}, HpiMethod::stored});
  const FileReport report = check_hpi(spec);
  expect_budget(report, BudgetKind::name_length);
  CheckOptions options;
  options.limits[BudgetKind::name_length] = 4096;
  EXPECT_EQ(check_hpi(spec, options).verdict, Verdict::clean);
}

// A budget stops only the work it bounds: a name over the name budget skips only its entry; the
// next member's unsafe name is still reported (v1 and v2 directories).
TEST(HpiBudgets, OverlongNameLeavesTheNextNameChecked) {
  for (const std::uint32_t version : {0x00010000u, 0x00020000u}) {
    builder::HpiSpec spec;
    spec.version = version;
    spec.files.push_back({std::string(2000, 'n'), {'x'}, HpiMethod::stored});
    spec.files.push_back({"..\\..\\evil.gaf", gaf_bytes({"EVIL"}), HpiMethod::stored});
    const auto archive = builder::build_hpi_plain(spec);
    const FileReport report = check_hpi(archive.bytes);
    expect_budget(report, BudgetKind::name_length);
    const Finding* unsafe = find_finding(report, "hpi.path-traversal");
    ASSERT_NE(unsafe, nullptr) << version << ": " << describe(report);
    EXPECT_EQ(unsafe->path, escape_bytes("..\\..\\evil.gaf"));
    if (version == 0x00010000u) {  // v2 labels are offsets inside the directory block
      EXPECT_EQ(unsafe->offset, archive.at("entry:..\\..\\evil.gaf"));
    }
    ASSERT_TRUE(report.members.has_value());
    EXPECT_EQ(report.members->size(), 1u);  // the over-long one is skipped, not listed
    // Control: within a raised name budget both are members and only the unsafe name is reported.
    CheckOptions options;
    options.limits[BudgetKind::name_length] = 4096;
    const FileReport control = check_hpi(archive.bytes, options);
    EXPECT_NO_FINDING(control, "budget.exceeded");
    EXPECT_EQ(count_rule(control, "hpi.path-traversal"), 1u) << describe(control);
  }
}

TEST(HpiBudgets, DirectoryTreeDeeperThanTheBudget) {
  builder::HpiSpec spec;
  std::string path;
  for (int i = 0; i < 40; ++i) path += "d" + std::to_string(i) + "/";
  spec.files.push_back({path + "leaf.txt", {'x'}, HpiMethod::stored});
  const FileReport report = check_hpi(spec);
  expect_budget(report, BudgetKind::directory_depth);
  EXPECT_EQ(report.budget_hit->value, 33u);
}

TEST(HpiBudgets, MemberLargerThanTheBudget) {
  CheckOptions options;
  options.limits[BudgetKind::member_size] = 1000;
  const FileReport report = check_hpi(tidy_hpi(), options);
  expect_budget(report, BudgetKind::member_size);
}

// An archive holding an archive holding an archive holding a GAF.
std::vector<std::uint8_t> triple_nested() {
  builder::HpiSpec inner;
  inner.files.push_back({"anims/deep.gaf", gaf_bytes({"DEEP"}), HpiMethod::zlib});
  builder::HpiSpec middle;
  middle.files.push_back({"inner.hpi", builder::build_hpi(inner).bytes, HpiMethod::lz77});
  builder::HpiSpec outer;
  outer.files.push_back({"middle.ufo", builder::build_hpi(middle).bytes, HpiMethod::zlib});
  outer.files.push_back({"anims/top.gaf", gaf_bytes({"TOP"}), HpiMethod::stored});
  return builder::build_hpi(outer).bytes;
}

TEST(HpiBudgets, NestedArchivesOpenUpToTheArchiveDepth) {
  const auto reports = check_hpi_input(triple_nested());
  ASSERT_EQ(reports.size(), 4u);
  EXPECT_EQ(reports[0].format, Format::hpi);
  EXPECT_FALSE(reports[0].member_of.has_value());
  EXPECT_TRUE(reports[1].path.ends_with("mod.ufo!middle.ufo")) << reports[1].path;
  EXPECT_EQ(reports[1].verdict, Verdict::clean) << describe(reports[1]);
  EXPECT_TRUE(reports[2].path.ends_with("mod.ufo!middle.ufo!inner.hpi")) << reports[2].path;
  EXPECT_EQ(*reports[2].member_of, reports[1].path);
  expect_budget(reports[2], BudgetKind::archive_depth);
  EXPECT_TRUE(reports[3].path.ends_with("mod.ufo!anims/top.gaf")) << reports[3].path;

  CheckOptions deeper;
  deeper.limits[BudgetKind::archive_depth] = 3;
  const auto all = check_hpi_input(triple_nested(), deeper);
  ASSERT_EQ(all.size(), 5u);
  EXPECT_TRUE(all[3].path.ends_with("mod.ufo!middle.ufo!inner.hpi!anims/deep.gaf"));
  EXPECT_EQ(all[3].format, Format::gaf);
  EXPECT_EQ(all[3].verdict, Verdict::clean);

  CheckOptions none;
  none.limits[BudgetKind::archive_depth] = 0;
  const auto refused = check_hpi_input(triple_nested(), none);
  ASSERT_EQ(refused.size(), 1u);
  expect_budget(refused[0], BudgetKind::archive_depth);
}

TEST(HpiBudgets, NestedArchivesShareTheOuterOutputBudget) {
  builder::HpiSpec outer;
  std::vector<std::uint8_t> inner_bytes;
  for (int i = 0; i < 3; ++i) {
    builder::HpiSpec inner;  // distinct contents: an identical one would be checked once
    inner.files.push_back({"big.bin", builder::sample_content(300000, 5 + i), HpiMethod::zlib});
    inner_bytes = builder::build_hpi(inner).bytes;
    outer.files.push_back({"inner" + std::to_string(i) + ".hpi", inner_bytes, HpiMethod::stored});
  }
  // The outer archive's members, one inner archive's 300,000 bytes, and half as much again.
  CheckOptions options;
  options.limits[BudgetKind::archive_output] = 3 * inner_bytes.size() + 450000;
  const auto reports = check_hpi_input(builder::build_hpi(outer).bytes, options);
  ASSERT_EQ(reports.size(), 4u);
  EXPECT_EQ(reports[0].verdict, Verdict::clean) << describe(reports[0]);
  EXPECT_EQ(reports[1].verdict, Verdict::clean) << describe(reports[1]);
  // After the first inner archive only 150,000 bytes are left.
  expect_budget(reports[2], BudgetKind::archive_output);
  expect_budget(reports[3], BudgetKind::archive_output);
}

TEST(HpiBudgets, NestedArchivesShareTheOuterEntryBudget) {
  builder::HpiSpec outer;
  for (int i = 0; i < 3; ++i) {
    builder::HpiSpec inner;  // distinct contents: an identical one would be checked once
    for (int f = 0; f < 10; ++f)
      inner.files.push_back({"f" + std::to_string(f), {std::uint8_t('a' + i)}, HpiMethod::stored});
    outer.files.push_back(
        {"inner" + std::to_string(i) + ".hpi", builder::build_hpi(inner).bytes, HpiMethod::zlib});
  }
  CheckOptions options;
  options.limits[BudgetKind::archive_entries] = 3 + 10 + 5;
  const auto reports = check_hpi_input(builder::build_hpi(outer).bytes, options);
  ASSERT_EQ(reports.size(), 4u);
  EXPECT_EQ(reports[1].verdict, Verdict::clean) << describe(reports[1]);
  expect_budget(reports[2], BudgetKind::archive_entries);
  expect_budget(reports[3], BudgetKind::archive_entries);
}

}  // namespace
}  // namespace gafcheck::testing
