// Raw frame key counters, tak.corner-key (docs/format/gaf.md §6) and storage.raw-required (§3.1).
// With simple_spec(): frame header "a" at 64 (key byte at 72), 4x4 raw pixels at 88.
#include <algorithm>
#include <random>

#include "corpus/builder/recipe.hpp"
#include "tests/support/check_helpers.hpp"
#include "tests/support/hpi_helpers.hpp"
#include "validator/pixels/gaf_pixel_stages.hpp"
#include "validator/pixels/raw_scan.hpp"

namespace gafcheck::testing {
namespace {

builder::GafSpec raw_spec(const char* pixels_hex, std::uint8_t key = 9) {
  auto spec = simple_spec();
  spec.frames[0].raw = builder::parse_hex_bytes(pixels_hex);
  spec.frames[0].color_key = key;
  return spec;
}

const char* const bordered = "05 01 02 05  01 02 03 04  04 03 02 01  05 06 07 05";

CheckOptions tak() {
  CheckOptions options;
  options.game = Game::tak;
  return options;
}

TEST(RawFrames, KeyPixelsAreCounted) {
  auto spec = raw_spec("09 01 09 02  01 02 03 04  04 03 02 01  05 06 07 09");
  spec.frames.push_back({.id = "b"});  // the default pattern never uses 9
  spec.entries[0].frames.push_back({"b", 1, std::nullopt});
  const FileReport report = check(spec);
  EXPECT_EQ(report.summary.get("raw_frames_with_key"), 1u);
  EXPECT_EQ(report.summary.get("key_pixels"), 3u);
  EXPECT_EQ(check(simple_spec()).summary.get("raw_frames_with_key"), 0u);
}

TEST(RawFrames, WordAtATimeCountMatchesAPlainCount) {
  std::mt19937 random(7);
  std::vector<std::uint8_t> bytes(3000);
  for (auto& b : bytes) b = static_cast<std::uint8_t>(random() % 4 == 0 ? 9 : random() % 256);
  const ByteView view(bytes.data(), bytes.size());
  for (std::uint64_t offset : {0u, 1u, 7u, 13u}) {
    for (std::uint64_t length : {0u, 1u, 7u, 8u, 9u, 255u * 8, 255u * 8 + 9, 2900u}) {
      const auto expected =
          std::count(bytes.begin() + static_cast<std::ptrdiff_t>(offset),
                     bytes.begin() + static_cast<std::ptrdiff_t>(offset + length), std::uint8_t{9});
      EXPECT_EQ(pixels::count_byte(view, offset, length, 9), static_cast<std::uint64_t>(expected))
          << offset << "+" << length;
      EXPECT_EQ(pixels::scan_key(view, offset, length, 9).key_pixels,
                static_cast<std::uint64_t>(expected));
    }
  }
  EXPECT_EQ(pixels::count_byte(view, 2999, 2, 9), 0u) << "a range past the end counts nothing";
}

TEST(TakCornerKey, UniformCornersWithoutTheKey) {
  const FileReport report = check(raw_spec(bordered), tak());
  EXPECT_FINDING(report, "tak.corner-key", 72, "entry[0]/frame[0]");
  EXPECT_NE(find_finding(report, "tak.corner-key")->message.find("all four corners hold 5"),
            std::string::npos);
  EXPECT_EQ(report.verdict, Verdict::clean);
}

TEST(TakCornerKey, OnlyWithGameTakAndOnlyWhenTheHeuristicWouldFire) {
  EXPECT_NO_FINDING(check(raw_spec(bordered)), "tak.corner-key");
  // The key occurs in the pixels: the heuristic trusts it.
  EXPECT_NO_FINDING(check(raw_spec(bordered, 3), tak()), "tak.corner-key");
  // Corners differ.
  EXPECT_NO_FINDING(check(raw_spec("05 01 02 05  01 02 03 04  04 03 02 01  05 06 07 06"), tak()),
                    "tak.corner-key");
  // RLE frames always use skips.
  auto rle = simple_spec();
  rle.frames[0].compressed = 1;
  EXPECT_NO_FINDING(check(rle, tak()), "tak.corner-key");
}

TEST(StorageContext, PathsTheEngineReadsAsPlainArrays) {
  EXPECT_TRUE(pixels::engine_reads_raw_arrays("textures/armtex.gaf"));
  EXPECT_TRUE(pixels::engine_reads_raw_arrays("C:\\TA\\Textures\\armtex.gaf"));
  EXPECT_TRUE(pixels::engine_reads_raw_arrays(
      InputName::file("totala1.hpi").member_named("textures/logos.gaf").engine_path()));
  EXPECT_TRUE(pixels::engine_reads_raw_arrays("mods/x/anims/VisMasks.GAF"));
  EXPECT_FALSE(pixels::engine_reads_raw_arrays("anims/armlab.gaf"));
  EXPECT_FALSE(pixels::engine_reads_raw_arrays("mytextures/armtex.gaf"));
  EXPECT_FALSE(pixels::engine_reads_raw_arrays("anims/textures.gaf"));
  EXPECT_FALSE(pixels::engine_reads_raw_arrays("vismasks.gaf.bak"));
}

// '!' is an ordinary byte in a real file name: these are files in the current directory.
TEST(StorageContext, BangInARealFileNameIsNotAnArchiveSeparator) {
  EXPECT_FALSE(pixels::engine_reads_raw_arrays("textures!unit.gaf"));
  EXPECT_FALSE(pixels::engine_reads_raw_arrays("anims!vismasks.gaf"));
  EXPECT_FALSE(pixels::engine_reads_raw_arrays("mods/textures!x/unit.gaf"));
  auto spec = simple_spec();
  spec.frames[0].compressed = 1;
  const auto bytes = builder::build_gaf(spec).bytes;
  EXPECT_NO_FINDING(check(bytes, {}, "textures!unit.gaf"), "storage.raw-required");
  EXPECT_NO_FINDING(check(bytes, {}, "up/anims!vismasks.gaf"), "storage.raw-required");
  // Controls: the same bytes where the engine reads plain arrays.
  const FileReport texture = check(bytes, {}, "textures/unit.gaf");
  EXPECT_FINDING(texture, "storage.raw-required", 64 + 9, "entry[0]/frame[0]");
  const FileReport bang_directory = check(bytes, {}, "mods/x!y/textures/unit.gaf");
  EXPECT_FINDING(bang_directory, "storage.raw-required", 64 + 9, "entry[0]/frame[0]");
}

// A member's context is its path inside the archive: neither the archive's own directories nor
// a '!' in any name count.
TEST(StorageContext, MembersAreJudgedByTheirPathInsideTheArchive) {
  auto spec = simple_spec();
  spec.frames[0].compressed = 1;
  const auto bytes = builder::build_gaf(spec).bytes;
  const auto member = [&bytes](const std::string& archive, const std::string& path) {
    FileReport report = check_bytes(ByteView(bytes.data(), bytes.size()),
                                    InputName::file(archive).member_named(path), {});
    record_triggered(report);
    return report;
  };
  const FileReport texture = member("mod.ufo", "textures/unit.gaf");
  EXPECT_EQ(texture.path, "mod.ufo!textures/unit.gaf");
  EXPECT_FINDING(texture, "storage.raw-required", 64 + 9, "entry[0]/frame[0]");
  EXPECT_NE(
      find_finding(texture, "storage.raw-required")->message.find("under a textures directory"),
      std::string::npos);
  EXPECT_NO_FINDING(member("mod.ufo", "textures!unit.gaf"), "storage.raw-required");
  EXPECT_NO_FINDING(member("textures/mod.ufo", "anims/unit.gaf"), "storage.raw-required");
  EXPECT_NO_FINDING(member("textures!a.ufo", "unit.gaf"), "storage.raw-required");
  const FileReport mask = member("a.ufo!anims", "anims/vismasks.gaf");
  EXPECT_FINDING(mask, "storage.raw-required", 64 + 9, "entry[0]/frame[0]");
}

// Through the archive pipeline: the member path is carried from the directory, not re-split.
TEST(StorageContext, ArchiveMembersNamedWithBangOrInTextures) {
  auto spec = simple_spec();
  spec.frames[0].compressed = 1;
  const auto bytes = builder::build_gaf(spec).bytes;
  // Different bytes: identical members would be checked once (hpi.shared-data).
  auto other_bytes = bytes;
  other_bytes.push_back(0);
  builder::HpiSpec archive;
  archive.files.push_back({"textures/unit.gaf", bytes, builder::HpiMethod::stored});
  archive.files.push_back({"textures!other.gaf", other_bytes, builder::HpiMethod::stored});
  const auto reports = check_hpi_input(builder::build_hpi(archive).bytes, {}, "textures!mod.ufo");
  ASSERT_EQ(reports.size(), 3u);
  const auto report_for = [&reports](const std::string& suffix) -> const FileReport& {
    for (const FileReport& report : reports)
      if (report.path.size() >= suffix.size() &&
          report.path.compare(report.path.size() - suffix.size(), suffix.size(), suffix) == 0)
        return report;
    throw std::runtime_error("no report for " + suffix);
  };
  EXPECT_FINDING(report_for("textures!mod.ufo!textures/unit.gaf"), "storage.raw-required", 64 + 9,
                 "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report_for("textures!mod.ufo!textures!other.gaf"), "storage.raw-required");
}

TEST(StorageContext, RleFrameInATextureFile) {
  auto spec = simple_spec();
  spec.frames[0].compressed = 1;
  const FileReport report = check(builder::build_gaf(spec).bytes, {}, "textures/armtex.gaf");
  EXPECT_FINDING(report, "storage.raw-required", 64 + 9, "entry[0]/frame[0]");
  EXPECT_EQ(report.retail, Retail::garbage);
  EXPECT_NO_FINDING(check(builder::build_gaf(spec).bytes, {}, "anims/armtex.gaf"),
                    "storage.raw-required");
  EXPECT_NO_FINDING(check(builder::build_gaf(simple_spec()).bytes, {}, "textures/armtex.gaf"),
                    "storage.raw-required");
}

TEST(StorageContext, CompositeFramesInVismasksOneFindingPerEntry) {
  builder::GafSpec spec;
  spec.entries.push_back(
      {.name = "mask",
       .frames = {{"m0", 1, std::nullopt}, {"m1", 1, std::nullopt}, {"m2", 1, std::nullopt}}});
  spec.frames.push_back({.id = "m0"});
  spec.frames.push_back({.id = "m1", .children = {"leaf"}});
  spec.frames.push_back({.id = "m2", .children = {"leaf"}});
  spec.frames.push_back({.id = "leaf"});
  const auto built = builder::build_gaf(spec);
  const FileReport report = check(built.bytes, {}, "anims/VISMASKS.GAF");
  ASSERT_EQ(count_rule(report, "storage.raw-required"), 1u) << describe(report);
  EXPECT_FINDING(report, "storage.raw-required", built.at("frame:m1") + 10, "entry[0]/frame[1]");
  EXPECT_NE(find_finding(report, "storage.raw-required")->message.find("2 of the 3 frames"),
            std::string::npos);
}

}  // namespace
}  // namespace gafcheck::testing
