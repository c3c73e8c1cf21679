#include <gtest/gtest.h>

#include <vector>

#include "validator/core/byte_view.hpp"
#include "validator/core/checked_math.hpp"

namespace gafcheck {
namespace {

const std::vector<std::uint8_t> bytes = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06};

TEST(ByteView, ReadsLittleEndianInsideBounds) {
  const ByteView view(bytes.data(), bytes.size());
  EXPECT_EQ(view.u8(0), 0x01);
  EXPECT_EQ(view.u16le(0), 0x0201);
  EXPECT_EQ(view.u32le(2), 0x06050403u);
  EXPECT_EQ(view.i16le(4), 0x0605);
}

TEST(ByteView, RefusesReadsThatCrossTheEnd) {
  const ByteView view(bytes.data(), bytes.size());
  EXPECT_FALSE(view.u8(6).has_value());
  EXPECT_FALSE(view.u16le(5).has_value());
  EXPECT_FALSE(view.u32le(3).has_value());
  EXPECT_TRUE(view.u32le(2).has_value());
}

TEST(ByteView, OffsetArithmeticCannotWrap) {
  const ByteView view(bytes.data(), bytes.size());
  EXPECT_FALSE(view.contains(UINT64_MAX, 2));
  EXPECT_FALSE(view.contains(2, UINT64_MAX));
  EXPECT_FALSE(view.u32le(UINT64_MAX - 1).has_value());
  EXPECT_FALSE(view.sub(1, UINT64_MAX).has_value());
  EXPECT_FALSE(checked_add(UINT64_MAX, 1).has_value());
  EXPECT_FALSE(checked_mul(UINT64_MAX / 2, 3).has_value());
  EXPECT_EQ(saturating_add(UINT64_MAX, 5), UINT64_MAX);
}

TEST(ByteView, SubViewsAreRelativeAndBounded) {
  const ByteView view(bytes.data(), bytes.size());
  const auto middle = view.sub(2, 3);
  ASSERT_TRUE(middle.has_value());
  EXPECT_EQ(middle->size(), 3u);
  EXPECT_EQ(middle->u8(0), 0x03);
  EXPECT_FALSE(middle->u8(3).has_value());
  EXPECT_TRUE(view.sub(6, 0).has_value());
  EXPECT_FALSE(view.sub(7, 0).has_value());
  EXPECT_EQ(view.tail(6)->size(), 0u);
  EXPECT_FALSE(view.tail(7).has_value());
}

TEST(ByteView, EmptyViewRefusesEverything) {
  const ByteView view;
  EXPECT_TRUE(view.empty());
  EXPECT_FALSE(view.u8(0).has_value());
  EXPECT_TRUE(view.contains(0, 0));
  EXPECT_FALSE(view.contains(0, 1));
  EXPECT_FALSE(view.find_byte(0, 0, 0).has_value());
}

TEST(ByteView, FindsBytesOnlyInsideTheRange) {
  const ByteView view(bytes.data(), bytes.size());
  EXPECT_EQ(view.find_byte(0, 6, 0x05), 4u);
  EXPECT_FALSE(view.find_byte(0, 4, 0x05).has_value());
  EXPECT_FALSE(view.find_byte(4, 3, 0x05).has_value());
}

TEST(ByteView, CopiesOnlyWholeRanges) {
  const ByteView view(bytes.data(), bytes.size());
  std::vector<std::uint8_t> out(4);
  EXPECT_TRUE(view.copy_to(2, out));
  EXPECT_EQ(out[3], 0x06);
  EXPECT_FALSE(view.copy_to(3, out));
}

}  // namespace
}  // namespace gafcheck
