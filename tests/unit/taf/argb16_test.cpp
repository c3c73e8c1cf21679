// ARGB4444 / ARGB1555 widening (docs/format/gaf.md §7), checked for all 65,536 values of each
// format against the bit layouts and bit-replication formulas of the format documents.
#include <gtest/gtest.h>

#include "validator/taf/argb16.hpp"

namespace gafcheck::taf {
namespace {

TEST(Argb16, Argb4444WidensEveryValueByNibbleReplication) {
  for (unsigned v = 0; v <= 0xFFFF; ++v) {
    const unsigned a = v >> 12 & 0xF, r = v >> 8 & 0xF, g = v >> 4 & 0xF, b = v & 0xF;
    const Rgba8 pixel = expand_argb4444(static_cast<std::uint16_t>(v));
    ASSERT_EQ(pixel.a, (a << 4) | a) << v;
    ASSERT_EQ(pixel.r, (r << 4) | r) << v;
    ASSERT_EQ(pixel.g, (g << 4) | g) << v;
    ASSERT_EQ(pixel.b, (b << 4) | b) << v;
    // v<<4 | v is v * 17, and >> 4 gets the nibble back: the widening is exactly invertible.
    ASSERT_EQ(pixel.r, r * 17) << v;
    const unsigned packed =
        (pixel.a >> 4) << 12 | (pixel.r >> 4) << 8 | (pixel.g >> 4) << 4 | (pixel.b >> 4);
    ASSERT_EQ(packed, v);
  }
}

TEST(Argb16, Argb1555WidensEveryValueByFiveBitReplication) {
  for (unsigned v = 0; v <= 0xFFFF; ++v) {
    const unsigned a = v >> 15, r = v >> 10 & 0x1F, g = v >> 5 & 0x1F, b = v & 0x1F;
    const Rgba8 pixel = expand_argb1555(static_cast<std::uint16_t>(v));
    ASSERT_EQ(pixel.a, a ? 0xFFu : 0x00u) << v;
    ASSERT_EQ(pixel.r, (r << 3) | (r >> 2)) << v;
    ASSERT_EQ(pixel.g, (g << 3) | (g >> 2)) << v;
    ASSERT_EQ(pixel.b, (b << 3) | (b >> 2)) << v;
    const unsigned packed =
        (pixel.a >> 7) << 15 | (pixel.r >> 3) << 10 | (pixel.g >> 3) << 5 | (pixel.b >> 3);
    ASSERT_EQ(packed, v);
  }
}

TEST(Argb16, ChannelsSpanTheFullRangeMonotonically) {
  EXPECT_EQ(widen4(0x0), 0x00);
  EXPECT_EQ(widen4(0xF), 0xFF);
  EXPECT_EQ(widen5(0), 0);
  EXPECT_EQ(widen5(31), 255);
  EXPECT_EQ(widen5(16), 132);  // 10000b -> 10000100b
  for (unsigned v = 1; v < 16; ++v) EXPECT_GT(widen4(v), widen4(v - 1));
  for (unsigned v = 1; v < 32; ++v) EXPECT_GT(widen5(v), widen5(v - 1));
}

TEST(Argb16, AlphaClassesSplitTransparentOpaqueAndSoft) {
  EXPECT_EQ(classify_alpha(expand_argb4444(0x0FFF).a), AlphaClass::transparent);
  EXPECT_EQ(classify_alpha(expand_argb4444(0xF000).a), AlphaClass::opaque);
  EXPECT_EQ(classify_alpha(expand_argb4444(0x1000).a), AlphaClass::soft);
  EXPECT_EQ(classify_alpha(expand_argb4444(0xE000).a), AlphaClass::soft);
  EXPECT_EQ(classify_alpha(expand_argb1555(0x7FFF).a), AlphaClass::transparent);
  EXPECT_EQ(classify_alpha(expand_argb1555(0x8000).a), AlphaClass::opaque);
}

}  // namespace
}  // namespace gafcheck::taf
