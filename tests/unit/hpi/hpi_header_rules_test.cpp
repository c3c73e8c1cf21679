// Archive header and directory rules (docs/format/hpi.md §1-§3, §5): each triggered on purpose,
// with the tidy archive as the clean control.
#include "tests/support/hpi_helpers.hpp"

namespace gafcheck::testing {
namespace {

using builder::BuiltFile;

BuiltFile tidy_plain() {
  return builder::build_hpi_plain(tidy_hpi());
}

// A v2 archive holding one file, data/a.bin (chunk_size: see HpiSpec::v2_chunk_size).
BuiltFile v2_one_file(std::vector<std::uint8_t> data, builder::HpiMethod method,
                      std::uint32_t chunk_size = 0) {
  builder::HpiSpec spec;
  spec.version = 0x00020000;
  spec.v2_chunk_size = chunk_size;
  spec.files = {{"data/a.bin", std::move(data), method}};
  return builder::build_hpi_plain(spec);
}

// Where data/a.bin's v2 file entry lies in the archive (the directory block is not compressed).
std::uint64_t v2_file_entry(const BuiltFile& archive) {
  return archive.at("directory") + archive.at("entry:data/a.bin");
}

TEST(HpiHeaderRules, TidyArchiveIsClean) {
  const FileReport report = check_hpi(tidy_hpi());
  EXPECT_EQ(report.format, Format::hpi);
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_TRUE(report.findings.empty()) << describe(report);
  for (const char* rule : {"hpi.version", "hpi.key-high-bits", "hpi.directory-bounds",
                           "hpi.name-bounds", "hpi.directory-cycle", "hpi.entry-flag",
                           "hpi.compression", "hpi.footer", "hpi.slack", "hpi.overlap"})
    EXPECT_NO_FINDING(report, rule);
}

TEST(HpiHeaderRules, NotHapiIsNotAnArchive) {
  auto archive = tidy_plain();
  archive.bytes[3] = 'X';
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_NE(report.format, Format::hpi);
  EXPECT_FINDING(report, "format.unknown", 0, "");
}

TEST(HpiHeaderRules, UnknownVersionIsRefused) {
  auto archive = tidy_plain();
  archive.put_u32(4, 0x00030000);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_EQ(report.format, Format::hpi);
  EXPECT_FINDING(report, "hpi.version", 4, "header/version");
  EXPECT_EQ(find_finding(report, "hpi.version")->retail, Retail::dropped);
  EXPECT_EQ(report.members->size(), 0u);
}

TEST(HpiHeaderRules, SavedGameIsRecognisedAndNotParsed) {
  std::vector<std::uint8_t> bytes = {'H', 'A', 'P', 'I', 'B', 'A', 'N', 'K'};
  bytes.resize(300, 0xEE);
  const FileReport report = check_hpi(bytes);
  EXPECT_FINDING(report, "hpi.saved-game", 4, "header/version");
  EXPECT_EQ(report.verdict, Verdict::clean);
  EXPECT_EQ(report.findings.size(), 1u) << describe(report);
}

TEST(HpiHeaderRules, KeyAboveOneByteIsReportedAndTheLowByteDecrypts) {
  auto spec = tidy_hpi();
  spec.key = 0x27D;
  const FileReport report = check_hpi(spec);
  EXPECT_FINDING(report, "hpi.key-high-bits", 12, "header/key");
  const std::string& message = find_finding(report, "hpi.key-high-bits")->message;
  EXPECT_NE(message.find("0xF5"), std::string::npos) << message;
  EXPECT_NE(message.find("0xFD"), std::string::npos) << message;
  EXPECT_EQ(report.findings.size(), 1u) << describe(report);
  spec.key = 0x7D;
  EXPECT_NO_FINDING(check_hpi(spec), "hpi.key-high-bits");
}

TEST(HpiHeaderRules, TruncatedHeader) {
  auto archive = tidy_plain();
  archive.bytes.resize(12);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.directory-bounds", 0, "header");
  EXPECT_EQ(report.retail, Retail::crash);
}

TEST(HpiHeaderRules, DirectoryEndPastTheFile) {
  auto archive = tidy_plain();
  archive.put_u32(8, 0x7FFFFFF0);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.directory-bounds", 8, "header/directory_size");
  // The part of the directory inside the file is still walked.
  EXPECT_EQ(report.members->size(), 3u) << describe(report);
}

TEST(HpiHeaderRules, DirectoryStartInsideTheHeader) {
  auto archive = tidy_plain();
  archive.put_u32(16, 4);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.directory-bounds", 16, "header/directory_start");
}

TEST(HpiHeaderRules, EntryListOffsetThatWrapsIsOutOfBounds) {
  auto archive = tidy_plain();
  archive.put_u32(archive.at("root") + 4, 0xFFFFFFF8);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.directory-bounds", archive.at("root") + 4, "directory");
}

TEST(HpiHeaderRules, SubdirectoryOrFileRecordOutsideTheBlock) {
  auto archive = tidy_plain();
  archive.put_u32(archive.at("entry:anims") + 4, 0x10000000);
  archive.put_u32(archive.at("entry:readme.txt") + 4,
                  static_cast<std::uint32_t>(archive.at("directory_end") - 4));
  const FileReport report = check_hpi(archive.bytes);
  const auto bounds = find_all(report, "hpi.directory-bounds");
  ASSERT_EQ(bounds.size(), 2u) << describe(report);
  EXPECT_EQ(bounds[0]->offset, archive.at("entry:anims") + 4);
  EXPECT_EQ(bounds[0]->path, "anims");
  EXPECT_EQ(bounds[1]->offset, archive.at("entry:readme.txt") + 4);
  EXPECT_EQ(bounds[1]->path, "readme.txt");
}

TEST(HpiHeaderRules, StoredDataPastTheEnd) {
  auto archive = tidy_plain();
  archive.put_u32(archive.at("record:readme.txt") + 4, 0x00100000);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.directory-bounds", archive.at("data:readme.txt"), "readme.txt");
}

TEST(HpiHeaderRules, NameOffsetOutsideTheDirectory) {
  auto archive = tidy_plain();
  archive.put_u32(archive.at("entry:readme.txt"), 0xFFFFFF00);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.name-bounds", archive.at("entry:readme.txt"),
                 "directory/entry[1]/name");
  EXPECT_EQ(report.members->at(1).path, "<entry[1]>");
}

TEST(HpiHeaderRules, NameWithoutNulBeforeTheBlockEnds) {
  auto archive = tidy_plain();
  // Point readme.txt's name at the last 3 bytes of the directory block (a file record's tail).
  const std::uint64_t end = archive.at("directory_end");
  archive.put_u32(archive.at("entry:readme.txt"), static_cast<std::uint32_t>(end - 3));
  archive.put_u8(end - 1, 'x');
  archive.put_u8(end - 2, 'x');
  archive.put_u8(end - 3, 'x');
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.name-bounds", end - 3, "directory/entry[1]/name");
}

// A v2 archive whose names block lost its last NUL, so its last name runs to the block's end;
// the names block stored as it is, or compressed into one chunk.
BuiltFile v2_last_name_unterminated(bool compressed) {
  builder::HpiSpec spec = tidy_hpi();
  spec.version = 0x00020000;
  BuiltFile plain = builder::build_hpi_plain(spec);  // the directory blocks stored
  std::vector<std::uint8_t> names(plain.bytes.begin() + plain.at("names"), plain.bytes.end() - 1);
  if (!compressed) {
    plain.bytes.pop_back();
    plain.put_u32(20, static_cast<std::uint32_t>(names.size()));
    return plain;
  }
  spec.compress_directory = true;
  BuiltFile archive = builder::build_hpi_plain(spec);
  const auto chunk = builder::sqsh_chunk(names, builder::HpiMethod::zlib, false);
  archive.bytes.resize(archive.at("names"));
  archive.bytes.insert(archive.bytes.end(), chunk.begin(), chunk.end());
  archive.put_u32(20, static_cast<std::uint32_t>(chunk.size()));
  return archive;
}

// Bytes scanned in a decompressed block are not bytes of the file: the finding names the chunk
// and no length (it once named the 84 bytes scanned, past the end of a 275-byte file).
TEST(HpiHeaderRules, UnterminatedNameInACompressedNamesBlockNamesTheChunk) {
  const BuiltFile archive = v2_last_name_unterminated(true);
  const FileReport report = check_hpi(archive.bytes);
  const Finding* finding = find_finding(report, "hpi.name-bounds");
  ASSERT_NE(finding, nullptr);
  EXPECT_EQ(finding->offset, archive.at("names"));
  EXPECT_EQ(finding->length, 0u);
  EXPECT_NE(finding->message.find("has no NUL"), std::string::npos);
}

TEST(HpiHeaderRules, UnterminatedNameInAStoredNamesBlockNamesTheBytesScanned) {
  const BuiltFile archive = v2_last_name_unterminated(false);
  const FileReport report = check_hpi(archive.bytes);
  const Finding* finding = find_finding(report, "hpi.name-bounds");
  ASSERT_NE(finding, nullptr);
  EXPECT_GT(finding->length, 0u);
  EXPECT_EQ(finding->offset + finding->length, archive.bytes.size());
}

TEST(HpiHeaderRules, DirectoryContainingItself) {
  auto archive = tidy_plain();
  archive.put_u32(archive.at("entry:anims") + 4, static_cast<std::uint32_t>(archive.at("root")));
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.directory-cycle", archive.at("entry:anims") + 4, "anims");
  EXPECT_EQ(find_finding(report, "hpi.directory-cycle")->retail, Retail::crash);
  EXPECT_NE(find_finding(report, "hpi.directory-cycle")->message.find("containing it"),
            std::string::npos);
}

TEST(HpiHeaderRules, DirectoryReachedTwiceIsWalkedOnce) {
  auto spec = tidy_hpi();
  spec.files.push_back({"more/x.txt", {'x'}, builder::HpiMethod::stored});
  auto archive = builder::build_hpi_plain(spec);
  archive.put_u32(archive.at("entry:more") + 4,
                  static_cast<std::uint32_t>(archive.at("dir:anims")));
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.directory-cycle", archive.at("entry:more") + 4, "more");
  EXPECT_EQ(find_finding(report, "hpi.directory-cycle")->retail, Retail::unknown);
  EXPECT_EQ(report.members->size(), 3u) << describe(report);
}

TEST(HpiHeaderRules, UnknownEntryFlagIsNotFollowed) {
  auto archive = tidy_plain();
  archive.put_u8(archive.at("entry:scripts") + 8, 7);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.entry-flag", archive.at("entry:scripts") + 8, "scripts");
  EXPECT_EQ(report.members->size(), 2u);
}

TEST(HpiHeaderRules, UnknownCompressionIsNotDecoded) {
  auto archive = tidy_plain();
  archive.put_u8(archive.at("record:scripts/big.txt") + 8, 5);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.compression", archive.at("record:scripts/big.txt") + 8,
                 "scripts/big.txt");
  EXPECT_EQ(report.members->at(2).method, "unknown");
}

TEST(HpiHeaderRules, FooterMissingOrAltered) {
  auto spec = tidy_hpi();
  spec.footer = false;
  const auto without = builder::build_hpi(spec).bytes;
  const FileReport missing = check_hpi(without);
  EXPECT_FINDING(missing, "hpi.footer", without.size() - 64, "footer");
  // Retail TA loads nothing from the archive: an error, as an unknown version is.
  EXPECT_EQ(find_finding(missing, "hpi.footer")->severity, Severity::error);
  EXPECT_EQ(missing.verdict, Verdict::errors);

  auto altered = builder::build_hpi(tidy_hpi());
  const std::uint64_t footer = altered.at("footer");
  std::string replaced = "Copyright 1997 Someone Entertainment";
  std::copy(replaced.begin(), replaced.end(), altered.bytes.begin() + static_cast<long>(footer));
  altered.bytes.resize(footer + replaced.size());
  const FileReport changed = check_hpi(altered.bytes);
  ASSERT_NE(find_finding(changed, "hpi.footer"), nullptr) << describe(changed);
  EXPECT_NE(find_finding(changed, "hpi.footer")->message.find("mention"), std::string::npos);
}

TEST(HpiHeaderRules, V2DirectoryCycleAndBounds) {
  builder::HpiSpec spec;
  spec.version = 0x00020000;
  spec.files = tidy_hpi().files;
  auto archive = builder::build_hpi_plain(spec);
  const FileReport clean = check_hpi(archive.bytes);
  EXPECT_EQ(clean.verdict, Verdict::clean) << describe(clean);
  EXPECT_EQ(clean.members->size(), 3u);

  // anims' subdirectory array points back at the root's array, which holds anims itself.
  const std::uint64_t directory = archive.at("directory");
  const std::uint64_t anims = directory + archive.at("dir:anims");
  auto cyclic = archive;
  cyclic.put_u32(anims + 4, static_cast<std::uint32_t>(archive.at("dir:anims")));
  cyclic.put_u32(anims + 8, 1);
  const FileReport cycle = check_hpi(cyclic.bytes);
  EXPECT_FINDING(cycle, "hpi.directory-cycle", anims, "anims/anims");

  auto wild = archive;
  wild.put_u32(anims + 16, 1000);
  const FileReport bounds = check_hpi(wild.bytes);
  EXPECT_FINDING(bounds, "hpi.directory-bounds", anims + 12, "anims");
}

TEST(HpiHeaderRules, V2ChunkSequenceShorterThanItsFileEntrySays) {
  auto archive = v2_one_file(builder::sample_content(200000, 7), builder::HpiMethod::zlib, 65536);
  EXPECT_TRUE(check_hpi(archive.bytes).findings.empty());
  // The entry claims 8 bytes more than the four chunks take (the directory block follows them).
  const std::uint64_t entry = v2_file_entry(archive);
  std::uint32_t stored = 0;
  for (int i = 3; i >= 0; --i) stored = stored << 8 | archive.bytes[entry + 12 + i];
  archive.put_u32(entry + 12, stored + 8);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.chunk-table-mismatch", entry + 12, "data/a.bin");
}

TEST(HpiHeaderRules, V2VerificationBlockIsNotSlack) {
  builder::HpiSpec spec;
  spec.version = 0x00020000;
  spec.files = tidy_hpi().files;
  auto archive = builder::build_hpi_plain(spec);
  const std::uint64_t end = archive.bytes.size();
  archive.bytes.resize(end + 78, 0x5A);  // trailing verification bytes
  const FileReport unclaimed = check_hpi(archive.bytes);
  EXPECT_FINDING(unclaimed, "hpi.slack", end, "slack");
  archive.put_u32(28, static_cast<std::uint32_t>(end));
  EXPECT_NO_FINDING(check_hpi(archive.bytes), "hpi.slack");
}

TEST(HpiHeaderRules, V2MemberDataInsideTheDirectoryBlock) {
  auto archive = v2_one_file(builder::sample_content(40, 5), builder::HpiMethod::stored);
  EXPECT_NO_FINDING(check_hpi(archive.bytes), "hpi.overlap");
  const std::uint64_t directory = archive.at("directory");
  const std::uint64_t entry = v2_file_entry(archive);
  archive.put_u32(entry + 4, static_cast<std::uint32_t>(directory));  // data = the directory
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.overlap", directory, "data/a.bin");
}

TEST(HpiHeaderRules, V2FileEntryDeclaringABombIsRefusedBeforeAllocating) {
  // Found by fuzz_hpi: 1,024 stored bytes declared as a 64 MiB file (65,536:1).
  auto archive = v2_one_file(builder::sample_content(3000, 9), builder::HpiMethod::zlib);
  EXPECT_NO_FINDING(check_hpi(archive.bytes), "hpi.ratio");
  const std::uint64_t entry = v2_file_entry(archive);
  archive.put_u32(entry + 8, 64u << 20);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.ratio", entry + 8, "data/a.bin");
  ASSERT_TRUE(report.budget_hit.has_value());
  EXPECT_EQ(report.budget_hit->kind, BudgetKind::chunk_ratio);
}

TEST(HpiHeaderRules, LongMemberNamesAreShortenedInFindingPaths) {
  // Found by a scale test: 1 KiB names 30 directories deep, escaped, repeated in every finding,
  // made a 6.5 KB archive exhaust memory. Finding paths keep 512 bytes; listings keep the name.
  builder::HpiSpec spec;
  spec.files = {{"d/" + std::string(900, 'x') + "\x01.bin", builder::sample_content(40, 1),
                 builder::HpiMethod::stored}};
  auto archive = builder::build_hpi_plain(spec);
  archive.put_u32(archive.at("record:" + spec.files[0].path), 0x7FFFFFF0);
  const FileReport report = check_hpi(archive.bytes);
  const Finding* bounds = find_finding(report, "hpi.directory-bounds");
  ASSERT_NE(bounds, nullptr) << describe(report);
  EXPECT_EQ(bounds->path.size(), 512u);
  EXPECT_TRUE(bounds->path.starts_with("d/xxx")) << bounds->path;
  EXPECT_TRUE(bounds->path.ends_with("x\\x01.bin")) << bounds->path;
  EXPECT_NE(bounds->path.find("..."), std::string::npos);
  ASSERT_TRUE(report.members.has_value());
  EXPECT_EQ(report.members->at(0).path, spec.files[0].path);
}

TEST(HpiHeaderRules, V2BlockOutsideTheFile) {
  builder::HpiSpec spec;
  spec.version = 0x00020000;
  spec.files = tidy_hpi().files;
  auto archive = builder::build_hpi_plain(spec);
  archive.put_u32(20, 0x00FFFFFF);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.directory-bounds", 16, "header/names");
}

}  // namespace
}  // namespace gafcheck::testing
