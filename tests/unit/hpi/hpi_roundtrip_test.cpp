// Archives written by the test-side writer read back byte for byte: v1 with and without the XOR
// layer, stored / LZ77 / zlib members, obfuscated chunks, multi-chunk members, v2 with stored and
// compressed directories. Each is also checked clean.
#include "tests/support/hpi_helpers.hpp"
#include "validator/hpi/member_reader.hpp"

namespace gafcheck::testing {
namespace {

using builder::HpiMethod;

std::vector<builder::HpiFileSpec> members_of_every_size(HpiMethod method, bool obfuscate) {
  std::vector<builder::HpiFileSpec> files;
  std::uint32_t seed = 1;
  for (const std::size_t size : {0u, 1u, 65535u, 65536u, 65537u, 200000u}) {
    builder::HpiFileSpec file;
    file.path = "data/size" + std::to_string(size) + ".bin";
    file.data = builder::sample_content(size, seed++);
    file.method = method;
    file.obfuscate_chunks = obfuscate;
    files.push_back(std::move(file));
  }
  files.push_back({"anims/armcom.gaf", gaf_bytes({"ARMCOM", "ARMCOM2"}), method, obfuscate});
  return files;
}

void expect_round_trip(const builder::HpiSpec& spec, const std::string& label) {
  const auto archive = builder::build_hpi(spec).bytes;
  const hpi::MemberReader reader(ByteView(archive.data(), archive.size()), BudgetLimits());
  ASSERT_TRUE(reader.is_archive()) << label;
  ASSERT_EQ(reader.members().size(), spec.files.size()) << label;
  for (const builder::HpiFileSpec& file : spec.files) {
    std::size_t found = reader.members().size();
    for (std::size_t i = 0; i < reader.members().size(); ++i)
      if (reader.members()[i].path == file.path) found = i;
    ASSERT_LT(found, reader.members().size()) << label << ": no member " << file.path;
    const auto bytes = reader.read(found);
    ASSERT_TRUE(bytes.has_value()) << label << ": " << file.path;
    EXPECT_TRUE(*bytes == file.data) << label << ": " << file.path << " differs";
    const hpi::DecodedMember checked = reader.read_checked(found);
    EXPECT_TRUE(checked.exact()) << label << ": " << file.path << " decodes damaged";
    EXPECT_TRUE(checked.bytes && *checked.bytes == file.data) << label << ": " << file.path;
  }
  const FileReport report = check_hpi(archive);
  EXPECT_EQ(report.format, Format::hpi);
  EXPECT_EQ(report.verdict, Verdict::clean) << label << ": " << describe(report);
  EXPECT_TRUE(report.findings.empty()) << label << ": " << describe(report);
}

TEST(HpiRoundTrip, V1EveryMethodWithAndWithoutEncryption) {
  for (const HpiMethod method : {HpiMethod::stored, HpiMethod::lz77, HpiMethod::zlib}) {
    for (const std::uint32_t key : {0u, 0x7Du, 0xFFu}) {
      for (const bool obfuscate : {false, true}) {
        builder::HpiSpec spec;
        spec.key = key;
        spec.files = members_of_every_size(method, obfuscate);
        expect_round_trip(spec, "method " + std::to_string(static_cast<int>(method)) + " key " +
                                    std::to_string(key) + (obfuscate ? " obfuscated" : ""));
      }
    }
  }
}

TEST(HpiRoundTrip, V2StoredAndZlibWithPlainAndCompressedDirectory) {
  for (const bool compress_directory : {false, true}) {
    builder::HpiSpec spec;
    spec.version = 0x00020000;
    spec.compress_directory = compress_directory;
    spec.files = members_of_every_size(HpiMethod::zlib, false);
    spec.files[0].method = HpiMethod::stored;
    spec.files[3].method = HpiMethod::stored;
    spec.files.push_back({"a/b/c/deep.txt", builder::sample_content(10, 3), HpiMethod::zlib});
    expect_round_trip(spec, compress_directory ? "v2 compressed directory" : "v2");
  }
}

TEST(HpiRoundTrip, V2FilesSplitIntoChunksBackToBack) {
  // What readers written against retail TA: Kingdoms archives expect for large files.
  for (const HpiMethod method : {HpiMethod::zlib, HpiMethod::lz77}) {
    builder::HpiSpec spec;
    spec.version = 0x00020000;
    spec.v2_chunk_size = 65536;
    spec.files = members_of_every_size(method, false);
    expect_round_trip(spec, "v2 chunked, method " + std::to_string(static_cast<int>(method)));
    // The member list names the chunks' method, not the one the spec expects.
    const FileReport report = check_hpi(builder::build_hpi(spec).bytes);
    ASSERT_TRUE(report.members.has_value());
    EXPECT_EQ(report.members->back().method, method == HpiMethod::lz77 ? "lz77" : "zlib");
  }
}

TEST(HpiRoundTrip, TheReportListsEveryMember) {
  const FileReport report = check_hpi(tidy_hpi());
  ASSERT_TRUE(report.members.has_value());
  ASSERT_EQ(report.members->size(), 3u);
  const ArchiveMember& gaf = (*report.members)[0];
  EXPECT_EQ(gaf.path, "anims/armcom.gaf");
  EXPECT_EQ(gaf.method, "zlib");
  EXPECT_EQ(gaf.format, Format::gaf);
  EXPECT_FALSE(gaf.encrypted);
  EXPECT_GT(gaf.compressed_size, 19u);
  const ArchiveMember& big = (*report.members)[2];
  EXPECT_EQ(big.path, "scripts/big.txt");
  EXPECT_EQ(big.method, "lz77");
  EXPECT_EQ(big.size, 140000u);
  EXPECT_EQ(big.format, Format::unknown);
  EXPECT_EQ(report.summary.get("members"), 3u);
  EXPECT_EQ(report.summary.get("directories"), 3u);
  EXPECT_EQ(report.summary.get("lz77_members"), 1u);
  EXPECT_EQ(report.summary.get("decompressed_bytes"), 140000u + 9u + gaf.size);
}

TEST(HpiRoundTrip, EncryptionIsListedPerMember) {
  auto spec = tidy_hpi();
  spec.files[0].obfuscate_chunks = true;
  const FileReport plain = check_hpi(spec);
  EXPECT_TRUE((*plain.members)[0].encrypted);
  EXPECT_FALSE((*plain.members)[1].encrypted);
  spec.key = 0x42;
  const FileReport encrypted = check_hpi(spec);
  for (const ArchiveMember& member : *encrypted.members) EXPECT_TRUE(member.encrypted);
  EXPECT_EQ(encrypted.verdict, Verdict::clean) << describe(encrypted);
}

// What extract refuses: a member that decodes, but not as packed, carries the error findings
// check reports for it; a member that decodes exactly carries none.
TEST(HpiRoundTrip, ReadCheckedNamesTheDamageOfAMemberThatDoesNotDecodeExactly) {
  const auto damaged_member = [](const std::string& label, std::uint64_t field, int change) {
    builder::BuiltFile archive = builder::build_hpi(tidy_hpi());
    const std::uint64_t at = archive.at(label) + field;
    archive.put_u32(
        at, static_cast<std::uint32_t>(archive.bytes[at] | archive.bytes[at + 1] << 8 |
                                       archive.bytes[at + 2] << 16 | archive.bytes[at + 3] << 24) +
                change);
    const hpi::MemberReader reader(ByteView(archive.bytes.data(), archive.bytes.size()),
                                   BudgetLimits());
    std::vector<std::string> rules;
    for (std::size_t i = 0; i < reader.members().size(); ++i) {
      const hpi::DecodedMember member = reader.read_checked(i);
      if (member.exact()) continue;
      rules.push_back(reader.members()[i].path + ":" + std::to_string(member.damage_count));
      for (const Finding& finding : member.damage)
        rules.push_back(std::string(rule_name(finding.rule)));
    }
    return rules;
  };
  // The chunk's checksum field (+15), then its declared decompressed size (+11).
  EXPECT_EQ(damaged_member("chunk:anims/armcom.gaf[0]", 15, 1),
            (std::vector<std::string>{"anims/armcom.gaf:1", "hpi.chunk-checksum"}));
  const auto sized = damaged_member("chunk:anims/armcom.gaf[0]", 11, -1);
  ASSERT_FALSE(sized.empty());
  EXPECT_EQ(sized[0].substr(0, 17), "anims/armcom.gaf:");
  EXPECT_EQ(sized[1], "hpi.chunk-size");
  // Control: the archive as built decodes exactly.
  EXPECT_TRUE(damaged_member("chunk:anims/armcom.gaf[0]", 15, 0).empty());
}

}  // namespace
}  // namespace gafcheck::testing
