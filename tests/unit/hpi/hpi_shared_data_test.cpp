// Members whose data is an earlier member's are decoded and checked once (hpi.shared-data): many
// entries aimed at one member's stored bytes, the same content stored at other offsets, and
// archives of archives aimed the same way. Controls: distinct members of one
// size, and an entry that overlaps another member's data without being the same data.
#include <stdexcept>

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

// A GAF whose frame is RLE: storage.raw-required wherever the engine reads plain arrays.
std::vector<std::uint8_t> rle_frame_gaf() {
  auto spec = simple_spec();
  spec.frames[0].compressed = 1;
  return builder::build_gaf(spec).bytes;
}

const FileReport& member_report(const std::vector<FileReport>& reports, const std::string& path) {
  for (const FileReport& report : reports)
    if (report.member_of && report.path.ends_with("!" + path)) return report;
  throw std::runtime_error("no document for member " + path);
}

// Both archive forms of sharing: entries aimed at one member's stored bytes, and equal content
// stored twice.
std::vector<std::vector<std::uint8_t>> sharing_archives(const std::vector<std::uint8_t>& data,
                                                        const std::string& a,
                                                        const std::string& b) {
  builder::HpiSpec copies;
  copies.files.push_back({a, data, HpiMethod::zlib});
  copies.files.push_back({b, data, HpiMethod::zlib});
  return {builder::aliased_entries_archive(data, {a, b}, HpiMethod::stored).bytes,
          builder::build_hpi(copies).bytes};
}

// What a rule reads from a member's path is part of what makes two members "the same": equal
// bytes whose paths give the rules other answers are each checked and each get their findings.
// Here both paths are read as plain arrays, for different reasons (a textures directory, the
// visibility mask file), and each member gets its own storage.raw-required saying why.
TEST(HpiSharedData, EqualBytesReadAsArraysForOtherReasonsAreEachChecked) {
  const auto gaf = rle_frame_gaf();
  const std::pair<std::string, std::string> pairs[] = {
      {"textures/armtex.gaf", "anims/vismasks.gaf"},
      {"mods/anims/VisMasks.GAF", "Textures\\CorTex.gaf"},
      {"units/textures/skin.gaf", "VISMASKS.GAF"},
  };
  for (const auto& [a, b] : pairs) {
    for (const auto& archive : sharing_archives(gaf, a, b)) {
      SCOPED_TRACE(a + " and " + b);
      const auto reports = check_hpi_input(archive);
      ASSERT_EQ(reports.size(), 3u);
      EXPECT_NO_FINDING(reports[0], "hpi.shared-data");
      const Finding* first = find_finding(member_report(reports, a), "storage.raw-required");
      const Finding* second = find_finding(member_report(reports, b), "storage.raw-required");
      ASSERT_TRUE(first && second);
      EXPECT_NE(first->message, second->message) << "each says its own reason";
    }
  }
}

// The same bytes where one path is read as plain arrays and the other is not, or where the
// extensions differ: two checks, two different sets of findings.
TEST(HpiSharedData, EqualBytesUnderPathsRulesReadDifferentlyAreEachChecked) {
  const auto gaf = rle_frame_gaf();
  const std::pair<std::string, std::string> pairs[] = {
      {"anims/armtex.gaf", "textures/armtex.gaf"},
      {"anims/vismasks.gaf.bak.gaf", "anims/vismasks.gaf"},
      {"textures/a.taf", "textures/a.gaf"},
  };
  for (const auto& [plain, raw] : pairs) {
    for (const auto& archive : sharing_archives(gaf, plain, raw)) {
      SCOPED_TRACE(plain + " and " + raw);
      const auto reports = check_hpi_input(archive);
      ASSERT_EQ(reports.size(), 3u);
      EXPECT_NO_FINDING(reports[0], "hpi.shared-data");
      EXPECT_FINDING(member_report(reports, raw), "storage.raw-required", 64 + 9,
                     "entry[0]/frame[0]");
      if (!plain.starts_with("textures/")) {
        EXPECT_NO_FINDING(member_report(reports, plain), "storage.raw-required");
      }
    }
  }
}

// Control: equal bytes in the same context (two textures, for the same reason) are still checked
// once, the second listed as the first's data.
TEST(HpiSharedData, EqualBytesInTheSameContextAreStillCheckedOnce) {
  const auto gaf = rle_frame_gaf();
  for (const auto& archive : sharing_archives(gaf, "textures/arm.gaf", "TEXTURES/sub/core.GAF")) {
    const auto reports = check_hpi_input(archive);
    ASSERT_EQ(reports.size(), 2u);
    EXPECT_EQ(shared_data_paths(reports[0]), std::vector<std::string>{"TEXTURES/sub/core.GAF"});
    expect_shared(reports[0], 1, "textures/arm.gaf");
    EXPECT_FINDING(reports[1], "storage.raw-required", 64 + 9, "entry[0]/frame[0]");
  }
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
