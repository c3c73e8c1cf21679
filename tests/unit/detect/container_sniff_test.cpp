// Containers gafcheck does not open (format.container): each one's magic bytes, named on its own
// and whatever follows them; the engine's own extensions keep the format checks; a GAF is never
// taken for one.
#include <string>
#include <vector>

#include "tests/support/check_helpers.hpp"
#include "validator/detect/sniff.hpp"

namespace gafcheck::testing {
namespace {

struct ContainerSample {
  const char* kind;
  std::vector<std::uint8_t> bytes;
  std::uint64_t magic_end;  // offset + length of the magic
};

std::vector<std::uint8_t> magic_bytes(std::initializer_list<int> values, std::size_t size = 64) {
  std::vector<std::uint8_t> bytes;
  for (const int value : values) bytes.push_back(static_cast<std::uint8_t>(value));
  bytes.resize(std::max(size, bytes.size()), 0x20);
  return bytes;
}

std::vector<std::uint8_t> tar_with_magic(const char* magic) {
  std::vector<std::uint8_t> bytes(1024, 0);
  const std::string name = "units/armcom.gaf";
  std::copy(name.begin(), name.end(), bytes.begin());
  for (std::size_t i = 0; magic[i] != 0; ++i) bytes[257 + i] = static_cast<std::uint8_t>(magic[i]);
  return bytes;
}

std::vector<ContainerSample> container_samples() {
  return {
      {"ZIP archive", magic_bytes({'P', 'K', 3, 4, 20, 0}), 4},
      {"ZIP archive", magic_bytes({'P', 'K', 5, 6}, 22), 4},              // an empty archive
      {"ZIP archive", magic_bytes({'P', 'K', 7, 8, 'P', 'K', 3, 4}), 4},  // spanned
      {"7z archive", magic_bytes({'7', 'z', 0xBC, 0xAF, 0x27, 0x1C, 0, 4}), 6},
      {"RAR archive", magic_bytes({'R', 'a', 'r', '!', 0x1A, 7, 0}), 7},
      {"RAR archive", magic_bytes({'R', 'a', 'r', '!', 0x1A, 7, 1, 0}), 8},
      {"gzip stream", magic_bytes({0x1F, 0x8B, 8, 0}), 3},
      {"bzip2 stream", magic_bytes({'B', 'Z', 'h', '9', '1', 'A', 'Y'}), 4},
      {"xz stream", magic_bytes({0xFD, '7', 'z', 'X', 'Z', 0}), 6},
      {"zstd stream", magic_bytes({0x28, 0xB5, 0x2F, 0xFD}), 4},
      {"tar archive", tar_with_magic("ustar"), 262},    // POSIX: "ustar\0" "00"
      {"tar archive", tar_with_magic("ustar  "), 262},  // GNU: "ustar  \0"
  };
}

TEST(ContainerSniff, EachMagicIsNamed) {
  for (const ContainerSample& sample : container_samples()) {
    const auto found = sniff_container(ByteView(sample.bytes.data(), sample.bytes.size()));
    ASSERT_TRUE(found) << sample.kind;
    EXPECT_EQ(found->kind, sample.kind);
    EXPECT_EQ(found->offset + found->length, sample.magic_end) << sample.kind;
  }
}

TEST(ContainerSniff, NearMissesAndGameFilesAreNotContainers) {
  const std::vector<std::vector<std::uint8_t>> others = {
      magic_bytes({'P', 'K', 1, 2}),      // not a ZIP record
      magic_bytes({'B', 'Z', 'h', '0'}),  // bzip2 levels are 1-9
      magic_bytes({0x1F, 0x8B, 7}),       // gzip defines only deflate
      magic_bytes({'R', 'a', 'r', '!', 0x1A, 7, 2}),
      magic_bytes({'H', 'A', 'P', 'I'}),  // the game's own archive
      builder::build_gaf(simple_spec()).bytes,
      {},
  };
  for (const auto& bytes : others)
    EXPECT_FALSE(sniff_container(ByteView(bytes.data(), bytes.size())));
  const std::vector<std::uint8_t> short_tar(200, 0);  // the ustar magic lies past its end
  EXPECT_FALSE(sniff_container(ByteView(short_tar.data(), short_tar.size())));
}

TEST(ContainerSniff, AContainerIsReportedNotOpened) {
  for (const ContainerSample& sample : container_samples()) {
    const FileReport report = check(sample.bytes, {}, "upload.bin");
    EXPECT_FINDING(report, "format.container", 0, "");
    EXPECT_NO_FINDING(report, "format.unknown");
    EXPECT_EQ(report.verdict, Verdict::errors) << sample.kind;
    ASSERT_EQ(report.findings.size(), 1u) << sample.kind;
    EXPECT_EQ(report.findings[0].length, sample.magic_end) << sample.kind;
    EXPECT_NE(report.findings[0].message.find(std::string("not opened: a ") + sample.kind),
              std::string::npos)
        << report.findings[0].message;
  }
}

TEST(ContainerSniff, AGameExtensionKeepsTheFormatChecks) {
  // The engine loads a .gaf or an .hpi whatever it holds: it is checked as that format, and the
  // message names the container it holds.
  const std::vector<std::uint8_t> zip = magic_bytes({'P', 'K', 3, 4, 20, 0}, 200);
  for (const char* name : {"x.gaf", "units/x.hpi", "y.ufo"}) {
    const FileReport report = check(zip, {}, name);
    EXPECT_NO_FINDING(report, "format.container");
  }
  const FileReport hpi = check(zip, {}, "units/x.hpi");
  EXPECT_FINDING(hpi, "format.unknown", 0, "");
  bool named = false;
  for (const Finding& finding : hpi.findings)
    named = named || finding.message.find("it holds a ZIP archive") != std::string::npos;
  EXPECT_TRUE(named);
}

TEST(ContainerSniff, AGafIsCheckedAsBefore) {
  const FileReport report = check(builder::build_gaf(simple_spec()).bytes, {}, "armcom.gaf");
  EXPECT_NO_FINDING(report, "format.container");
  EXPECT_NO_FINDING(report, "format.unknown");
  EXPECT_EQ(report.format, Format::gaf);
}

}  // namespace
}  // namespace gafcheck::testing
