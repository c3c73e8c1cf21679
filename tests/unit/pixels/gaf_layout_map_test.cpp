// The structure index and extent map gafcheck show draws from are check's own: same extents,
// same coverage and slack as the extent.* findings and coverage.* counters, and a budget that
// stops the read leaves no partial map. simple_spec(): header 0..12, entry table 12..16, entry
// 16..56, frame table 56..64, frame header 64..88, raw pixels 88..104.
#include "validator/inspect/gaf_layout_map.hpp"
#include "tests/support/check_helpers.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::testing {
namespace {

ByteView view_of(const std::vector<std::uint8_t>& bytes) {
  return ByteView(bytes.data(), bytes.size());
}

TEST(GafLayoutMap, TidyFileMapsLikeCheck) {
  const auto bytes = builder::build_gaf(simple_spec()).bytes;
  const FileReport report = check(bytes);
  const auto layout = pixels::read_gaf_layout_map(view_of(bytes), CheckOptions{}.limits);
  ASSERT_TRUE(layout.mapped) << layout.stopped;
  EXPECT_EQ(layout.map.claimed, report.summary.get("coverage.claimed"));
  EXPECT_EQ(layout.map.sorted.size(), report.summary.get("coverage.extents"));
  std::vector<std::string> listed;
  for (const pixels::Extent& extent : layout.map.sorted)
    listed.push_back(hex(extent.offset) + " " + pixels::extent_path(layout, extent) + " " +
                     pixels::extent_label(layout, extent));
  EXPECT_EQ(listed,
            (std::vector<std::string>{
                "0x0 header file header", "0xC entry_table entry table",
                "0x10 entry[0] entry header", "0x38 entry[0]/frames frame table",
                "0x40 entry[0]/frame[0] frame header", "0x58 entry[0]/frame[0] raw pixels"}));
}

TEST(GafLayoutMap, TrailingBytesAreTheSlackCheckReports) {
  auto bytes = builder::build_gaf(simple_spec()).bytes;
  bytes.resize(bytes.size() + 20, 0xAB);
  const FileReport report = check(bytes);
  EXPECT_FINDING(report, "extent.slack", 104, "");
  const auto layout = pixels::read_gaf_layout_map(view_of(bytes), CheckOptions{}.limits);
  ASSERT_EQ(layout.map.slack.size(), 1u);
  EXPECT_EQ(layout.map.slack[0].offset, 104u);
  EXPECT_EQ(layout.map.slack[0].length, 20u);
}

TEST(GafLayoutMap, BudgetHitLeavesNoPartialMap) {
  const auto bytes = builder::build_gaf(simple_spec()).bytes;
  BudgetLimits limits = CheckOptions{}.limits;
  limits[BudgetKind::entries] = 0;
  const auto layout = pixels::read_gaf_layout_map(view_of(bytes), limits);
  EXPECT_FALSE(layout.mapped);
  EXPECT_TRUE(layout.map.sorted.empty());
  EXPECT_EQ(layout.stopped, "budget.exceeded: entries (limit 0)");
}

}  // namespace
}  // namespace gafcheck::testing
