// Header rules (docs/format/gaf.md §1). simple_spec() lays out: header 0..12, entry table 12..16,
// entry[0] at 16, its frame table at 56, frame "a" at 64, pixels at 88.
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

TEST(HeaderRules, TidyFileIsClean) {
  const FileReport report = check(simple_spec());
  EXPECT_EQ(report.format, Format::gaf);
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_TRUE(report.findings.empty()) << describe(report);
  EXPECT_EQ(report.retail, Retail::none);
  EXPECT_EQ(report.summary.get("entries"), 1u);
  EXPECT_EQ(report.summary.get("frames"), 1u);
  EXPECT_EQ(report.summary.get("raw_leaves"), 1u);
}

TEST(HeaderRules, FileShorterThanHeaderIsTruncated) {
  auto bytes = builder::build_gaf(simple_spec()).bytes;
  bytes.resize(7);
  const FileReport report = check(bytes);
  EXPECT_FINDING(report, "header.truncated", 0, "header");
  EXPECT_EQ(report.retail, Retail::crash);
}

TEST(HeaderRules, EntryTableRunningPastTheEndIsTruncated) {
  auto spec = simple_spec();
  spec.entry_count_word = 300;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "header.truncated", 12, "entry_table");
  EXPECT_NE(find_finding(report, "header.truncated")->message.find("300 slots"), std::string::npos);
}

TEST(HeaderRules, VersionZeroIsInfoOnly) {
  auto spec = simple_spec();
  spec.version = 0;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "header.version-zero", 0, "header/version");
  EXPECT_EQ(find_finding(report, "header.version-zero")->severity, Severity::info);
  EXPECT_EQ(report.verdict, Verdict::clean);
}

TEST(HeaderRules, OtherVersionIsNonstandard) {
  auto spec = simple_spec();
  spec.version = 0x00020000;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "header.version-nonstandard", 0, "header/version");
  EXPECT_NO_FINDING(report, "header.version-zero");
  EXPECT_EQ(report.verdict, Verdict::warnings);
}

TEST(HeaderRules, StandardVersionHasNoVersionFinding) {
  const FileReport report = check(simple_spec());
  EXPECT_NO_FINDING(report, "header.version-nonstandard");
  EXPECT_NO_FINDING(report, "header.version-zero");
}

TEST(HeaderRules, NegativeCountLoadsNothingButIsStillExamined) {
  auto spec = simple_spec();
  spec.entries.push_back(spec.entries[0]);  // a second entry named like the first
  spec.entry_count_word = 0xFFFE;           // -2 as int16; the table really holds 2 slots
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "header.entry-count-negative", 4, "header/entry_count");
  EXPECT_EQ(report.summary.get("entries"), 0u);
  EXPECT_NE(find_finding(report, "header.entry-count-negative")->message.find("-2"),
            std::string::npos);
  // The table claims 65534 slots: only the 2 that fit are read, and that is reported.
  EXPECT_FINDING(report, "header.truncated", 12, "entry_table");
}

TEST(HeaderRules, FindingsBehindNegativeCountAreDroppedByTheGame) {
  auto spec = simple_spec();
  spec.entries.push_back(spec.entries[0]);
  spec.entry_count_word = 0xFFFE;
  const FileReport report = check(spec);
  const Finding* duplicate = find_finding(report, "entry.name-duplicate");
  ASSERT_NE(duplicate, nullptr) << describe(report);
  EXPECT_EQ(duplicate->retail, Retail::dropped);
}

TEST(HeaderRules, PositiveCountIsNotNegative) {
  auto spec = simple_spec();
  spec.entry_count_word = 0x7FFF & 1;
  const FileReport report = check(spec);
  EXPECT_NO_FINDING(report, "header.entry-count-negative");
}

TEST(HeaderRules, HighBitsAreIgnoredByTheGame) {
  auto spec = simple_spec();
  spec.entry_count_word = 0x00020001;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "header.entry-count-high-bits", 4, "header/entry_count");
  EXPECT_EQ(report.summary.get("entries"), 1u);
  EXPECT_NO_FINDING(report, "header.truncated");
}

TEST(HeaderRules, ReservedWordNonzero) {
  auto spec = simple_spec();
  spec.reserved = 7;
  const FileReport report = check(spec);
  EXPECT_FINDING(report, "header.reserved-nonzero", 8, "header/reserved");
  EXPECT_NO_FINDING(check(simple_spec()), "header.reserved-nonzero");
}

TEST(HeaderRules, UnrecognisedBytesAreFormatUnknown) {
  const std::vector<std::uint8_t> zip = {'P', 'K', 3, 4, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 1};
  const FileReport report = check(zip);
  EXPECT_FINDING(report, "format.unknown", 0, "");
  EXPECT_EQ(report.verdict, Verdict::rejected);
  EXPECT_EQ(report.format, Format::unknown);
}

TEST(HeaderRules, EmptyFileIsFormatUnknown) {
  // (Named .gaf, it is a truncated GAF header: tests/game_reading_test.cpp.)
  const FileReport report = check(std::vector<std::uint8_t>{}, {}, "upload.bin");
  EXPECT_FINDING(report, "format.unknown", 0, "");
  EXPECT_EQ(report.verdict, Verdict::rejected);
}

TEST(HeaderRules, NonstandardVersionWithGafLayoutIsStillAGaf) {
  auto spec = simple_spec();
  spec.version = 0x12345678;
  const FileReport report = check(spec);
  EXPECT_EQ(report.format, Format::gaf);
  EXPECT_NO_FINDING(report, "format.unknown");
}

}  // namespace
}  // namespace gafcheck::testing
