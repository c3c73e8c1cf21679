// Entry rules (docs/format/gaf.md §2). With simple_spec(): entry table at 12, entry[0] at 16.
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

std::array<std::uint8_t, 32> name_bytes(std::initializer_list<std::uint8_t> prefix) {
  std::array<std::uint8_t, 32> name{};
  std::copy(prefix.begin(), prefix.end(), name.begin());
  return name;
}

TEST(EntryRules, SlotPointingOutsideTheFile) {
  auto built = builder::build_gaf(simple_spec());
  built.put_u32(12, 0x7FFFFFF0);
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "entry.out-of-bounds", 12, "entry[0]");
  EXPECT_EQ(report.verdict, Verdict::errors);
  EXPECT_EQ(report.retail, Retail::crash);
}

TEST(EntryRules, FrameTableRunningPastTheEnd) {
  auto spec = simple_spec();
  spec.entries[0].frame_count = 5000;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "entry.out-of-bounds", 16, "entry[0]/frames");
}

TEST(EntryRules, EntryHeaderCutByTheEndOfFile) {
  auto bytes = builder::build_gaf(simple_spec()).bytes;
  bytes.resize(16 + 39);
  const FileReport report = check(bytes);
  EXPECT_FINDING(report, "entry.out-of-bounds", 12, "entry[0]");
}

TEST(EntryRules, InBoundsEntriesHaveNoBoundsFinding) {
  EXPECT_NO_FINDING(check(simple_spec()), "entry.out-of-bounds");
}

TEST(EntryRules, TwoSlotsOnOneEntryAreAliases) {
  auto spec = simple_spec();
  spec.slots = std::vector<std::uint32_t>{0, 0};
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "entry.alias", 16, "entry[1]");
  EXPECT_EQ(count_rule(report, "entry.alias"), 1u);
  // The aliased table is walked once: no double-counted frames, no shared-header noise.
  EXPECT_EQ(report.summary.get("frames"), 1u);
  EXPECT_NO_FINDING(report, "frame.header-shared");
}

TEST(EntryRules, DistinctSlotsAreNotAliases) {
  auto spec = simple_spec();
  spec.entries.push_back(spec.entries[0]);
  spec.entries[1].name = "OTHER";
  spec.frames.push_back({.id = "b"});
  spec.entries[1].frames[0].frame = "b";
  EXPECT_NO_FINDING(check(spec), "entry.alias");
}

TEST(EntryRules, NameWithoutNul) {
  auto spec = simple_spec();
  std::array<std::uint8_t, 32> name;
  name.fill('A');
  spec.entries[0].name_bytes = name;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "entry.name-unterminated", 24, "entry[0]/name");
  EXPECT_NO_FINDING(report, "entry.name-trailing-bytes");
}

TEST(EntryRules, BytesAfterTheNul) {
  auto spec = simple_spec();
  spec.entries[0].name_bytes = name_bytes({'A', 'R', 'M', 0, 0, 0xEE});
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "entry.name-trailing-bytes", 24 + 5, "entry[0]/name");
  EXPECT_NE(find_finding(report, "entry.name-trailing-bytes")->message.find("EE"),
            std::string::npos);
  EXPECT_NO_FINDING(report, "entry.name-unterminated");
}

TEST(EntryRules, CleanNamesHaveNoNameFindings) {
  const FileReport report = check(simple_spec());
  EXPECT_NO_FINDING(report, "entry.name-unterminated");
  EXPECT_NO_FINDING(report, "entry.name-trailing-bytes");
  EXPECT_NO_FINDING(report, "entry.name-duplicate");
}

TEST(EntryRules, NamesEqualUnderAsciiFoldingAreDuplicates) {
  auto spec = simple_spec();
  spec.entries[0].name = "ArmCom";
  spec.entries.push_back(spec.entries[0]);
  spec.entries[1].name = "ARMCOM";
  spec.frames.push_back({.id = "b"});
  spec.entries[1].frames[0].frame = "b";
  const FileReport report = check(spec);
  // Two slots: entry[0] at 20, entry[1] at 20 + 48, its name at +8.
  EXPECT_FINDING(report, "entry.name-duplicate", 20 + 48 + 8, "entry[1]/name");
  EXPECT_EQ(find_finding(report, "entry.name-duplicate")->retail, Retail::dropped);
}

TEST(EntryRules, HighBytesAreNotFoldedSoNamesDiffer) {
  auto spec = simple_spec();
  spec.entries[0].name_bytes = name_bytes({'A', 0xC4});  // A with a Latin-1 capital
  spec.entries.push_back(spec.entries[0]);
  spec.entries[1].name_bytes = name_bytes({'a', 0xE4});  // a with the lowercase byte
  spec.frames.push_back({.id = "b"});
  spec.entries[1].frames[0].frame = "b";
  EXPECT_NO_FINDING(check(spec), "entry.name-duplicate");
}

TEST(EntryRules, EntryWithoutFrames) {
  auto spec = simple_spec();
  spec.entries[0].frames.clear();
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "entry.no-frames", 16, "entry[0]");
  EXPECT_EQ(report.verdict, Verdict::clean);
  EXPECT_EQ(report.summary.get("zero_frame_entries"), 1u);
  EXPECT_NO_FINDING(check(simple_spec()), "entry.no-frames");
}

}  // namespace
}  // namespace gafcheck::testing
