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

}  // namespace
}  // namespace gafcheck::testing
