// gafcheck diff across archives and trees: members and files matched by path as the game folds
// it; moved, copied, added and removed told apart; a nested member's change found; a repack
// re-encoded; TSF statements by key; findings a change brought.
#include "validator/compare/content_compare.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/hpi_builder.hpp"
#include "corpus/builder/tsf_builder.hpp"
#include "tests/support/hpi_helpers.hpp"
#include "tests/support/scratch_directory.hpp"
#include "validator/compare/diff_document.hpp"
#include "validator/rebuild/rebuild_file.hpp"

namespace gafcheck::compare {
namespace {

using builder::EntrySpec;
using builder::GafSpec;
using builder::HpiFileSpec;
using builder::HpiMethod;
using builder::HpiSpec;

Side side_of_bytes(const std::string& name, std::vector<std::uint8_t> bytes, SideKind kind) {
  Side side;
  side.kind = kind;
  side.argument = name;
  side.input.name = InputName::file(name);
  side.input.member = std::move(bytes);
  return side;
}

ContentDiff compare_archives(const HpiSpec& before, const HpiSpec& after) {
  return compare_content(
      side_of_bytes("old.ufo", builder::build_hpi(before).bytes, SideKind::archive),
      side_of_bytes("new.ufo", builder::build_hpi(after).bytes, SideKind::archive),
      CompareSettings{});
}

HpiSpec mod_archive() {
  HpiSpec spec;
  spec.files = {{"anims/armwalk.gaf", testing::gaf_bytes({"ARMWALK", "ARMFLASH"})},
                {"anims/corwalk.gaf", testing::gaf_bytes({"CORWALK"})},
                {"readme.txt", builder::sample_content(300, 7)}};
  return spec;
}

const FileDiff* file_at(const ContentDiff& diff, const std::string& path) {
  for (const FileDiff& file : diff.files)
    if (file.path == path) return &file;
  return nullptr;
}

TEST(ContentCompare, IdenticalArchivesAreTheSame) {
  const ContentDiff diff = compare_archives(mod_archive(), mod_archive());
  EXPECT_TRUE(diff.files.empty());
  EXPECT_EQ(diff.counts.unchanged, 1u) << "the archive itself, recognised by its bytes";
  EXPECT_FALSE(diff.bytes_differ());
}

TEST(ContentCompare, MemberMovedAddedAndRemoved) {
  HpiSpec after = mod_archive();
  after.files[1].path = "anims/old/corwalk.gaf";                   // moved
  after.files[2].path = "docs/readme.txt";                         // moved too
  after.files.push_back({"anims/copy.gaf", after.files[0].data});  // copied
  after.files.push_back({"new.txt", builder::sample_content(50, 9)});
  const ContentDiff diff = compare_archives(mod_archive(), after);
  const FileDiff* moved = file_at(diff, "new.ufo!anims/old/corwalk.gaf");
  ASSERT_NE(moved, nullptr);
  EXPECT_EQ(moved->change, FileChange::moved);
  EXPECT_EQ(moved->old_path, "old.ufo!anims/corwalk.gaf");
  const FileDiff* copied = file_at(diff, "new.ufo!anims/copy.gaf");
  ASSERT_NE(copied, nullptr);
  EXPECT_EQ(copied->change, FileChange::copied);
  EXPECT_EQ(copied->old_path, "old.ufo!anims/armwalk.gaf");
  ASSERT_NE(file_at(diff, "new.ufo!new.txt"), nullptr);
  EXPECT_EQ(file_at(diff, "new.ufo!new.txt")->change, FileChange::added);
  EXPECT_EQ(diff.counts.moved, 2u);
  EXPECT_EQ(diff.counts.copied, 1u);
  EXPECT_EQ(diff.counts.added, 1u);
  EXPECT_EQ(diff.counts.removed, 0u) << "moved files are not also removed";
  EXPECT_EQ(file_at(diff, "new.ufo")->change, FileChange::changed);
}

TEST(ContentCompare, RemovedMember) {
  HpiSpec after = mod_archive();
  after.files.pop_back();
  const ContentDiff diff = compare_archives(mod_archive(), after);
  ASSERT_NE(file_at(diff, "old.ufo!readme.txt"), nullptr);
  EXPECT_EQ(file_at(diff, "old.ufo!readme.txt")->change, FileChange::removed);
  EXPECT_EQ(diff.counts.removed, 1u);
}

TEST(ContentCompare, DamagedMemberOnlyInNewIsNotAddedContent) {
  HpiSpec with_damage = mod_archive();
  with_damage.files.push_back({"x.txt", builder::sample_content(3000, 5), HpiMethod::lz77});
  builder::BuiltFile after = builder::build_hpi_plain(with_damage);
  after.put_u32(after.at("chunk:x.txt[0]") + 15, 0x12345678);  // the chunk's checksum field
  const ContentDiff diff = compare_content(
      side_of_bytes("old.ufo", builder::build_hpi(mod_archive()).bytes, SideKind::archive),
      side_of_bytes("new.ufo", after.bytes, SideKind::archive), CompareSettings{});
  const FileDiff* damaged = file_at(diff, "new.ufo!x.txt");
  ASSERT_NE(damaged, nullptr);
  EXPECT_EQ(damaged->note.rfind("not compared: NEW is damaged: ", 0), 0u) << damaged->note;
  EXPECT_TRUE(damaged->new_sha256.empty()) << "the hash of bytes that are not what was packed";
  EXPECT_TRUE(diff.unreadable);
}

TEST(ContentCompare, PathsMatchAsTheGameFoldsThem) {
  HpiSpec after = mod_archive();
  after.files[1].path = "ANIMS\\CorWalk.GAF";
  const ContentDiff diff = compare_archives(mod_archive(), after);
  EXPECT_EQ(diff.counts.moved + diff.counts.added + diff.counts.removed, 0u);
}

// Two members on one path as the game folds it: the second is not dropped from the comparison.
// Paths equal under folding pair in order, and a second one on one side only is added (or
// removed), so a member with other bytes behind a folded twin still makes the sides differ.
TEST(ContentCompare, SecondMemberOnAFoldedPathIsNotDropped) {
  HpiSpec twin = mod_archive();
  twin.files.push_back({"ANIMS/ARMWALK.GAF", testing::gaf_bytes({"ARMRUN"})});
  const ContentDiff added = compare_archives(mod_archive(), twin);
  EXPECT_EQ(added.counts.added, 1u);
  ASSERT_NE(file_at(added, "new.ufo!ANIMS/ARMWALK.GAF"), nullptr);
  EXPECT_EQ(file_at(added, "new.ufo!ANIMS/ARMWALK.GAF")->change, FileChange::added);
  const ContentDiff removed = compare_archives(twin, mod_archive());
  EXPECT_EQ(removed.counts.removed, 1u);
  ASSERT_NE(file_at(removed, "old.ufo!ANIMS/ARMWALK.GAF"), nullptr);
  // Control: the same twin on both sides is unchanged.
  const ContentDiff same = compare_archives(twin, twin);
  EXPECT_TRUE(same.files.empty());
}

TEST(ContentCompare, RepackIsReEncoded) {
  HpiSpec after = mod_archive();
  for (HpiFileSpec& file : after.files) file.method = HpiMethod::stored;
  const ContentDiff diff = compare_archives(mod_archive(), after);
  ASSERT_NE(file_at(diff, "new.ufo"), nullptr);
  EXPECT_EQ(file_at(diff, "new.ufo")->change, FileChange::re_encoded);
  EXPECT_FALSE(diff.drawn_differs());
  EXPECT_TRUE(diff.bytes_differ());
}

TEST(ContentCompare, NestedMemberChangeIsFound) {
  HpiSpec inner_before;
  inner_before.files = {{"anims/x.gaf", testing::gaf_bytes({"ALPHA"})}};
  HpiSpec inner_after;
  inner_after.files = {{"anims/x.gaf", testing::gaf_bytes({"ALPHA", "BETA"})}};
  HpiSpec before = mod_archive(), after = mod_archive();
  before.files.push_back({"inner.hpi", builder::build_hpi(inner_before).bytes});
  after.files.push_back({"inner.hpi", builder::build_hpi(inner_after).bytes});
  const ContentDiff diff = compare_archives(before, after);
  const FileDiff* member = file_at(diff, "new.ufo!inner.hpi!anims/x.gaf");
  ASSERT_NE(member, nullptr);
  EXPECT_EQ(member->change, FileChange::changed);
  ASSERT_TRUE(member->sprite);
  ASSERT_EQ(member->sprite->entries.size(), 1u);
  EXPECT_EQ(member->sprite->entries[0].change, EntryChange::added);
  EXPECT_EQ(member->sprite->entries[0].name, "BETA");
  EXPECT_EQ(file_at(diff, "new.ufo!inner.hpi")->change, FileChange::changed);
}

TEST(ContentCompare, MembersPastTheHeapBudgetAreNotComparedAndSaySo) {
  HpiSpec before = mod_archive(), after = mod_archive();
  before.files[2].data = builder::sample_content(3000, 7);
  after.files[2].data = builder::sample_content(3000, 8);
  CompareSettings settings;
  settings.check.limits[BudgetKind::heap] = 4096;  // the two readme.txt versions need 6000 bytes
  const ContentDiff diff = compare_content(
      side_of_bytes("old.ufo", builder::build_hpi(before).bytes, SideKind::archive),
      side_of_bytes("new.ufo", builder::build_hpi(after).bytes, SideKind::archive), settings);
  const FileDiff* readme = file_at(diff, "new.ufo!readme.txt");
  ASSERT_NE(readme, nullptr);
  EXPECT_EQ(readme->note.rfind("not compared: budget.exceeded: heap", 0), 0u) << readme->note;
  EXPECT_TRUE(diff.unreadable);
  // Control: within the budget it is compared (by bytes: not a format gafcheck reads).
  const ContentDiff control = compare_archives(before, after);
  EXPECT_FALSE(control.unreadable);
  EXPECT_EQ(file_at(control, "new.ufo!readme.txt")->change, FileChange::changed);
}

TEST(ContentCompare, ArchiveNotReadWholeIsNotComparedAndSaysSo) {
  HpiSpec after = mod_archive();
  after.files[2].data = builder::sample_content(400, 8);
  CompareSettings settings;
  settings.check.limits[BudgetKind::archive_entries] = 2;  // three files and a directory
  const ContentDiff diff = compare_content(
      side_of_bytes("old.ufo", builder::build_hpi(mod_archive()).bytes, SideKind::archive),
      side_of_bytes("new.ufo", builder::build_hpi(after).bytes, SideKind::archive), settings);
  ASSERT_EQ(diff.files.size(), 1u) << "no member is listed as added or removed";
  EXPECT_EQ(diff.files[0].note.rfind("not compared: OLD's archive directory", 0), 0u)
      << diff.files[0].note;
  EXPECT_TRUE(diff.unreadable);
}

TEST(ContentCompare, TreesOnDisk) {
  const auto root = testing::fresh_test_directory("compare-tree");
  const auto write = [](const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
  };
  const auto armwalk = testing::gaf_bytes({"ARMWALK"}), corwalk = testing::gaf_bytes({"CORWALK"});
  write(root / "old/anims/armwalk.gaf", armwalk);
  write(root / "old/anims/corwalk.gaf", corwalk);
  write(root / "new/anims/armwalk.gaf", armwalk);
  write(root / "new/units/corwalk.gaf", corwalk);
  Side before, after;
  before.kind = after.kind = SideKind::directory;
  before.argument = (root / "old").string();
  after.argument = (root / "new").string();
  const ContentDiff diff = compare_content(before, after, CompareSettings{});
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].change, FileChange::moved);
  EXPECT_EQ(diff.files[0].path, "units/corwalk.gaf");
  EXPECT_EQ(diff.files[0].old_path, "anims/corwalk.gaf");
  EXPECT_EQ(diff.counts.unchanged, 1u);
  EXPECT_TRUE(diff.not_followed.empty());
  // A symbolic link in a side is never followed, and said so.
  std::filesystem::create_symlink("/etc/passwd", root / "new/units/link.gaf");
  const ContentDiff linked = compare_content(before, after, CompareSettings{});
  EXPECT_EQ(linked.not_followed, std::vector<std::string>{"NEW: units/link.gaf"});
  EXPECT_EQ(linked.counts.added, 0u);
  std::filesystem::remove_all(root);
}

TEST(ContentCompare, TsfStatementsByKeyWithLines) {
  const builder::TsfSpec before = builder::simple_tsf_spec(2, "a.png");
  builder::TsfSpec after = before;
  after.animations[0].frames[1].layers[0].filename = "b.png";
  const ContentDiff diff = compare_content(
      side_of_bytes("old.tsf", builder::build_tsf(before).bytes, SideKind::tsf),
      side_of_bytes("new.tsf", builder::build_tsf(after).bytes, SideKind::tsf), CompareSettings{});
  ASSERT_EQ(diff.files.size(), 1u);
  ASSERT_EQ(diff.files[0].tsf.size(), 1u);
  const TsfChange& change = diff.files[0].tsf[0];
  EXPECT_EQ(change.key, "JPGTest/Frame1/Layer0/Filename");
  EXPECT_EQ(change.before, "a.png");
  EXPECT_EQ(change.after, "b.png");
  EXPECT_GT(change.new_line, 1u);
  EXPECT_EQ(change.old_line, change.new_line);
}

TEST(ContentCompare, FindingsAChangeBroughtAreListed) {
  builder::GafSpec spec;
  spec.frames.push_back({.id = "f"});
  spec.entries.push_back({.name = "ARMWALK", .frames = {{"f", 1}}});
  builder::GafSpec broken = spec;
  broken.entries[0].frames[0].duration = 0;  // shown one tick as before, but a finding
  const ContentDiff diff =
      compare_content(side_of_bytes("old.gaf", builder::build_gaf(spec).bytes, SideKind::sprite),
                      side_of_bytes("new.gaf", builder::build_gaf(broken).bytes, SideKind::sprite),
                      CompareSettings{});
  ASSERT_EQ(diff.files.size(), 1u);
  ASSERT_EQ(diff.files[0].findings.added.size(), 1u);
  EXPECT_EQ(diff.files[0].findings.added[0].rule, "frame.duration-zero");
  EXPECT_EQ(diff.files[0].findings.added[0].path, "entry[0]/frame[0]");
  EXPECT_TRUE(diff.files[0].findings.resolved.empty());
  EXPECT_EQ(diff.files[0].change, FileChange::re_encoded) << "0 and 1 both show one tick";
}

TEST(ContentCompare, TextShowsAnEmptyFieldValueAsNone) {
  ContentDiff diff;
  FileDiff file;
  file.path = "x.gaf";
  file.sprite.emplace();
  EntryDiff entry;
  entry.name = "UNIT";
  FrameDiff frame;
  frame.old_index = frame.new_index = 0;
  frame.fields.push_back({"undrawable", "", "the frame header lies outside the file", true});
  entry.frames.push_back(frame);
  file.sprite->entries.push_back(entry);
  diff.files.push_back(file);
  const std::string text = text_content_diff(diff);
  EXPECT_NE(text.find("frame 0 changed: undrawable (none) -> the frame header lies outside"),
            std::string::npos)
      << text;
}

// What fuzz_diff found, each pinned: a TA3D-marked GAF and its retail rebuild draw alike under
// the retail game; an unterminated entry name the rebuild cut is a rename; archive members
// compared past --max-members are compared by their bytes, the same pairs in both directions,
// and still listed in NEW's order.
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

TEST(ContentCompare, TaThreeDVersionWordAloneDrawsAlikeUnderTheRetailGame) {
  const auto marked = builder::build_gaf(one_entry_sprite(0x00010101)).bytes;
  const auto retail = builder::build_gaf(one_entry_sprite(0x00010100)).bytes;
  const ContentDiff diff = compare_content(side_of_bytes("a.gaf", marked, SideKind::sprite),
                                           side_of_bytes("b.gaf", retail, SideKind::sprite), {});
  ASSERT_EQ(diff.files.size(), 1u);
  EXPECT_EQ(diff.files[0].change, FileChange::re_encoded);
  EXPECT_EQ(diff.files[0].old_format, "ta3d-gaf");
  EXPECT_EQ(diff.files[0].new_format, "gaf");
  EXPECT_TRUE(diff.files[0].note.empty());
  EXPECT_FALSE(diff.drawn_differs());

  CompareSettings ta3d;
  ta3d.ta3d = true;  // TA3D reads the version word: there the format changed
  const ContentDiff under_ta3d =
      compare_content(side_of_bytes("a.gaf", marked, SideKind::sprite),
                      side_of_bytes("b.gaf", retail, SideKind::sprite), ta3d);
  ASSERT_EQ(under_ta3d.files.size(), 1u);
  EXPECT_EQ(under_ta3d.files[0].change, FileChange::changed);
  EXPECT_EQ(under_ta3d.files[0].note, "its format changed: ta3d-gaf -> gaf");
}

TEST(ContentCompare, EntryNameUnterminatedCutByTheRebuildIsARename) {
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
  const ContentDiff diff =
      compare_content(side_of_bytes("a.gaf", input, SideKind::sprite),
                      side_of_bytes("b.gaf", rebuilt.bytes, SideKind::sprite), {});
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

TEST(ContentCompare, MembersPastTheMembersBudgetAreComparedByBytesAlikeBothWays) {
  CompareSettings settings;
  settings.check.limits[BudgetKind::members] = 3;
  const auto before = nested_archives("OLDNAME"), after = nested_archives("NEWNAME");
  const ContentDiff forward =
      compare_content(side_of_bytes("old.ufo", before, SideKind::archive),
                      side_of_bytes("new.ufo", after, SideKind::archive), settings);
  const ContentDiff backward =
      compare_content(side_of_bytes("new.ufo", after, SideKind::archive),
                      side_of_bytes("old.ufo", before, SideKind::archive), settings);
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
