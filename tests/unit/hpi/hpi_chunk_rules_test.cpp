// Chunk and data rules (docs/format/hpi.md §3-§4): chunk table, SQSH header, checksum, sizes,
// streams, ratio, paths, slack and overlap; each triggered on purpose against a clean control.
#include "tests/support/hpi_helpers.hpp"
#include "validator/hpi/member_paths.hpp"

namespace gafcheck::testing {
namespace {

using builder::BuiltFile;
using builder::HpiMethod;

// One zlib member "x.bin" of 70,000 bytes (two chunks).
builder::HpiSpec two_chunk_spec(HpiMethod method = HpiMethod::zlib) {
  builder::HpiSpec spec;
  spec.files.push_back({"x.bin", builder::sample_content(70000, 21), method});
  return spec;
}

TEST(HpiChunkRules, TwoChunkMemberIsClean) {
  for (const HpiMethod method : {HpiMethod::zlib, HpiMethod::lz77}) {
    const FileReport report = check_hpi(two_chunk_spec(method));
    EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
    for (const char* rule : {"hpi.chunk-table-mismatch", "hpi.chunk-header", "hpi.chunk-checksum",
                             "hpi.chunk-size", "hpi.chunk-stream", "hpi.ratio"})
      EXPECT_NO_FINDING(report, rule);
  }
}

TEST(HpiChunkRules, TableEntryDifferentFromChunkSizePlus19) {
  auto archive = builder::build_hpi_plain(two_chunk_spec());
  const std::uint64_t slot = archive.at("data:x.bin") + 4;
  archive.put_u32(slot, 7);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.chunk-table-mismatch", slot, "x.bin/chunk[1]");
  EXPECT_NE(find_finding(report, "hpi.chunk-table-mismatch")->message.find("past it"),
            std::string::npos);
  EXPECT_EQ(report.verdict, Verdict::warnings) << describe(report);
}

TEST(HpiChunkRules, BadMarkerVersionAndMethod) {
  auto archive = builder::build_hpi_plain(two_chunk_spec());
  const std::uint64_t chunk = archive.at("chunk:x.bin[1]");
  auto marker = archive;
  marker.put_u8(chunk, 'Z');
  const FileReport bad_marker = check_hpi(marker.bytes);
  EXPECT_FINDING(bad_marker, "hpi.chunk-header", chunk, "x.bin/chunk[1]");

  auto version = archive;
  version.put_u8(chunk + 4, 3);
  const FileReport versioned = check_hpi(version.bytes);
  EXPECT_FINDING(versioned, "hpi.chunk-header", chunk + 4, "x.bin/chunk[1]");
  EXPECT_NO_FINDING(versioned, "hpi.chunk-size");  // still decoded

  auto method = archive;
  method.put_u8(chunk + 5, 9);
  const FileReport unknown = check_hpi(method.bytes);
  EXPECT_FINDING(unknown, "hpi.chunk-header", chunk + 5, "x.bin/chunk[1]");
  EXPECT_EQ(find_finding(unknown, "hpi.chunk-header")->retail, Retail::dropped);
}

TEST(HpiChunkRules, ChecksumMismatch) {
  auto archive = builder::build_hpi_plain(two_chunk_spec());
  const std::uint64_t chunk = archive.at("chunk:x.bin[0]");
  archive.put_u32(chunk + 15, 0x12345678);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.chunk-checksum", chunk + 15, "x.bin/chunk[0]");
  EXPECT_NO_FINDING(report, "hpi.chunk-stream");
}

TEST(HpiChunkRules, ChecksumIsOverTheStoredBytesOfObfuscatedChunksInEncryptedArchives) {
  auto spec = two_chunk_spec();
  spec.key = 0x99;
  spec.files[0].obfuscate_chunks = true;
  EXPECT_EQ(check_hpi(spec).verdict, Verdict::clean);
}

TEST(HpiChunkRules, DeclaredSizeOtherThan65536) {
  auto archive = builder::build_hpi_plain(two_chunk_spec());
  const std::uint64_t chunk = archive.at("chunk:x.bin[0]");
  auto smaller = archive;
  smaller.put_u32(chunk + 11, 60000);
  const FileReport report = check_hpi(smaller.bytes);
  EXPECT_FINDING(report, "hpi.chunk-size", chunk + 11, "x.bin/chunk[0]");
  EXPECT_EQ(find_finding(report, "hpi.chunk-size")->retail, Retail::garbage);

  auto larger = archive;
  larger.put_u32(chunk + 11, 70000);
  const FileReport overrun = check_hpi(larger.bytes);
  EXPECT_FINDING(overrun, "hpi.chunk-size", chunk + 11, "x.bin/chunk[0]");
  EXPECT_EQ(find_finding(overrun, "hpi.chunk-size")->retail, Retail::crash);
}

TEST(HpiChunkRules, StreamProducingFewerBytesThanTheFileSize) {
  builder::HpiSpec spec;
  spec.files.push_back({"x.bin", builder::sample_content(100, 3), HpiMethod::zlib});
  auto archive = builder::build_hpi_plain(spec);
  archive.put_u32(archive.at("record:x.bin") + 4, 200);
  const FileReport report = check_hpi(archive.bytes);
  const auto sizes = find_all(report, "hpi.chunk-size");
  ASSERT_EQ(sizes.size(), 2u) << describe(report);
  EXPECT_EQ(sizes[0]->offset, archive.at("chunk:x.bin[0]") + 11);  // declares 100, 200 expected
  EXPECT_EQ(sizes[1]->offset, archive.at("chunk:x.bin[0]") + 19);  // produces 100
  EXPECT_NE(sizes[1]->message.find("produces 100"), std::string::npos) << sizes[1]->message;
}

TEST(HpiChunkRules, ZlibStreamCorrupt) {
  auto archive = builder::build_hpi_plain(two_chunk_spec());
  const std::uint64_t body = archive.at("chunk:x.bin[0]") + 19;
  for (std::uint64_t i = 2; i < 12; ++i) archive.put_u8(body + i, 0xFF);
  const FileReport report = check_hpi(archive.bytes);
  const Finding* finding = find_finding(report, "hpi.chunk-stream");
  ASSERT_NE(finding, nullptr) << describe(report);
  EXPECT_EQ(finding->path, "x.bin/chunk[0]");
  EXPECT_GE(finding->offset, body);
  EXPECT_NE(finding->message.find("zlib data error"), std::string::npos);
}

TEST(HpiChunkRules, Lz77BackReferenceBeforeTheStartOfOutput) {
  builder::HpiSpec spec;
  spec.files.push_back({"x.bin", builder::sample_content(100, 3), HpiMethod::lz77});
  auto archive = builder::build_hpi_plain(spec);
  const std::uint64_t chunk = archive.at("chunk:x.bin[0]");
  // First flag: copy 2 bytes from window offset 0x10, before anything was written.
  archive.put_u8(chunk + 19, 0x01);
  archive.put_u16(chunk + 20, 0x0100);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.chunk-stream", chunk + 20, "x.bin/chunk[0]");
  EXPECT_NE(find_finding(report, "hpi.chunk-stream")->message.find("uninitialised"),
            std::string::npos);
}

TEST(HpiChunkRules, Lz77StreamWithoutEndMarker) {
  builder::HpiSpec spec;
  spec.files.push_back({"x.bin", builder::sample_content(100, 3), HpiMethod::lz77});
  auto archive = builder::build_hpi_plain(spec);
  const std::uint64_t chunk = archive.at("chunk:x.bin[0]");
  // Shorten the body by its two end-marker bytes; the checksum is left as is.
  archive.put_u32(chunk + 7, static_cast<std::uint32_t>(archive.at("footer") - chunk - 19 - 2));
  const FileReport report = check_hpi(archive.bytes);
  const Finding* finding = find_finding(report, "hpi.chunk-stream");
  ASSERT_NE(finding, nullptr) << describe(report);
  EXPECT_NE(finding->message.find("without its end"), std::string::npos) << finding->message;
}

TEST(HpiChunkRules, DeclaredExpansionAboveTheRatioBudget) {
  builder::HpiSpec spec;
  spec.files.push_back({"x.bin", std::vector<std::uint8_t>(65536, 0), HpiMethod::zlib});
  auto archive = builder::build_hpi_plain(spec);
  const std::uint64_t chunk = archive.at("chunk:x.bin[0]");
  archive.put_u32(chunk + 11, 0x40000000);  // 1 GiB from a few hundred bytes
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.ratio", chunk + 11, "x.bin/chunk[0]");
  EXPECT_FINDING(report, "budget.exceeded", chunk + 11, "x.bin/chunk[0]");
  EXPECT_EQ(report.budget_hit->kind, BudgetKind::chunk_ratio);
  EXPECT_EQ(report.verdict, Verdict::rejected);
  // The honest chunk of zeros expands under 1032:1, within the default budget.
  EXPECT_NO_FINDING(check_hpi(spec), "hpi.ratio");
}

TEST(HpiChunkRules, UnsafePaths) {
  auto spec = tidy_hpi();
  spec.files.push_back({"../evil.txt", {'x'}, HpiMethod::stored});
  auto archive = builder::build_hpi_plain(spec);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.path-traversal", archive.at("entry:../evil.txt"), "../evil.txt");
  EXPECT_EQ(find_finding(report, "hpi.path-traversal")->severity, Severity::error);

  EXPECT_FALSE(hpi::unsafe_path_reason("anims/armcom.gaf"));
  EXPECT_FALSE(hpi::unsafe_path_reason("a b/c..d/.hidden"));
  for (const char* path : {"..", "a/../b", "/etc/passwd", "a//b", "a/", "", "C:/x", "a/c:x",
                           "a\\..\\b", "./a", "a/b\x01"})
    EXPECT_TRUE(hpi::unsafe_path_reason(path).has_value()) << path;
}

TEST(HpiChunkRules, EmptyNameIsUnsafe) {
  auto archive = builder::build_hpi_plain(tidy_hpi());
  archive.put_u8(archive.at("name:readme.txt"), 0);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.path-traversal", archive.at("entry:readme.txt"), "");
}

TEST(HpiChunkRules, DuplicatePathsUnderCaseFolding) {
  auto spec = tidy_hpi();
  spec.files.push_back({"ANIMS/ArmCom.GAF", gaf_bytes({"OTHER"}), HpiMethod::zlib});
  auto archive = builder::build_hpi_plain(spec);
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.duplicate-path", archive.at("entry:ANIMS/ArmCom.GAF"),
                 "ANIMS/ArmCom.GAF");
  EXPECT_NE(find_finding(report, "hpi.duplicate-path")->message.find("'anims/armcom.gaf'"),
            std::string::npos);
  EXPECT_NO_FINDING(check_hpi(tidy_hpi()), "hpi.duplicate-path");
}

TEST(HpiChunkRules, UnclaimedBytesAreSlack) {
  auto spec = tidy_hpi();
  spec.footer = false;
  auto bytes = builder::build_hpi(spec).bytes;
  const std::uint64_t end = bytes.size();
  bytes.insert(bytes.end(), {0xDE, 0xAD, 0xBE, 0xEF});
  const FileReport report = check_hpi(bytes);
  EXPECT_FINDING(report, "hpi.slack", end, "slack");
  EXPECT_NE(find_finding(report, "hpi.slack")->message.find("DE AD BE EF"), std::string::npos);
  EXPECT_EQ(find_finding(report, "hpi.slack")->length, 4u);
}

TEST(HpiChunkRules, OverlappingMemberData) {
  builder::HpiSpec spec;
  spec.files.push_back({"a.txt", builder::sample_content(50, 1), HpiMethod::stored});
  spec.files.push_back({"b.txt", builder::sample_content(50, 2), HpiMethod::stored});
  auto archive = builder::build_hpi_plain(spec);
  archive.put_u32(archive.at("record:b.txt"),
                  static_cast<std::uint32_t>(archive.at("data:a.txt") + 10));
  const FileReport report = check_hpi(archive.bytes);
  EXPECT_FINDING(report, "hpi.overlap", archive.at("data:a.txt") + 10, "b.txt");
  EXPECT_EQ(find_finding(report, "hpi.overlap")->length, 40u);
  EXPECT_FINDING(report, "hpi.slack", archive.at("data:b.txt") + 10, "slack");
}

TEST(HpiChunkRules, MemberDataInsideTheDirectoryOverlaps) {
  auto archive = builder::build_hpi_plain(tidy_hpi());
  archive.put_u32(archive.at("record:readme.txt"), 0x20);
  const FileReport report = check_hpi(archive.bytes);
  const Finding* finding = find_finding(report, "hpi.overlap");
  ASSERT_NE(finding, nullptr) << describe(report);
  EXPECT_NE(finding->message.find("directory block"), std::string::npos) << finding->message;
}

}  // namespace
}  // namespace gafcheck::testing
