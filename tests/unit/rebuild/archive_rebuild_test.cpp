// Archives rebuilt by validator/rebuild/archive_rebuild: read back by gafcheck's own reader and
// checked clean; unsafe paths, case-folded duplicates, encryption, multi-chunk members, nested
// archives and members that cannot be rebuilt, each against a clean control; the same bytes on
// every run. Sprite members go through a test rebuilder that returns them unchanged (the sprite
// rebuild has its own tests), TSF members through normalise_tsf.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "corpus/builder/hostile_archives.hpp"
#include "tests/support/hpi_helpers.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/rebuild/archive_rebuild.hpp"
#include "validator/rebuild/hpi_writer.hpp"
#include "validator/rebuild/tsf_normaliser.hpp"

namespace gafcheck::testing {
namespace {

using builder::HpiMethod;
using rebuild::ArchiveRebuildResult;
using rebuild::RebuildOptions;
using rebuild::RebuildResult;

std::vector<std::uint8_t> bytes_of(const std::string& text) {
  return {text.begin(), text.end()};
}

const std::string tsf_text =
    "[Anim]\n{\n Looping = 0;\n [Frame0]\n {\n  Delay = 2;\n  [Layer0]\n  {\n   AnchorX = 0;\n"
    "   AnchorY = 0;\n   Filename = a.png;\n  }\n }\n}\n";

// Sprites unchanged (refused when an entry is named "BROKEN", as by their own output check when
// one is named "BACKSTOP"), TSF normalised; counts the calls.
struct TestRebuilder {
  std::size_t calls = 0;
  rebuild::MemberRebuilder function() {
    return [this](ByteView bytes, std::string_view path, Format format,
                  const RebuildOptions& options) {
      ++calls;
      if (format == Format::tsf) return rebuild::normalise_tsf(bytes, path, options);
      RebuildResult result;
      const auto all = bytes.bytes();
      const std::string text(all.begin(), all.end());
      if (text.find("BROKEN") != std::string::npos || text.find("BACKSTOP") != std::string::npos) {
        result.refused = true;
        result.refused_by_output_check = text.find("BACKSTOP") != std::string::npos;
        result.refusal_reasons.push_back("test: marked broken");
        return result;
      }
      result.bytes.assign(all.begin(), all.end());
      return result;
    };
  }
};

ArchiveRebuildResult rebuild_bytes(const std::vector<std::uint8_t>& archive,
                                   TestRebuilder& rebuilder, RebuildOptions options = {}) {
  return rebuild::rebuild_archive_file(ByteView(archive.data(), archive.size()), "mod.ufo", options,
                                       rebuilder.function());
}

ArchiveRebuildResult rebuild_spec(const builder::HpiSpec& spec, RebuildOptions options = {}) {
  TestRebuilder rebuilder;
  return rebuild_bytes(builder::build_hpi(spec).bytes, rebuilder, options);
}

// path -> content of every member, read back by the validator's reader.
std::map<std::string, std::vector<std::uint8_t>> members_of(
    const std::vector<std::uint8_t>& bytes) {
  const hpi::MemberReader reader(ByteView(bytes.data(), bytes.size()), BudgetLimits());
  EXPECT_TRUE(reader.is_archive());
  std::map<std::string, std::vector<std::uint8_t>> members;
  for (std::size_t i = 0; i < reader.members().size(); ++i) {
    const auto content = reader.read(i);
    EXPECT_TRUE(content.has_value()) << reader.members()[i].path;
    if (content) members[reader.members()[i].path] = *content;
  }
  return members;
}

// Every report check gives for the archive and its members: nothing at warning or above (but
// hpi.overlap where entries share one stored copy, as they shared the input's: kept).
void expect_checks_clean(const std::vector<std::uint8_t>& bytes, bool shared = false) {
  for (const FileReport& report : check_hpi_input(bytes)) {
    for (const Finding& finding : report.findings) {
      if (shared && finding.rule == RuleId::hpi_overlap) continue;
      EXPECT_EQ(finding.severity, Severity::info) << report.path << ": " << describe(report);
    }
  }
}

const rebuild::Disposition* disposition(const ArchiveRebuildResult& result, std::string_view rule) {
  for (const auto& disposition : result.dispositions)
    if (disposition.rule == rule) return &disposition;
  return nullptr;
}

std::string listed(const std::vector<std::string>& lines) {
  std::string all;
  for (const std::string& line : lines) all += line + "\n";
  return all;
}

TEST(ArchiveRebuild, AnArchiveWhoseDirectoryGivesNoMemberIsNotRepairedIntoAnEmptyOne) {
  // Ten bytes of a truncated HPI header: its directory lies outside it, so no member is read.
  const std::vector<std::uint8_t> truncated = {'H', 'A', 'P', 'I', 0, 0, 1, 0, 0x93, 0};
  RebuildOptions options;
  options.drop_unrenderable = true;
  const ArchiveRebuildResult result = rebuild::rebuild_archive_file(
      ByteView(truncated.data(), truncated.size()), "inner.hpi", options);
  ASSERT_TRUE(result.refused);
  EXPECT_NE(listed(result.refusal_reasons).find("no member could be read from its directory"),
            std::string::npos)
      << listed(result.refusal_reasons);
  // Control: a tidy archive is rebuilt.
  EXPECT_FALSE(rebuild_spec(tidy_hpi()).refused);
}

TEST(ArchiveRebuild, TidyArchiveReadsBackAndChecksClean) {
  const ArchiveRebuildResult result = rebuild_spec(tidy_hpi());
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  EXPECT_TRUE(result.dropped.empty()) << listed(result.dropped);
  const auto members = members_of(result.bytes);
  ASSERT_EQ(members.size(), 3u);
  for (const auto& file : tidy_hpi().files)
    EXPECT_EQ(members.at(file.path), file.data) << file.path;
  const hpi::MemberReader reader(ByteView(result.bytes.data(), result.bytes.size()),
                                 BudgetLimits());
  EXPECT_EQ(reader.index().header_key, 0u);
  for (const auto& member : reader.members()) EXPECT_EQ(member.compression, 2) << member.path;
  expect_checks_clean(result.bytes);
}

TEST(ArchiveRebuild, SameBytesOnEveryRunAndWhenRebuiltAgain) {
  builder::HpiSpec spec = tidy_hpi();
  spec.files.push_back({"anims/title.tsf", bytes_of(tsf_text), HpiMethod::zlib});
  const ArchiveRebuildResult first = rebuild_spec(spec);
  const ArchiveRebuildResult second = rebuild_spec(spec);
  ASSERT_FALSE(first.refused) << listed(first.refusal_reasons);
  EXPECT_EQ(first.bytes, second.bytes);
  TestRebuilder rebuilder;
  const ArchiveRebuildResult again = rebuild_bytes(first.bytes, rebuilder);
  ASSERT_FALSE(again.refused) << listed(again.refusal_reasons);
  EXPECT_EQ(again.bytes, first.bytes);
  // Members in one order, whatever order the input lists them in.
  std::reverse(spec.files.begin(), spec.files.end());
  EXPECT_EQ(rebuild_spec(spec).bytes, first.bytes);
}

TEST(ArchiveRebuild, EncryptedInputIsWrittenWithoutEncryption) {
  builder::HpiSpec plain = tidy_hpi();
  builder::HpiSpec encrypted = tidy_hpi();
  encrypted.key = 0x7D;
  for (auto& file : encrypted.files) file.obfuscate_chunks = true;
  const ArchiveRebuildResult from_plain = rebuild_spec(plain);
  const ArchiveRebuildResult from_encrypted = rebuild_spec(encrypted);
  ASSERT_FALSE(from_encrypted.refused) << listed(from_encrypted.refusal_reasons);
  EXPECT_EQ(from_encrypted.bytes, from_plain.bytes);
  EXPECT_TRUE(from_encrypted.dropped.empty()) << listed(from_encrypted.dropped);
}

TEST(ArchiveRebuild, UnsafePathsAreLeftOutAndListed) {
  builder::HpiSpec spec;
  spec.files.push_back({"ok/safe.txt", bytes_of("safe"), HpiMethod::zlib});
  spec.files.push_back({"../evil.txt", bytes_of("up"), HpiMethod::zlib});
  spec.files.push_back({"/absolute.txt", bytes_of("abs"), HpiMethod::zlib});
  spec.files.push_back({"C:/drive.txt", bytes_of("drive"), HpiMethod::zlib});
  const ArchiveRebuildResult result = rebuild_spec(spec);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  const auto members = members_of(result.bytes);
  ASSERT_EQ(members.size(), 1u);
  EXPECT_EQ(members.begin()->first, "ok/safe.txt");
  ASSERT_EQ(result.dropped.size(), 3u) << listed(result.dropped);
  EXPECT_EQ(result.dropped[0],
            "../evil.txt: unsafe path: it has a '..' component "
            "(hpi.path-traversal)");
  EXPECT_NE(result.dropped[1].find("it is absolute"), std::string::npos) << result.dropped[1];
  EXPECT_NE(result.dropped[2].find("drive letter"), std::string::npos) << result.dropped[2];
  std::size_t traversals = 0;
  for (const auto& disposition : result.dispositions) {
    if (disposition.rule != "hpi.path-traversal") continue;
    ++traversals;
    EXPECT_EQ(disposition.action, "dropped") << disposition.path;
  }
  EXPECT_EQ(traversals, 3u);
  expect_checks_clean(result.bytes);
}

TEST(ArchiveRebuild, CaseFoldedDuplicatesKeepTheFirst) {
  builder::HpiSpec spec;
  spec.files.push_back({"anims/Fire.txt", bytes_of("first"), HpiMethod::zlib});
  spec.files.push_back({"ANIMS/fire.TXT", bytes_of("second"), HpiMethod::zlib});
  spec.files.push_back({"anims/smoke.txt", bytes_of("control"), HpiMethod::zlib});
  const ArchiveRebuildResult result = rebuild_spec(spec);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  const auto members = members_of(result.bytes);
  ASSERT_EQ(members.size(), 2u);
  EXPECT_EQ(members.at("anims/Fire.txt"), bytes_of("first"));
  EXPECT_EQ(members.at("anims/smoke.txt"), bytes_of("control"));
  ASSERT_EQ(result.dropped.size(), 1u) << listed(result.dropped);
  EXPECT_EQ(result.dropped[0].rfind("ANIMS/fire.TXT: same path as an earlier member", 0), 0u)
      << result.dropped[0];
  const auto* duplicate = disposition(result, "hpi.duplicate-path");
  ASSERT_NE(duplicate, nullptr);
  EXPECT_EQ(duplicate->action, "dropped");
  EXPECT_EQ(duplicate->path, "ANIMS/fire.TXT");
  expect_checks_clean(result.bytes);
}

TEST(ArchiveRebuild, DirectoriesEqualUnderFoldingBecomeOne) {
  builder::HpiSpec spec;
  spec.files.push_back({"Anims/b.txt", bytes_of("b"), HpiMethod::zlib});
  spec.files.push_back({"anims/a.txt", bytes_of("a"), HpiMethod::zlib});
  const ArchiveRebuildResult result = rebuild_spec(spec);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  const hpi::MemberReader reader(ByteView(result.bytes.data(), result.bytes.size()),
                                 BudgetLimits());
  ASSERT_EQ(reader.members().size(), 2u);
  // Sorted by folded name; the directory spelled as the first member in that order spells it.
  EXPECT_EQ(reader.members()[0].path, "anims/a.txt");
  EXPECT_EQ(reader.members()[1].path, "anims/b.txt");
  EXPECT_EQ(reader.index().directories, 2u);  // the root and one anims (not Anims and anims)
}

// The SQSH chunks of a member of a rebuilt archive: (decompressed size) per chunk.
std::vector<std::uint32_t> chunk_sizes(const std::vector<std::uint8_t>& archive,
                                       const std::string& path) {
  const hpi::MemberReader reader(ByteView(archive.data(), archive.size()), BudgetLimits());
  const ByteView view(archive.data(), archive.size());
  std::vector<std::uint32_t> sizes;
  for (const auto& member : reader.members()) {
    if (member.path != path) continue;
    const std::uint64_t chunks = (member.size + 65535) / 65536;
    std::uint64_t at = member.data_offset + 4 * chunks;
    for (std::uint64_t i = 0; i < chunks; ++i) {
      const auto table_entry = view.u32le(member.data_offset + 4 * i);
      EXPECT_EQ(view.u32le(at), rebuild::sqsh_marker);
      EXPECT_EQ(view.u8(at + 5), 2);  // zlib
      EXPECT_EQ(view.u8(at + 6), 0);  // not obfuscated
      sizes.push_back(*view.u32le(at + 11));
      EXPECT_EQ(*table_entry, *view.u32le(at + 7) + 19);
      at += *table_entry;
    }
  }
  return sizes;
}

TEST(ArchiveRebuild, LargeMembersAreWrittenIn64KiBChunks) {
  builder::HpiSpec spec;
  spec.files.push_back({"big.bin", builder::sample_content(200000, 3), HpiMethod::lz77});
  spec.files.push_back({"exact.bin", builder::sample_content(65536, 4), HpiMethod::stored});
  const ArchiveRebuildResult result = rebuild_spec(spec);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  EXPECT_EQ(chunk_sizes(result.bytes, "big.bin"),
            (std::vector<std::uint32_t>{65536, 65536, 65536, 3392}));
  EXPECT_EQ(chunk_sizes(result.bytes, "exact.bin"), (std::vector<std::uint32_t>{65536}));
  const auto members = members_of(result.bytes);
  EXPECT_EQ(members.at("big.bin"), spec.files[0].data);
  expect_checks_clean(result.bytes);
}

builder::HpiSpec nested_spec() {
  builder::HpiSpec inner;
  inner.key = 0x21;
  inner.files.push_back({"anims/inner.gaf", gaf_bytes({"INNER"}), HpiMethod::zlib});
  inner.files.push_back({"../escape.txt", bytes_of("x"), HpiMethod::zlib});
  builder::HpiSpec outer;
  outer.files.push_back({"inner.ufo", builder::build_hpi(inner).bytes, HpiMethod::zlib});
  outer.files.push_back({"anims/outer.gaf", gaf_bytes({"OUTER"}), HpiMethod::zlib});
  return outer;
}

TEST(ArchiveRebuild, NestedArchivesAreRebuiltWithinTheDepthBudget) {
  const builder::HpiSpec outer = nested_spec();
  const ArchiveRebuildResult result = rebuild_spec(outer);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  const auto members = members_of(result.bytes);
  ASSERT_EQ(members.count("inner.ufo"), 1u);
  // The nested archive is itself rebuilt: what rebuilding it alone gives.
  TestRebuilder rebuilder;
  const ArchiveRebuildResult inner_alone = rebuild_bytes(outer.files[0].data, rebuilder);
  EXPECT_EQ(members.at("inner.ufo"), inner_alone.bytes);
  EXPECT_EQ(members_of(members.at("inner.ufo")).size(), 1u);
  ASSERT_EQ(result.dropped.size(), 1u) << listed(result.dropped);
  EXPECT_EQ(result.dropped[0].rfind("inner.ufo!../escape.txt: unsafe path", 0), 0u)
      << result.dropped[0];
  const auto* traversal = disposition(result, "hpi.path-traversal");
  ASSERT_NE(traversal, nullptr);
  EXPECT_EQ(traversal->path, "inner.ufo!../escape.txt");
  EXPECT_EQ(traversal->action, "dropped");
  // Each rebuilt member, for the sidecar, with the archive that holds it.
  std::vector<std::pair<std::string, std::string>> rebuilt_members;
  for (const auto& member : result.members)
    rebuilt_members.emplace_back(member.path, member.archive);
  EXPECT_EQ(
      rebuilt_members,
      (std::vector<std::pair<std::string, std::string>>{
          {"inner.ufo", ""}, {"inner.ufo!anims/inner.gaf", "inner.ufo"}, {"anims/outer.gaf", ""}}));
  expect_checks_clean(result.bytes);

  RebuildOptions shallow;
  shallow.limits[BudgetKind::archive_depth] = 1;
  const ArchiveRebuildResult capped = rebuild_spec(outer, shallow);
  ASSERT_FALSE(capped.refused) << listed(capped.refusal_reasons);
  EXPECT_EQ(members_of(capped.bytes).count("inner.ufo"), 0u);
  ASSERT_EQ(capped.dropped.size(), 1u) << listed(capped.dropped);
  EXPECT_NE(capped.dropped[0].find("inner.ufo: nested archive not rebuilt: archive nested 2 "
                                   "deep, over --max-archive-depth 1"),
            std::string::npos)
      << capped.dropped[0];
}

TEST(ArchiveRebuild, MembersThatCannotBeRebuiltAreLeftOutAndListed) {
  builder::HpiSpec spec;
  spec.files.push_back({"anims/good.gaf", gaf_bytes({"GOOD"}), HpiMethod::zlib});
  spec.files.push_back({"anims/bad.gaf", gaf_bytes({"BROKEN"}), HpiMethod::zlib});
  spec.files.push_back({"anims/bad.tsf", bytes_of("[Anim]{Looping=0"), HpiMethod::zlib});
  spec.files.push_back({"anims/good.tsf", bytes_of(tsf_text), HpiMethod::zlib});
  const ArchiveRebuildResult result = rebuild_spec(spec);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  const auto members = members_of(result.bytes);
  ASSERT_EQ(members.size(), 2u);
  EXPECT_EQ(members.at("anims/good.gaf"), spec.files[0].data);
  const RebuildResult normalised = rebuild::normalise_tsf(
      ByteView(spec.files[3].data.data(), spec.files[3].data.size()), "good.tsf", {});
  EXPECT_EQ(members.at("anims/good.tsf"), normalised.bytes);
  ASSERT_EQ(result.dropped.size(), 2u) << listed(result.dropped);
  EXPECT_EQ(result.dropped[0], "anims/bad.gaf: cannot be rebuilt: test: marked broken");
  EXPECT_EQ(result.dropped[1].rfind("anims/bad.tsf: cannot be rebuilt: tsf.syntax", 0), 0u)
      << result.dropped[1];
  // The refused script's findings are listed as dropped, under the member's path.
  const auto* syntax = disposition(result, "tsf.syntax");
  ASSERT_NE(syntax, nullptr);
  EXPECT_EQ(syntax->action, "dropped");
  EXPECT_EQ(syntax->path.rfind("anims/bad.tsf!", 0), 0u) << syntax->path;
  expect_checks_clean(result.bytes);
}

// The archive's own check of what it would write: a member rebuilder that hands back a file check
// flags (here, unchanged, a GAF whose second entry's name folds to the first's) refuses the
// archive, naming the finding and the member, rather than write it.
TEST(ArchiveRebuild, AnOutputCheckFlagsIsRefused) {
  builder::HpiSpec spec = tidy_hpi();
  spec.files.push_back({"anims/twice.gaf", gaf_bytes({"TWICE", "twice"}), HpiMethod::zlib});
  const ArchiveRebuildResult result = rebuild_spec(spec);
  ASSERT_TRUE(result.refused);
  ASSERT_EQ(result.refusal_reasons.size(), 1u);
  EXPECT_EQ(result.refusal_reasons[0].rfind("read back under its name, the rebuilt file would "
                                            "have entry.name-duplicate at 76 of "
                                            "mod.ufo!anims/twice.gaf (entry[1]/name: ",
                                            0),
            0u)
      << result.refusal_reasons[0];
  EXPECT_TRUE(result.bytes.empty());
  EXPECT_EQ(result.output_check_refusals, 1u);
  // Without that member the same archive is written (TidyArchiveReadsBackAndChecksClean).
}

// A member its rebuilder refused by the same backstop is left out, and counted (the fuzz targets
// fail on any), inside a nested archive too; a member refused knowingly is not counted.
TEST(ArchiveRebuild, MembersRefusedByTheirOutputCheckAreCounted) {
  builder::HpiSpec inner;
  inner.files.push_back({"anims/deep.gaf", gaf_bytes({"BACKSTOP"}), HpiMethod::zlib});
  builder::HpiSpec spec = tidy_hpi();
  spec.files.push_back({"anims/stop.gaf", gaf_bytes({"BACKSTOP"}), HpiMethod::zlib});
  spec.files.push_back({"anims/bad.gaf", gaf_bytes({"BROKEN"}), HpiMethod::zlib});
  spec.files.push_back({"inner.ufo", builder::build_hpi(inner).bytes, HpiMethod::zlib});
  const ArchiveRebuildResult result = rebuild_spec(spec);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  EXPECT_EQ(result.output_check_refusals, 2u);  // anims/stop.gaf and inner.ufo!anims/deep.gaf
  EXPECT_EQ(members_of(result.bytes).count("anims/stop.gaf"), 0u);
}

// Entries aimed at one member's stored bytes under names the engine reads differently are rebuilt
// under each name: a frame of runs is written RLE in anims/, raw in textures/ (where the engine
// reads plain arrays), and one byte named .gaf is a truncated GAF, though named .dat it is copied.
TEST(ArchiveRebuild, EntriesAimedAtOneMemberAreRebuiltUnderEachName) {
  builder::GafSpec runs;
  runs.entries.push_back({.name = "RUNS", .frames = {{.frame = "a"}}});
  builder::FrameSpec frame{.id = "a", .width = 64, .height = 2, .compressed = 1};
  frame.rle_rows = {{0xFE, 5}, {0xFE, 6}};
  runs.frames.push_back(frame);
  const auto sprite = builder::aliased_entries_archive(
      builder::build_gaf(runs).bytes, {"anims/runs.gaf", "textures/runs.gaf"}, HpiMethod::zlib);
  const ArchiveRebuildResult rebuilt = rebuild::rebuild_archive_file(
      ByteView(sprite.bytes.data(), sprite.bytes.size()), "mod.ufo", {});
  ASSERT_FALSE(rebuilt.refused) << listed(rebuilt.refusal_reasons);
  const auto members = members_of(rebuilt.bytes);
  ASSERT_EQ(members.size(), 2u);
  const std::size_t compressed_byte = 64 + 9;  // one entry: the frame header follows at 64
  EXPECT_EQ(members.at("anims/runs.gaf").at(compressed_byte), 1);
  EXPECT_EQ(members.at("textures/runs.gaf").at(compressed_byte), 0);
  expect_checks_clean(rebuilt.bytes);

  const auto one_byte =
      builder::aliased_entries_archive({0x2A}, {"m0.dat", "m1.gaf"}, HpiMethod::stored);
  const ArchiveRebuildResult copied = rebuild::rebuild_archive_file(
      ByteView(one_byte.bytes.data(), one_byte.bytes.size()), "mod.ufo", {});
  ASSERT_FALSE(copied.refused) << listed(copied.refusal_reasons);
  EXPECT_EQ(members_of(copied.bytes),
            (std::map<std::string, std::vector<std::uint8_t>>{{"m0.dat", {0x2A}}}));
  ASSERT_EQ(copied.dropped.size(), 1u) << listed(copied.dropped);
  EXPECT_EQ(copied.dropped[0].rfind("m1.gaf: cannot be rebuilt: ", 0), 0u) << copied.dropped[0];
}

TEST(ArchiveRebuild, MembersWhoseDecodingIsInErrorAreLeftOut) {
  builder::HpiSpec spec;
  spec.files.push_back({"damaged.txt", bytes_of("damaged text"), HpiMethod::zlib});
  spec.files.push_back({"intact.txt", bytes_of("intact text"), HpiMethod::zlib});
  builder::BuiltFile archive = builder::build_hpi_plain(spec);
  archive.bytes[archive.labels.at("chunk:damaged.txt[0]") + 15] ^= 0x01;  // the checksum
  TestRebuilder rebuilder;
  const ArchiveRebuildResult result = rebuild_bytes(archive.bytes, rebuilder);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  const auto members = members_of(result.bytes);
  ASSERT_EQ(members.size(), 1u);
  EXPECT_EQ(members.count("intact.txt"), 1u);
  ASSERT_EQ(result.dropped.size(), 1u) << listed(result.dropped);
  EXPECT_EQ(result.dropped[0].rfind("damaged.txt: what the game reads from it is not "
                                    "established: hpi.chunk-checksum",
                                    0),
            0u)
      << result.dropped[0];
  const auto* checksum = disposition(result, "hpi.chunk-checksum");
  ASSERT_NE(checksum, nullptr);
  EXPECT_EQ(checksum->action, "dropped");
}

TEST(ArchiveRebuild, ContainerFindingsAreFixed) {
  builder::HpiSpec spec = tidy_hpi();
  spec.footer = false;
  const ArchiveRebuildResult result = rebuild_spec(spec);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  const auto* footer = disposition(result, "hpi.footer");
  ASSERT_NE(footer, nullptr);
  EXPECT_EQ(footer->action, "fixed");
  EXPECT_EQ(result.bytes, rebuild_spec(tidy_hpi()).bytes);
  EXPECT_TRUE(rebuild_spec(tidy_hpi()).dispositions.empty());
}

TEST(ArchiveRebuild, EntriesAimedAtOneMemberAreRebuiltOnce) {
  const auto archive =
      builder::aliased_entries_archive(gaf_bytes({"SHARED"}), 40, HpiMethod::zlib, "gaf").bytes;
  TestRebuilder rebuilder;
  const ArchiveRebuildResult result = rebuild_bytes(archive, rebuilder);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  EXPECT_EQ(rebuilder.calls, 1u);
  EXPECT_EQ(members_of(result.bytes).size(), 40u);

  // The one stored copy is what counts for the output budget, once.
  RebuildOptions room_for_one;
  room_for_one.limits[BudgetKind::archive_output] = gaf_bytes({"SHARED"}).size();
  EXPECT_FALSE(rebuild_bytes(archive, rebuilder, room_for_one).refused);
  RebuildOptions small;
  small.limits[BudgetKind::archive_output] = gaf_bytes({"SHARED"}).size() - 1;
  const ArchiveRebuildResult capped = rebuild_bytes(archive, rebuilder, small);
  EXPECT_TRUE(capped.refused);
  EXPECT_NE(listed(capped.refusal_reasons).find("max-archive-output"), std::string::npos)
      << listed(capped.refusal_reasons);
}

// The data offsets of the rebuilt archive's members, by path.
std::map<std::string, std::uint64_t> data_offsets(const std::vector<std::uint8_t>& bytes) {
  const hpi::MemberReader reader(ByteView(bytes.data(), bytes.size()), BudgetLimits());
  std::map<std::string, std::uint64_t> offsets;
  for (const auto& member : reader.members()) offsets[member.path] = member.data_offset;
  return offsets;
}

std::set<std::uint64_t> distinct(const std::map<std::string, std::uint64_t>& offsets) {
  std::set<std::uint64_t> values;
  for (const auto& [path, offset] : offsets) values.insert(offset);
  return values;
}

// rebuild(rebuild(x)) == rebuild(x), with the rebuilder gafcheck rebuild uses.
void expect_idempotent(const std::vector<std::uint8_t>& input, const std::string& what,
                       const RebuildOptions& options = {}) {
  const ArchiveRebuildResult once =
      rebuild::rebuild_archive_file(ByteView(input.data(), input.size()), "mod.ufo", options);
  if (once.refused) return;  // only archives rebuild accepts
  const ArchiveRebuildResult twice = rebuild::rebuild_archive_file(
      ByteView(once.bytes.data(), once.bytes.size()), "mod.ufo", options);
  ASSERT_FALSE(twice.refused) << what << ": " << listed(twice.refusal_reasons);
  EXPECT_EQ(twice.bytes, once.bytes) << what;
  EXPECT_TRUE(twice.dropped.empty()) << what << ": " << listed(twice.dropped);
}

// Entries that share one member's data come out sharing one stored copy, so that the rebuilt
// archive rebuilds to itself; distinct content stays distinct (the control).
TEST(ArchiveRebuild, SharedEntriesAreWrittenAsOneStoredCopy) {
  const auto shared =
      builder::aliased_entries_archive(gaf_bytes({"SHARED"}), 25, HpiMethod::zlib, ".gaf").bytes;
  TestRebuilder rebuilder;
  const ArchiveRebuildResult result = rebuild_bytes(shared, rebuilder);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  const auto offsets = data_offsets(result.bytes);
  EXPECT_EQ(offsets.size(), 25u);
  EXPECT_EQ(distinct(offsets).size(), 1u);
  expect_checks_clean(result.bytes, true);
  const ArchiveRebuildResult again = rebuild_bytes(result.bytes, rebuilder);
  ASSERT_FALSE(again.refused) << listed(again.refusal_reasons);
  EXPECT_EQ(again.bytes, result.bytes);

  // The same content read from other stored bytes gets a copy of its own, as it had (no overlap
  // the input did not have); different content too.
  builder::HpiSpec spec;
  spec.files.push_back({"a.gaf", gaf_bytes({"ONE"}), HpiMethod::zlib});
  spec.files.push_back({"b.gaf", gaf_bytes({"ONE"}), HpiMethod::stored});
  spec.files.push_back({"c.gaf", gaf_bytes({"TWO"}), HpiMethod::zlib});
  const ArchiveRebuildResult mixed = rebuild_spec(spec);
  ASSERT_FALSE(mixed.refused) << listed(mixed.refusal_reasons);
  const auto mixed_offsets = data_offsets(mixed.bytes);
  EXPECT_NE(mixed_offsets.at("a.gaf"), mixed_offsets.at("b.gaf"));
  EXPECT_EQ(members_of(mixed.bytes).at("b.gaf"), gaf_bytes({"ONE"}));
  expect_checks_clean(mixed.bytes);
  EXPECT_NE(mixed_offsets.at("a.gaf"), mixed_offsets.at("c.gaf"));
  EXPECT_EQ(members_of(mixed.bytes).at("c.gaf"), gaf_bytes({"TWO"}));
}

// Archives of archives whose entries share one member: each level is one stored copy, the
// rebuilt archive is about as small as the input, rebuilds to itself, and passes --max-members
// wherever the input did.
TEST(ArchiveRebuild, SharedNestedArchivesStayShared) {
  for (const std::uint32_t entries : {3u, 12u, 40u}) {
    const auto nested = builder::nested_aliased_archives(gaf_bytes({"DEEP"}), entries, 2).bytes;
    RebuildOptions options;
    options.limits[BudgetKind::members] = 4;  // the input's: one archive, one GAF
    const ArchiveRebuildResult once =
        rebuild::rebuild_archive_file(ByteView(nested.data(), nested.size()), "mod.ufo", options);
    ASSERT_FALSE(once.refused) << entries << ": " << listed(once.refusal_reasons);
    EXPECT_EQ(distinct(data_offsets(once.bytes)).size(), 1u);
    EXPECT_LT(once.bytes.size(), 2 * nested.size() + 4096) << entries;
    const auto inner = members_of(once.bytes).at("m0.ufo");
    EXPECT_EQ(data_offsets(inner).size(), entries);
    EXPECT_EQ(distinct(data_offsets(inner)).size(), 1u);
    expect_idempotent(nested, "nested " + std::to_string(entries), options);
  }
}

// rebuild(rebuild(x)) == rebuild(x) over every seed archive and the shared-member shapes of the
// hostile archive builder.
TEST(ArchiveRebuild, RebuildingTheRebuiltArchiveGivesItBack) {
  std::size_t archives = 0;
  for (const auto& entry : std::filesystem::directory_iterator(
           std::filesystem::path(GAFCHECK_SOURCE_ROOT) / "corpus/seed")) {
    const std::string extension = entry.path().extension().string();
    if (extension != ".hpi" && extension != ".ufo" && extension != ".ccx" && extension != ".gp3")
      continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                          std::istreambuf_iterator<char>()};
    expect_idempotent(bytes, entry.path().filename().string());
    ++archives;
  }
  EXPECT_GE(archives, 3u);
  const auto gaf = gaf_bytes({"HOSTILE"});
  expect_idempotent(builder::aliased_entries_archive(gaf, 30, HpiMethod::stored, ".gaf").bytes,
                    "aliased entries");
  expect_idempotent(builder::same_content_archive(gaf, 30, HpiMethod::zlib, ".gaf").bytes,
                    "same content");
  expect_idempotent(builder::nested_aliased_archives(gaf, 8, 3).bytes, "nested, 3 levels");
  expect_idempotent(
      builder::aliased_entries_archive(builder::aliased_slots_gaf(40), 30, HpiMethod::zlib, ".gaf")
          .bytes,
      "aliased slots", [] {
        RebuildOptions drop;
        drop.drop_unrenderable = true;
        return drop;
      }());
}

// A refused member shared by many entries: its reasons are held and listed once, every entry
// is counted as left out, and the lines listed stop at --max-findings.
TEST(ArchiveRebuild, ReasonsOfASharedRefusedMemberAreListedOnce) {
  const auto archive =
      builder::aliased_entries_archive(gaf_bytes({"BROKEN"}), 60, HpiMethod::zlib, ".gaf").bytes;
  TestRebuilder rebuilder;
  const ArchiveRebuildResult result = rebuild_bytes(archive, rebuilder);
  EXPECT_EQ(rebuilder.calls, 1u);
  // Nothing would remain: refused, with the entries' losses listed first.
  EXPECT_TRUE(result.refused);
  ASSERT_EQ(result.dropped.size(), 60u) << listed(result.dropped);
  EXPECT_EQ(result.dropped[0], "m0.gaf: cannot be rebuilt: test: marked broken");
  EXPECT_EQ(result.dropped[1], "m1.gaf: its data is m0.gaf's, which is left out");
  EXPECT_EQ(result.lost, 60u);
  EXPECT_EQ(listed(result.refusal_reasons),
            "every member was left out: nothing of the archive would remain\n");

  // 30 distinct members refused: 10 lines listed, the others counted, every one a loss.
  builder::HpiSpec distinct_broken;
  for (int i = 0; i < 30; ++i)
    distinct_broken.files.push_back({"m" + std::to_string(i) + ".gaf",
                                     gaf_bytes({"BROKEN" + std::to_string(i)}), HpiMethod::zlib});
  RebuildOptions few;
  few.limits[BudgetKind::findings] = 10;
  const ArchiveRebuildResult bounded = rebuild_spec(distinct_broken, few);
  EXPECT_EQ(bounded.dropped.size(), 10u);
  EXPECT_EQ(listed(bounded.refusal_reasons),
            "every member was left out: nothing of the archive would remain\n");
  EXPECT_EQ(bounded.lines_unlisted, 20u);
  EXPECT_EQ(bounded.lost, 30u);
}

// The real rebuilder on a member with thousands of findings shared by many entries: one
// rebuild, one set of dispositions, and a bounded line per entry.
TEST(ArchiveRebuild, AMemberWithManyFindingsSharedByManyEntriesCostsOneRebuild) {
  const auto archive = builder::aliased_entries_archive(builder::aliased_slots_gaf(3000), 120,
                                                        HpiMethod::zlib, ".gaf")
                           .bytes;
  const ArchiveRebuildResult result =
      rebuild::rebuild_archive_file(ByteView(archive.data(), archive.size()), "mod.ufo", {});
  EXPECT_TRUE(result.refused);
  // The member's findings once, and the archive's own (hpi.shared-data, hpi.overlap per entry).
  EXPECT_LE(result.dispositions.size(), 3000u + 2 * 120u);
  std::uint64_t characters = 0;
  for (const std::string& line : result.dropped) characters += line.size();
  for (const std::string& line : result.refusal_reasons) characters += line.size();
  EXPECT_LT(characters, 64u * 1024) << listed(result.dropped).substr(0, 2000);
  EXPECT_EQ(result.members.size(), 1u);
}

// What is held at once is charged to --max-heap: entries sharing one large member hold it once.
TEST(ArchiveRebuild, HeldMembersAreChargedToTheHeapBudget) {
  const std::vector<std::uint8_t> large(1 << 20, 0x5A);
  const auto archive = builder::aliased_entries_archive(large, 30, HpiMethod::zlib, ".dat").bytes;
  RebuildOptions room;
  room.limits[BudgetKind::heap] = 3 << 20;  // one decoded copy and its compressed form
  const ArchiveRebuildResult fits =
      rebuild::rebuild_archive_file(ByteView(archive.data(), archive.size()), "mod.ufo", room);
  ASSERT_FALSE(fits.refused) << listed(fits.refusal_reasons) << listed(fits.dropped);
  EXPECT_EQ(members_of(fits.bytes).size(), 30u);
  RebuildOptions tight;
  tight.limits[BudgetKind::heap] = 512 << 10;
  const ArchiveRebuildResult refused =
      rebuild::rebuild_archive_file(ByteView(archive.data(), archive.size()), "mod.ufo", tight);
  EXPECT_TRUE(refused.refused);
  EXPECT_NE(listed(refused.refusal_reasons).find("budget.exceeded: heap"), std::string::npos)
      << listed(refused.refusal_reasons);
}

std::vector<std::uint8_t> crasher(const char* name) {
  std::ifstream in(std::filesystem::path(GAFCHECK_SOURCE_ROOT) / "corpus/crashers" / name,
                   std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// corpus/crashers: 300 entries aimed at one GAF with 10,000 entry.alias findings. Its reasons are
// held once, each entry gets one short line, and all of it stops at --max-findings.
TEST(ArchiveRebuild, CrasherRefusedMemberSharedBy300EntriesListsBoundedLines) {
  const auto bytes = crasher("rebuild-hpi-refused-member-shared-by-300-entries.bin");
  ASSERT_FALSE(bytes.empty());
  const ArchiveRebuildResult result =
      rebuild::rebuild_archive_file(ByteView(bytes.data(), bytes.size()), "crasher.ufo", {});
  EXPECT_TRUE(result.refused);
  EXPECT_EQ(result.members.size(), 1u);
  EXPECT_EQ(result.lost, 300u);
  std::uint64_t characters = 0;
  for (const std::string& line : result.dropped) characters += line.size();
  for (const std::string& line : result.refusal_reasons) characters += line.size();
  EXPECT_LT(characters, 128u * 1024);
  EXPECT_LE(result.dispositions.size(), 10'000u + 2 * 300u);
}

// corpus/crashers: 70 entries aimed at one archive whose 70 entries are aimed at one GAF (1.9
// KB): one stored copy at each level, within the input's --max-members, and a fixed point.
TEST(ArchiveRebuild, CrasherNestedArchiveSharedBy70EntriesRebuildsToItself) {
  const auto bytes = crasher("rebuild-hpi-nested-archive-shared-by-70-entries.bin");
  ASSERT_FALSE(bytes.empty());
  RebuildOptions options;
  options.limits[BudgetKind::members] = 2;
  const ArchiveRebuildResult once =
      rebuild::rebuild_archive_file(ByteView(bytes.data(), bytes.size()), "crasher.ufo", options);
  ASSERT_FALSE(once.refused) << listed(once.refusal_reasons);
  EXPECT_LT(once.bytes.size(), 4 * bytes.size());
  expect_idempotent(bytes, "nested 70x70", options);
}

// corpus/crashers: 100 entries sharing one 4 MiB member: held once, so it fits a heap budget
// far below 100 copies.
TEST(ArchiveRebuild, CrasherLargeMemberSharedBy100EntriesIsHeldOnce) {
  const auto bytes = crasher("rebuild-hpi-4mib-member-shared-by-100-entries.bin");
  ASSERT_FALSE(bytes.empty());
  RebuildOptions options;
  options.limits[BudgetKind::heap] = 16 << 20;
  const ArchiveRebuildResult result =
      rebuild::rebuild_archive_file(ByteView(bytes.data(), bytes.size()), "crasher.ufo", options);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  EXPECT_EQ(distinct(data_offsets(result.bytes)).size(), 1u);
  EXPECT_EQ(data_offsets(result.bytes).size(), 100u);
}

// Members left out that no option asked for are losses; those --drop-unrenderable asked for
// are not; a tidy archive has none (the control).
TEST(ArchiveRebuild, MembersLeftOutAreCountedAsLosses) {
  EXPECT_EQ(rebuild_spec(tidy_hpi()).lost, 0u);
  builder::HpiSpec spec = tidy_hpi();
  spec.files.push_back({"anims/bad.gaf", gaf_bytes({"BROKEN"}), HpiMethod::zlib});
  spec.files.push_back({"../escape.txt", bytes_of("x"), HpiMethod::zlib});
  const ArchiveRebuildResult result = rebuild_spec(spec);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  EXPECT_EQ(result.lost, 2u) << listed(result.dropped);
}

TEST(ArchiveRebuild, AMemberOverAPerMemberBudgetIsLeftOut) {
  builder::HpiSpec spec;
  spec.files.push_back({"huge.txt", builder::sample_content(5000, 6), HpiMethod::zlib});
  spec.files.push_back({"small.txt", bytes_of("small"), HpiMethod::zlib});
  RebuildOptions options;
  options.limits[BudgetKind::member_size] = 4096;
  const ArchiveRebuildResult result = rebuild_spec(spec, options);
  ASSERT_FALSE(result.refused) << listed(result.refusal_reasons);
  const auto members = members_of(result.bytes);
  ASSERT_EQ(members.size(), 1u);
  EXPECT_EQ(members.count("small.txt"), 1u);
  ASSERT_EQ(result.dropped.size(), 1u) << listed(result.dropped);
  EXPECT_EQ(result.dropped[0].rfind("huge.txt: over a budget: ", 0), 0u) << result.dropped[0];
  const auto* budget = disposition(result, "budget.exceeded");
  ASSERT_NE(budget, nullptr);
  EXPECT_EQ(budget->action, "dropped");
}

TEST(ArchiveRebuild, CrashFindingsRefuseUnlessDropUnrenderable) {
  builder::HpiSpec spec;
  // Incompressible enough that 70,000 declared bytes stay under the chunk ratio budget.
  spec.files.push_back({"overrun.txt", builder::sample_content(3000, 5), HpiMethod::zlib});
  spec.files.push_back({"intact.txt", bytes_of("intact"), HpiMethod::zlib});
  builder::BuiltFile archive = builder::build_hpi_plain(spec);
  // A chunk declaring more than 65,536 bytes overruns the game's buffer (hpi.chunk-size, crash).
  const std::uint64_t declared = archive.labels.at("chunk:overrun.txt[0]") + 11;
  archive.bytes[declared + 1] = 0x10;
  archive.bytes[declared + 2] = 0x01;
  TestRebuilder rebuilder;
  const ArchiveRebuildResult refused = rebuild_bytes(archive.bytes, rebuilder);
  EXPECT_TRUE(refused.refused);
  EXPECT_NE(listed(refused.refusal_reasons)
                .find("the game crashes on it: hpi.chunk-size at "
                      "overrun.txt"),
            std::string::npos)
      << listed(refused.refusal_reasons);
  EXPECT_TRUE(refused.bytes.empty());

  RebuildOptions drop;
  drop.drop_unrenderable = true;
  const ArchiveRebuildResult dropped = rebuild_bytes(archive.bytes, rebuilder, drop);
  ASSERT_FALSE(dropped.refused) << listed(dropped.refusal_reasons);
  const auto members = members_of(dropped.bytes);
  ASSERT_EQ(members.size(), 1u);
  EXPECT_EQ(members.count("intact.txt"), 1u);
  ASSERT_EQ(dropped.dropped.size(), 1u) << listed(dropped.dropped);
  EXPECT_EQ(dropped.dropped[0], "overrun.txt: the game crashes on it (--drop-unrenderable)");
  const auto* size = disposition(dropped, "hpi.chunk-size");
  ASSERT_NE(size, nullptr);
  EXPECT_EQ(size->action, "dropped");
}

TEST(ArchiveRebuild, WhatIsNotAV1ArchiveIsRefused) {
  builder::HpiSpec v2 = tidy_hpi();
  v2.version = 0x00020000;
  const ArchiveRebuildResult kingdoms = rebuild_spec(v2);
  EXPECT_TRUE(kingdoms.refused);
  EXPECT_EQ(listed(kingdoms.refusal_reasons),
            "a TA: Kingdoms (v2) archive: rebuild writes v1 archives only\n");
  TestRebuilder rebuilder;
  const ArchiveRebuildResult text = rebuild_bytes(bytes_of("not an archive"), rebuilder);
  EXPECT_TRUE(text.refused);
  EXPECT_EQ(listed(text.refusal_reasons), "not an HPI archive\n");
}

}  // namespace
}  // namespace gafcheck::testing
