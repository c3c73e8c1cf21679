// How gafcheck conflicts reads a collection: listing reads an archive's header and directory
// only (and lists exactly what a whole-file read lists), the overlap pass opens each archive that
// holds an overlapping member once, decodes stored bytes two directory entries share once and
// checks each distinct content once; a hostile archive among good ones is named unreadable and the
// rest are still classified; and the winners of the profiles verified against their engines'
// sources.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "corpus/builder/hpi_builder.hpp"
#include "tests/support/hpi_helpers.hpp"
#include "tests/support/scratch_directory.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/input/input_file.hpp"
#include "validator/modsets/overlaps.hpp"

namespace gafcheck::modsets {
namespace {
namespace fs = std::filesystem;

void write_bytes(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

std::vector<std::uint8_t> archive_of(
    const std::map<std::string, std::vector<std::uint8_t>>& files) {
  builder::HpiSpec spec;
  for (const auto& [path, data] : files)
    spec.files.push_back({path, data, builder::HpiMethod::zlib});
  return builder::build_hpi(spec).bytes;
}

const std::vector<std::uint8_t> unit_gaf = testing::gaf_bytes({"UNIT"});
const std::vector<std::uint8_t> other_gaf = testing::gaf_bytes({"OTHER"});

// Every file opened (listing and reading), by file name.
std::map<std::string, int>& opens() {
  static std::map<std::string, int> counted;
  return counted;
}

class CountOpens {
 public:
  CountOpens() {
    opens().clear();
    input_hooks::after_open = [](const fs::path& path) { ++opens()[path.filename().string()]; };
  }
  ~CountOpens() { input_hooks::after_open = nullptr; }
  CountOpens(const CountOpens&) = delete;
  CountOpens& operator=(const CountOpens&) = delete;
};

ConflictReport conflicts_in(const fs::path& folder, const char* engine = "ta") {
  const ModSet set = list_mod_set({folder.string()}, CheckOptions{});
  return find_conflicts(set, {embedded_engine_profiles().find(engine)}, CheckOptions{});
}

TEST(ConflictReads, ListingReadsTheDirectoryOnlyAndListsWhatAWholeReadLists) {
  const fs::path folder = testing::fresh_test_directory("conflict-reads");
  builder::HpiSpec spec = testing::tidy_hpi();
  spec.files.push_back({"big.bin", builder::sample_content(400000, 3), builder::HpiMethod::stored});
  const builder::BuiltFile built = builder::build_hpi(spec);
  const std::vector<std::uint8_t>& bytes = built.bytes;
  write_bytes(folder / "big.ufo", bytes);
  const OpenedInput listed = InputFile::open_ranges(folder / "big.ufo", 1u << 30,
                                                    hpi::index_head_size, hpi::directory_ranges);
  ASSERT_TRUE(listed);
  ASSERT_EQ(listed->view().size(), bytes.size());
  // The stored member's bytes were never read (but for those in the last 64, where the footer
  // is): they are zero in the listing's view.
  const std::uint64_t data = built.at("data:big.bin");
  const auto unread = listed->view().sub(data, bytes.size() - 64 - data)->bytes();
  EXPECT_TRUE(std::all_of(unread.begin(), unread.end(), [](std::uint8_t b) { return b == 0; }));
  const hpi::MemberReader sparse(listed->view(), BudgetLimits{});
  const hpi::MemberReader whole(ByteView(bytes.data(), bytes.size()), BudgetLimits{});
  ASSERT_EQ(sparse.members().size(), whole.members().size());
  EXPECT_TRUE(sparse.index().walk_complete);
  for (std::size_t m = 0; m < whole.members().size(); ++m) {
    EXPECT_EQ(sparse.members()[m].path, whole.members()[m].path);
    EXPECT_EQ(sparse.members()[m].data_offset, whole.members()[m].data_offset);
    EXPECT_EQ(sparse.members()[m].size, whole.members()[m].size);
  }
}

TEST(ConflictReads, EachArchiveIsOpenedOnceToListAndOnceToReadItsOverlaps) {
  const fs::path folder = testing::fresh_test_directory("conflict-reads");
  write_bytes(folder / "a.hpi", archive_of({{"anims/unit.gaf", unit_gaf}, {"a.txt", {'a'}}}));
  write_bytes(folder / "b.ufo", archive_of({{"anims/unit.gaf", other_gaf}, {"b.txt", {'b'}}}));
  write_bytes(folder / "c.ccx", archive_of({{"c.txt", {'c'}}}));
  const CountOpens counting;
  const ConflictReport report = conflicts_in(folder);
  ASSERT_EQ(report.overlaps.size(), 1u);
  EXPECT_EQ(report.reads.archives_opened, 2u);
  EXPECT_EQ(opens()["a.hpi"], 2);
  EXPECT_EQ(opens()["b.ufo"], 2);
  EXPECT_EQ(opens()["c.ccx"], 1);  // no overlapping member: only its directory was read
}

TEST(ConflictReads, StoredBytesTwoEntriesShareAreDecodedOnceAndEachContentCheckedOnce) {
  const fs::path folder = testing::fresh_test_directory("conflict-reads");
  builder::HpiSpec spec;
  spec.files.push_back({"x/one.gaf", unit_gaf, builder::HpiMethod::zlib});
  spec.files.push_back({"x/two.gaf", unit_gaf, builder::HpiMethod::zlib});
  builder::BuiltFile shared = builder::build_hpi_plain(spec);
  // x/two.gaf's record points at x/one.gaf's data: two entries, one stored range.
  shared.put_u32(shared.at("record:x/two.gaf"),
                 static_cast<std::uint32_t>(shared.at("data:x/one.gaf")));
  write_bytes(folder / "a.hpi", shared.bytes);
  write_bytes(folder / "b.ufo", archive_of({{"x/one.gaf", unit_gaf}, {"x/two.gaf", unit_gaf}}));
  const ConflictReport report = conflicts_in(folder);
  ASSERT_EQ(report.overlaps.size(), 2u);
  EXPECT_EQ(report.reads.archives_opened, 2u);
  EXPECT_EQ(report.reads.members_decoded, 3u);   // a.hpi's shared range once, b.ufo's two
  EXPECT_EQ(report.reads.contents_checked, 2u);  // one content under each of two paths
  for (const Overlap& overlap : report.overlaps) {
    ASSERT_EQ(overlap.copies.size(), 2u);
    for (const OverlapCopy& copy : overlap.copies) {
      EXPECT_TRUE(copy.print().read) << overlap.folded;
      EXPECT_TRUE(copy.damage().empty()) << copy.damage();
    }
    EXPECT_TRUE(overlap.identical_only()) << overlap.folded;
  }
}

// Memory follows what is distinct: every copy of one content (same bytes, same engine path)
// holds the one fingerprint and findings record checked for it, not a copy of its own.
TEST(ConflictReads, CopiesOfOneContentShareOneFingerprintRecord) {
  const fs::path folder = testing::fresh_test_directory("conflict-reads");
  for (const char* name : {"a.hpi", "b.hpi", "c.hpi"})
    write_bytes(folder / name, archive_of({{"anims/unit.gaf", unit_gaf}}));
  write_bytes(folder / "d.hpi", archive_of({{"anims/unit.gaf", other_gaf}}));
  const ConflictReport report = conflicts_in(folder);
  ASSERT_EQ(report.overlaps.size(), 1u);
  const std::vector<OverlapCopy>& copies = report.overlaps.front().copies;
  ASSERT_EQ(copies.size(), 4u);
  std::set<const Fingerprint*> records;
  for (const OverlapCopy& copy : copies) {
    ASSERT_TRUE(copy.shared_print);
    records.insert(copy.shared_print.get());
  }
  EXPECT_EQ(records.size(), 2u);  // one per distinct content
  EXPECT_EQ(report.reads.contents_checked, 2u);
  // Control: the shared record still says what each copy is.
  for (const OverlapCopy& copy : copies) EXPECT_TRUE(copy.print().read);
}

TEST(ConflictReads, HostileArchivesAmongGoodOnesAreUnreadableAndTheRestClassified) {
  const fs::path folder = testing::fresh_test_directory("conflict-reads");
  write_bytes(folder / "a.hpi", archive_of({{"anims/unit.gaf", unit_gaf}}));
  write_bytes(folder / "b.ufo", archive_of({{"anims/unit.gaf", other_gaf}}));
  // A v1 header whose directory lies far past the end of the file, and a file that is no archive.
  std::vector<std::uint8_t> hostile = {'H',  'A',  'P', 'I', 0, 0, 1,    0,    0xFF, 0xFF,
                                       0xFF, 0x7F, 0,   0,   0, 0, 0xF0, 0xFF, 0xFF, 0x7F};
  write_bytes(folder / "hostile.ccx", hostile);
  write_bytes(folder / "noise.gp3", {1, 2, 3});
  const ConflictReport report = conflicts_in(folder);
  std::string unreadable;
  for (const std::string& line : report.unreadable) unreadable += line + "\n";
  EXPECT_NE(unreadable.find("hostile.ccx"), std::string::npos) << unreadable;
  EXPECT_NE(unreadable.find("noise.gp3: not an HPI-family archive"), std::string::npos)
      << unreadable;
  ASSERT_EQ(report.overlaps.size(), 1u);
  const Overlap& overlap = report.overlaps.front();
  ASSERT_TRUE(overlap.winner.has_value());
  EXPECT_TRUE(overlap.overrides());
}

// fuzz_conflicts-timeout-one-path-named-394-times.bin: a v2 archive whose directory names its
// paths hundreds of times over. Listed as two archives, every copy is classified and each
// archive's distinct stored ranges are decoded once, not once per directory entry.
TEST(ConflictReads, ArchiveNamingPathsHundredsOfTimesDecodesEachStoredRangeOnce) {
  const fs::path folder = testing::fresh_test_directory("conflict-reads");
  std::ifstream in(fs::path(GAFCHECK_SOURCE_ROOT) / "corpus/crashers" /
                       "fuzz_conflicts-timeout-one-path-named-394-times.bin",
                   std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                        std::istreambuf_iterator<char>());
  ASSERT_FALSE(bytes.empty());
  write_bytes(folder / "a.hpi", bytes);
  write_bytes(folder / "b.ufo", bytes);
  const ConflictReport report = conflicts_in(folder);
  std::size_t copies = 0;
  std::set<std::tuple<std::uint64_t, std::uint64_t, std::uint8_t, std::uint64_t>> ranges;
  const hpi::MemberReader reader(ByteView(bytes.data(), bytes.size()), CheckOptions{}.limits);
  std::set<std::string> overlapping;
  for (const Overlap& overlap : report.overlaps) {
    copies += overlap.copies.size();
    overlapping.insert(overlap.folded);
    for (const OverlapCopy& copy : overlap.copies)
      EXPECT_TRUE(copy.print().read || !copy.damage().empty()) << overlap.folded;
  }
  for (const hpi::MemberRecord& member : reader.members())
    if (overlapping.count(folded_path(member.path)))
      ranges.insert({member.data_offset, member.size, member.compression, member.v2_stored_size});
  EXPECT_EQ(report.overlaps.size(), 32u);
  EXPECT_EQ(report.reads.archives_opened, 2u);
  EXPECT_EQ(report.reads.members_decoded, 2 * ranges.size());
  EXPECT_LT(report.reads.members_decoded, copies);
}

// The folded file name of the archive whose copy wins under engine.
std::string winner_in(const fs::path& folder, const char* engine, const std::string& path) {
  const ModSet set = list_mod_set({folder.string()}, CheckOptions{});
  const ConflictReport report =
      find_conflicts(set, {embedded_engine_profiles().find(engine)}, CheckOptions{});
  for (const Overlap& overlap : report.overlaps) {
    if (overlap.folded != path) continue;
    if (!overlap.winner) return "none";
    const Supplier& supplier = set.suppliers[overlap.copies[*overlap.winner].supplier];
    return supplier.archive ? set.archives[*supplier.archive].folded_name : "loose";
  }
  return "no overlap";
}

TEST(ConflictReads, KbotIoLoadsUfoOverGp3AndTheLaterNameOfOneExtension) {
  const fs::path folder = testing::fresh_test_directory("conflict-reads");
  write_bytes(folder / "A.ufo", archive_of({{"u.gaf", unit_gaf}, {"v.gaf", unit_gaf}}));
  write_bytes(folder / "b.UFO", archive_of({{"u.gaf", other_gaf}}));
  write_bytes(folder / "z.gp3", archive_of({{"v.gaf", other_gaf}}));
  EXPECT_EQ(winner_in(folder, "kbot-io", "u.gaf"), "b.ufo");
  EXPECT_EQ(winner_in(folder, "kbot-io", "v.gaf"), "a.ufo");
  write_bytes(folder / "v.gaf", other_gaf);
  EXPECT_EQ(winner_in(folder, "kbot-io", "v.gaf"), "loose");
}

TEST(ConflictReads, TadrLoadsRev31AndCcxOverUfoAndNoOtherGp3) {
  const fs::path folder = testing::fresh_test_directory("conflict-reads");
  write_bytes(folder / "mod.ufo", archive_of({{"u.gaf", unit_gaf}, {"w.gaf", unit_gaf}}));
  write_bytes(folder / "rev31.gp3", archive_of({{"u.gaf", other_gaf}}));
  write_bytes(folder / "extra.gp3", archive_of({{"w.gaf", other_gaf}}));
  EXPECT_EQ(winner_in(folder, "tadr", "u.gaf"), "rev31.gp3");
  // extra.gp3 is not among the archives TADR inserts: mod.ufo's copy is the only one it reads.
  EXPECT_EQ(winner_in(folder, "tadr", "w.gaf"), "no overlap");
  EXPECT_EQ(winner_in(folder, "ta", "w.gaf"), "extra.gp3");
}

}  // namespace
}  // namespace gafcheck::modsets
