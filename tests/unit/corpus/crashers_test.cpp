// Inputs that once broke an invariant under the fuzzers (corpus/crashers), each pinned to the
// finding it must now produce, inside its own input.
#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

std::vector<std::uint8_t> crasher(const char* name) {
  std::ifstream in(std::filesystem::path(GAFCHECK_SOURCE_ROOT) / "corpus/crashers" / name,
                   std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(Crashers, MemberDataPastTheEndIsAnchoredAtItsDirectoryEntry) {
  const auto bytes = crasher("hpi-member-data-past-eof.bin");
  ASSERT_FALSE(bytes.empty());
  bool first = true;
  bool saw_bounds = false;
  check_bytes_with_members(ByteView(bytes.data(), bytes.size()), "crasher.ufo", {},
                           [&](FileReport&& report) {
                             record_triggered(report);
                             const std::uint64_t size = first ? bytes.size() : report.size;
                             for (const Finding& finding : report.findings) {
                               EXPECT_LE(finding.offset, size) << describe(report);
                               EXPECT_LE(finding.length, size - std::min(finding.offset, size));
                               saw_bounds |= rule_name(finding.rule) == "hpi.directory-bounds";
                             }
                             first = false;
                           });
  EXPECT_TRUE(saw_bounds);
}

// Archive multipliers: every report the input gives, members included.
std::vector<FileReport> archive_reports(const char* name, const CheckOptions& options = {}) {
  const auto bytes = crasher(name);
  std::vector<FileReport> reports;
  check_bytes_with_members(ByteView(bytes.data(), bytes.size()), "crasher.ufo", options,
                           [&](FileReport&& report) {
                             record_triggered(report);
                             reports.push_back(std::move(report));
                           });
  return reports;
}

std::uint64_t shared_data(const FileReport& report) {
  return report.rule_counts[static_cast<std::size_t>(RuleId::hpi_shared_data)];
}

TEST(Crashers, HpiSharedDataEntriesAimedAtOneMemberAreCheckedOnce) {
  CheckOptions options;
  options.limits[BudgetKind::findings] = 2000;  // one budget for the archive and its member
  const auto reports = archive_reports("hpi-shared-data-990-entries-one-member.bin", options);
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(shared_data(reports[0]), 989u);
  ASSERT_EQ(reports[0].members->size(), 990u);
  EXPECT_EQ(reports[0].members->at(989).same_data_as, "m0.gaf");
  EXPECT_EQ(reports[1].rule_counts[static_cast<std::size_t>(RuleId::entry_alias)], 3299u);
  EXPECT_EQ(reports[0].findings.size() + reports[1].findings.size(), 2000u);
}

TEST(Crashers, HpiSharedDataNestedArchivesOfAliasedEntriesGiveThreeDocuments) {
  const auto reports = archive_reports("hpi-shared-data-300x300-nested-entries.bin");
  ASSERT_EQ(reports.size(), 3u);
  EXPECT_EQ(shared_data(reports[0]), 299u);
  EXPECT_EQ(shared_data(reports[1]), 299u);
  EXPECT_EQ(reports[2].path, "crasher.ufo!m0.ufo!m0.gaf");
}

TEST(Crashers, HpiSharedDataCopiesOfOneMemberAreCheckedOnce) {
  const auto reports = archive_reports("hpi-shared-data-60-copies-same-content.bin");
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(shared_data(reports[0]), 59u);
  const Finding* shared = find_finding(reports[0], "hpi.shared-data");
  ASSERT_NE(shared, nullptr);
  EXPECT_EQ(shared->path, "m1.gaf");
  EXPECT_NE(shared->message.find("same content"), std::string::npos) << shared->message;
}

}  // namespace
}  // namespace gafcheck::testing
