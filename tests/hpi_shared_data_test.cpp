// Members whose data is an earlier member's are decoded and checked once (hpi.shared-data): many
// entries aimed at one member's stored bytes, the same content stored at other offsets, and
// archives of archives aimed the same way (issue 12, class 3). Controls: distinct members of one
// size, and an entry that overlaps another member's data without being the same data.
#include "corpus/builder/hostile_archives.hpp"
#include "tests/support/hpi_helpers.hpp"

namespace gafcheck::testing {
namespace {

using builder::HpiMethod;

void expect_shared(const FileReport& archive, std::size_t member, const std::string& first) {
  ASSERT_TRUE(archive.members.has_value());
  const ArchiveMember& listed = archive.members->at(member);
  EXPECT_FALSE(listed.checked) << listed.path;
  EXPECT_EQ(listed.same_data_as, first) << listed.path;
}

// The paths of the members reported as sharing an earlier member's data, in report order.
std::vector<std::string> shared_data_paths(const FileReport& archive) {
  std::vector<std::string> paths;
  for (const Finding& finding : archive.findings)
    if (finding.rule == RuleId::hpi_shared_data) paths.push_back(finding.path);
  return paths;
}

TEST(HpiSharedData, EntriesAimedAtOneMembersStoredBytesAreCheckedOnce) {
  const auto gaf = builder::aliased_slots_gaf(101);  // 100 entry.alias findings
  for (const HpiMethod method : {HpiMethod::stored, HpiMethod::lz77, HpiMethod::zlib}) {
    SCOPED_TRACE(static_cast<int>(method));
    const auto archive = builder::aliased_entries_archive(gaf, 300, method, ".gaf");
    const auto reports = check_hpi_input(archive.bytes);
    ASSERT_EQ(reports.size(), 2u);  // the archive and m0.gaf: no document per alias
    const FileReport& outer = reports[0];
    EXPECT_EQ(occurrences(outer, RuleId::hpi_shared_data), 299u);
    EXPECT_FINDING(outer, "hpi.shared-data", archive.at("entry:m1.gaf"), "m1.gaf");
    EXPECT_NE(find_finding(outer, "hpi.shared-data")->message.find("'m0.gaf'"), std::string::npos);
    // The stored bytes are still one extent per entry: the overlap stays reported.
    EXPECT_EQ(occurrences(outer, RuleId::hpi_overlap), 299u);
    expect_shared(outer, 299, "m0.gaf");
    EXPECT_EQ(outer.summary.get("checked_members"), 1u);
    EXPECT_EQ(outer.summary.get("decompressed_bytes"), gaf.size());  // decoded once
    EXPECT_TRUE(reports[1].path.ends_with("!m0.gaf"));
    EXPECT_EQ(occurrences(reports[1], RuleId::entry_alias), 100u);
  }
}

TEST(HpiSharedData, TheSameContentAtOtherOffsetsIsCheckedOnce) {
  const auto gaf = builder::aliased_slots_gaf(101);
  const auto archive = builder::same_content_archive(gaf, 50, HpiMethod::zlib, ".gaf");
  const auto reports = check_hpi_input(archive.bytes);
  ASSERT_EQ(reports.size(), 2u);
  const FileReport& outer = reports[0];
  EXPECT_EQ(occurrences(outer, RuleId::hpi_shared_data), 49u);
  EXPECT_FINDING(outer, "hpi.shared-data", archive.at("entry:m1.gaf"), "m1.gaf");
  EXPECT_NE(find_finding(outer, "hpi.shared-data")->message.find("decodes to the same"),
            std::string::npos);
  EXPECT_NO_FINDING(outer, "hpi.overlap");  // different offsets: validated one by one
  expect_shared(outer, 49, "m0.gaf");
  EXPECT_EQ(occurrences(reports[1], RuleId::entry_alias), 100u);
}

TEST(HpiSharedData, ArchivesOfArchivesAimedAtOneMemberAreCheckedOnce) {
  const auto gaf = gaf_bytes({"ONE"});
  const auto archive = builder::nested_aliased_archives(gaf, 30, 2);
  const auto reports = check_hpi_input(archive.bytes);
  ASSERT_EQ(reports.size(), 3u);  // not 1 + 30 + 30 * 30
  EXPECT_EQ(occurrences(reports[0], RuleId::hpi_shared_data), 29u);
  EXPECT_TRUE(reports[1].path.ends_with("mod.ufo!m0.ufo"));
  EXPECT_EQ(reports[1].format, Format::hpi);
  EXPECT_EQ(occurrences(reports[1], RuleId::hpi_shared_data), 29u);
  EXPECT_TRUE(reports[2].path.ends_with("mod.ufo!m0.ufo!m0.gaf"));
  EXPECT_EQ(reports[2].verdict, Verdict::clean);

  // Three levels, all opened: one document per level and the GAF.
  CheckOptions deep;
  deep.limits[BudgetKind::archive_depth] = 3;
  const auto three = check_hpi_input(builder::nested_aliased_archives(gaf, 30, 3).bytes, deep);
  ASSERT_EQ(three.size(), 4u);
  EXPECT_TRUE(three[3].path.ends_with("!m0.ufo!m0.ufo!m0.gaf"));
  for (std::size_t level = 0; level < 3; ++level)
    EXPECT_EQ(occurrences(three[level], RuleId::hpi_shared_data), 29u) << three[level].path;
}

// The engine opens a file by its name: the same bytes named .gaf are a GAF it loads, named .dat a
// file it never opens as one. A member sharing stored bytes or content with an earlier member is
// checked once more under a name of another context (extension, textures/), never hidden behind
// the first; under a name of the same context it is still checked once.
TEST(HpiSharedData, StoredBytesUnderANameOfAnotherKindAreCheckedUnderThatName) {
  const std::vector<std::uint8_t> one_byte{0x2A};
  const auto archive = builder::aliased_entries_archive(
      one_byte, {"m0.dat", "m1.gaf", "m2.txt", "m3.GAF"}, HpiMethod::stored);
  const auto reports = check_hpi_input(archive.bytes);
  ASSERT_EQ(reports.size(), 2u);  // the archive and m1.gaf; m3.GAF as m1.gaf, m2.txt as m0.dat
  const FileReport& outer = reports[0];
  EXPECT_EQ(shared_data_paths(outer), (std::vector<std::string>{"m2.txt", "m3.GAF"}));
  expect_shared(outer, 2, "m0.dat");
  expect_shared(outer, 3, "m1.gaf");
  EXPECT_TRUE(outer.members->at(1).checked);
  EXPECT_TRUE(reports[1].path.ends_with("!m1.gaf"));
  EXPECT_FINDING(reports[1], "header.truncated", 0, "header");
}

TEST(HpiSharedData, TheSameContentUnderANameOfAnotherKindIsCheckedAgain) {
  const auto gaf = gaf_bytes({"ONE"});
  builder::HpiSpec spec;
  for (const char* name : {"anims/one.gaf", "anims/one.taf", "textures/one.gaf", "units/two.gaf"})
    spec.files.push_back({name, gaf, HpiMethod::zlib});
  const auto archive = builder::build_hpi(spec);
  const auto reports = check_hpi_input(archive.bytes);
  ASSERT_EQ(reports.size(), 4u);  // units/two.gaf is checked as anims/one.gaf
  EXPECT_EQ(shared_data_paths(reports[0]), std::vector<std::string>{"units/two.gaf"});
  EXPECT_TRUE(reports[1].path.ends_with("!anims/one.gaf"));
  EXPECT_EQ(reports[1].format, Format::gaf);
  EXPECT_TRUE(reports[2].path.ends_with("!anims/one.taf"));
  EXPECT_EQ(reports[2].format, Format::taf_paletted);
  EXPECT_TRUE(reports[3].path.ends_with("!textures/one.gaf"));
}

TEST(HpiSharedData, DistinctMembersOfOneSizeAreEachChecked) {
  builder::HpiSpec spec;
  for (const char* name : {"AAAA", "BBBB", "CCCC"})
    spec.files.push_back(
        {std::string("anims/") + name + ".gaf", gaf_bytes({name}), HpiMethod::zlib});
  ASSERT_EQ(spec.files[0].data.size(), spec.files[2].data.size());
  const auto reports = check_hpi_input(builder::build_hpi(spec).bytes);
  ASSERT_EQ(reports.size(), 4u);
  EXPECT_NO_FINDING(reports[0], "hpi.shared-data");
  for (const ArchiveMember& member : *reports[0].members) {
    EXPECT_TRUE(member.checked) << member.path;
    EXPECT_TRUE(member.same_data_as.empty()) << member.path;
  }
  for (std::size_t i = 1; i < reports.size(); ++i)
    EXPECT_EQ(reports[i].verdict, Verdict::clean) << describe(reports[i]);
}

TEST(HpiSharedData, AnEntryOverlappingAnotherMembersDataIsNotTheSameData) {
  // m1.gaf starts at m0.gaf's data but is 4 bytes shorter: other stored bytes, checked itself.
  const auto gaf = gaf_bytes({"ONE"});
  auto archive = builder::aliased_entries_archive(gaf, 2, HpiMethod::stored, ".gaf");
  archive.put_u32(archive.at("record:m1.gaf") + 4, static_cast<std::uint32_t>(gaf.size() - 4));
  const auto reports = check_hpi_input(archive.bytes);
  ASSERT_EQ(reports.size(), 3u);
  EXPECT_NO_FINDING(reports[0], "hpi.shared-data");
  EXPECT_FINDING(reports[0], "hpi.overlap", archive.at("data:m0.gaf"), "m1.gaf");
  EXPECT_TRUE(reports[2].path.ends_with("!m1.gaf"));
}

}  // namespace
}  // namespace gafcheck::testing
