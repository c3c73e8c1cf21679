// Palette files for gafcheck render: each format made here byte by byte, the colours
// they give, and the reasons a bad one is refused.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "validator/render/palette_reader.hpp"

namespace gafcheck::render {
namespace {

Result<PaletteFile> read(const std::vector<std::uint8_t>& bytes) {
  return read_palette(ByteView(bytes.data(), bytes.size()));
}
Result<PaletteFile> read(const std::string& text) {
  return read_palette(ByteView(text));
}

// Colour i of the test palettes: (i, 255 - i, i * 7 mod 256).
Rgb colour(int i) {
  return {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(255 - i),
          static_cast<std::uint8_t>(i * 7)};
}

std::vector<std::uint8_t> triples(int stride) {
  std::vector<std::uint8_t> bytes;
  for (int i = 0; i < 256; ++i) {
    const Rgb c = colour(i);
    bytes.insert(bytes.end(), {c.r, c.g, c.b});
    if (stride == 4) bytes.push_back(0);
  }
  return bytes;
}

void expect_test_colours(const Result<PaletteFile>& read, const std::string& format) {
  ASSERT_TRUE(read) << read.problem().message;
  EXPECT_EQ(read->format, format);
  EXPECT_FALSE(read->palette.forensic);
  for (int i = 0; i < 256; ++i) ASSERT_EQ(read->palette.colours[i], colour(i)) << "index " << i;
}

TEST(Palette, TaPalIs256QuadsOf1024Bytes) {
  expect_test_colours(read(triples(4)), "pal");
}

TEST(Palette, ActIs768BytesOr772WithACount) {
  expect_test_colours(read(triples(3)), "act");
  std::vector<std::uint8_t> counted = triples(3);
  counted.insert(counted.end(), {0x01, 0x00, 0xFF, 0xFF});  // 256 colours, no transparent index
  expect_test_colours(read(counted), "act");
  // A count of 16 takes 16 colours; the others keep the forensic palette's.
  counted[769] = 16;
  counted[768] = 0;
  const Result<PaletteFile> sixteen = read(counted);
  ASSERT_TRUE(sixteen);
  EXPECT_EQ(sixteen->palette.colours[15], colour(15));
  EXPECT_EQ(sixteen->palette.colours[16], forensic_palette().colours[16]);
  counted[768] = 0x02;  // 528 colours
  EXPECT_NE(read(counted).problem().message.find("colour count 528"), std::string::npos);
}

TEST(Palette, PcxTrailerAfterTheImage) {
  std::vector<std::uint8_t> pcx(128 + 10, 0);  // header and some image bytes
  pcx[0] = 0x0A;
  pcx[1] = 5;
  pcx[2] = 1;
  pcx.push_back(0x0C);
  const std::vector<std::uint8_t> colours = triples(3);
  pcx.insert(pcx.end(), colours.begin(), colours.end());
  expect_test_colours(read(pcx), "pcx");
  // Without the 0x0C marker it is a PCX with no 256-colour palette.
  pcx[pcx.size() - 769] = 0;
  EXPECT_NE(read(pcx).problem().message.find("PCX without a 256-colour palette"),
            std::string::npos);
}

TEST(Palette, JascText) {
  std::string text = "JASC-PAL\r\n0100\r\n256\r\n";
  for (int i = 0; i < 256; ++i) {
    const Rgb c = colour(i);
    text += std::to_string(c.r) + " " + std::to_string(c.g) + " " + std::to_string(c.b) + "\r\n";
  }
  expect_test_colours(read(text), "jasc");
  // LF line ends and a short palette.
  const Result<PaletteFile> two = read(std::string("JASC-PAL\n0100\n2\n1 2 3\n4 5 6\n"));
  ASSERT_TRUE(two) << two.problem().message;
  EXPECT_EQ(two->palette.colours[1], (Rgb{4, 5, 6}));
}

TEST(Palette, BadJascIsRefusedWithTheReason) {
  EXPECT_NE(read(std::string("JASC-PAL\n0200\n1\n1 2 3\n")).problem().message.find("0100"),
            std::string::npos);
  EXPECT_NE(
      read(std::string("JASC-PAL\n0100\n300\n")).problem().message.find("count from 1 to 256"),
      std::string::npos);
  EXPECT_NE(read(std::string("JASC-PAL\n0100\n2\n1 2 3\n"))
                .problem()
                .message.find("2 colours declared, 1"),
            std::string::npos);
  EXPECT_NE(read(std::string("JASC-PAL\n0100\n1\n1 2 256\n")).problem().message.find("line 4"),
            std::string::npos);
  EXPECT_NE(read(std::string("JASC-PAL\n0100\n1\n1 2 x3\n")).problem().message.find("line 4"),
            std::string::npos);
}

TEST(Palette, OtherSizesAreNotPalettes) {
  for (const std::size_t size : {0u, 1u, 767u, 769u, 1023u, 1025u}) {
    const Result<PaletteFile> result = read(std::vector<std::uint8_t>(size, 0x20));
    ASSERT_FALSE(result) << size;
    EXPECT_NE(result.problem().message.find("not a palette"), std::string::npos)
        << result.problem().message;
  }
}

TEST(Palette, ForensicColoursAreDistinct) {
  const Palette palette = forensic_palette();
  std::set<std::tuple<int, int, int>> seen;
  for (const Rgb& c : palette.colours) seen.insert({c.r, c.g, c.b});
  EXPECT_EQ(seen.size(), 256u);
  EXPECT_TRUE(palette.forensic);
  EXPECT_EQ(palette.colours[0], (Rgb{0, 0, 0}));
  // The key checker colours are not palette colours.
  EXPECT_FALSE(seen.count({key_checker_a.r, key_checker_a.g, key_checker_a.b}));
}

}  // namespace
}  // namespace gafcheck::render
