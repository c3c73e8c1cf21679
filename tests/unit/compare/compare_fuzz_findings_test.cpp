// What fuzz_diff found in gafcheck diff, each pinned: a TA3D-marked GAF and its retail rebuild
// draw alike under the retail game; an unterminated entry name the rebuild cut is a rename;
// archive members compared past --max-members are compared by their bytes, the same pairs in
// both directions, and still listed in NEW's order.
#include <gtest/gtest.h>

#include <algorithm>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/hpi_builder.hpp"
#include "tests/support/hpi_helpers.hpp"
#include "validator/compare/content_compare.hpp"
#include "validator/rebuild/rebuild_file.hpp"

namespace gafcheck::compare {
namespace {

using builder::EntrySpec;
using builder::GafSpec;
using builder::HpiSpec;

Side side_of(const std::string& name, std::vector<std::uint8_t> bytes, SideKind kind) {
  Side side;
  side.kind = kind;
  side.argument = name;
  side.input.name = InputName::file(name);
  side.input.member = std::move(bytes);
  return side;
}

GafSpec one_entry_sprite(std::uint32_t version) {
  GafSpec spec;
  spec.version = version;
  builder::FrameSpec frame;
  frame.id = "f0";
  frame.raw = std::vector<std::uint8_t>(16, 42);
  spec.frames = {frame};
  EntrySpec entry{.name = "ARMWALK"};
  entry.frames.push_back({"f0", 2});
  spec.entries = {entry};
  return spec;
}

TEST(CompareFuzzFindings, TaThreeDVersionWordAloneDrawsAlikeUnderTheRetailGame) {
  const auto marked = builder::build_gaf(one_entry_sprite(0x00010101)).bytes;
  const auto retail = builder::build_gaf(one_entry_sprite(0x00010100)).bytes;
  const ContentDiff diff = compare_content(side_of("a.gaf", marked, SideKind::sprite),
                                           side_of("b.gaf", retail, SideKind::sprite), {});
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].change, FileChange::re_encoded);
  EXPECT_EQ(diff.files[0].old_format, "ta3d-gaf");
  EXPECT_EQ(diff.files[0].new_format, "gaf");
  EXPECT_TRUE(diff.files[0].note.empty());
  EXPECT_FALSE(diff.drawn_differs());

  CompareSettings ta3d;
  ta3d.ta3d = true;  // TA3D reads the version word: there the format changed
  const ContentDiff under_ta3d = compare_content(side_of("a.gaf", marked, SideKind::sprite),
                                                 side_of("b.gaf", retail, SideKind::sprite), ta3d);
  ASSERT_EQ(under_ta3d.files.size(), 1u);
  EXPECT_EQ(under_ta3d.files[0].change, FileChange::changed);
  EXPECT_EQ(under_ta3d.files[0].note, "its format changed: ta3d-gaf -> gaf");
}

TEST(CompareFuzzFindings, EntryNameUnterminatedCutByTheRebuildIsARename) {
  GafSpec spec = one_entry_sprite(0x00010100);
  std::array<std::uint8_t, 32> name{};
  name.fill('A');
  spec.entries[0].name_bytes = name;
  const auto input = builder::build_gaf(spec).bytes;
  rebuild::RebuildOptions options;
  const rebuild::RebuildResult rebuilt =
      rebuild::rebuild_sprite_file(ByteView(input.data(), input.size()), "a.gaf", options);
  ASSERT_FALSE(rebuilt.refused);
  EXPECT_EQ(rebuilt.lost, 0u);
  const ContentDiff diff = compare_content(side_of("a.gaf", input, SideKind::sprite),
                                           side_of("b.gaf", rebuilt.bytes, SideKind::sprite), {});
  ASSERT_EQ(diff.files.size(), 1u);
  ASSERT_TRUE(diff.files[0].sprite.has_value());
  ASSERT_EQ(diff.files[0].sprite->entries.size(), 1u);
  const EntryDiff& entry = diff.files[0].sprite->entries[0];
  EXPECT_EQ(entry.change, EntryChange::renamed) << "the game finds it under another name";
  EXPECT_EQ(entry.old_name, std::string(32, 'A'));
  EXPECT_EQ(entry.name, std::string(31, 'A'));
  EXPECT_TRUE(entry.frames.empty()) << "a rename draws the same";
}

// An outer archive of six nested archives, each holding one GAF whose entry name says the side.
std::vector<std::uint8_t> nested_archives(const std::string& entry_name) {
  HpiSpec inner;
  inner.files = {{"anims/a.gaf", testing::gaf_bytes({entry_name})}};
  const auto inner_bytes = builder::build_hpi(inner).bytes;
  HpiSpec outer;
  for (int k = 0; k < 6; ++k)
    outer.files.push_back({"m" + std::to_string(k) + ".ufo", inner_bytes});
  return builder::build_hpi(outer).bytes;
}

std::size_t by_bytes(const ContentDiff& diff) {
  return static_cast<std::size_t>(
      std::count_if(diff.files.begin(), diff.files.end(), [](const FileDiff& file) {
        return file.note == "compared by bytes: budget.exceeded: members (limit 3)";
      }));
}

TEST(CompareFuzzFindings, MembersPastTheMembersBudgetAreComparedByBytesAlikeBothWays) {
  CompareSettings settings;
  settings.check.limits[BudgetKind::members] = 3;
  const auto before = nested_archives("OLDNAME"), after = nested_archives("NEWNAME");
  const ContentDiff forward =
      compare_content(side_of("old.ufo", before, SideKind::archive),
                      side_of("new.ufo", after, SideKind::archive), settings);
  const ContentDiff backward =
      compare_content(side_of("new.ufo", after, SideKind::archive),
                      side_of("old.ufo", before, SideKind::archive), settings);
  // m0.ufo, its a.gaf and m1.ufo spend the three; m1's a.gaf and m2-m5 are compared by bytes.
  EXPECT_EQ(by_bytes(forward), 5u);
  EXPECT_EQ(by_bytes(backward), 5u);
  EXPECT_EQ(forward.drawn_differs(), backward.drawn_differs());
  std::vector<std::string> paths;
  for (const FileDiff& file : forward.files) paths.push_back(file.path);
  EXPECT_EQ(paths, (std::vector<std::string>{
                       "new.ufo", "new.ufo!m0.ufo", "new.ufo!m0.ufo!anims/a.gaf", "new.ufo!m1.ufo",
                       "new.ufo!m1.ufo!anims/a.gaf", "new.ufo!m2.ufo", "new.ufo!m3.ufo",
                       "new.ufo!m4.ufo", "new.ufo!m5.ufo"}));
}

}  // namespace
}  // namespace gafcheck::compare
