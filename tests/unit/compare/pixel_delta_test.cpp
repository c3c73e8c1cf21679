// How two drawings of a frame differ: counted over the places either drawing shows a pixel, never
// over the empty span between two drawings far apart.
#include "validator/compare/pixel_delta.hpp"

#include <gtest/gtest.h>

#include <chrono>

namespace gafcheck::compare {
namespace {

DrawnImage one_pixel(std::int64_t left, std::int64_t top, DrawnPixel pixel) {
  DrawnImage image;
  image.left = left;
  image.top = top;
  image.width = 1;
  image.height = 1;
  image.pixels = {pixel};
  return image;
}

TEST(PixelDelta, DrawingsFarApartCostTheirOwnPixelsNotTheSpanBetweenThem) {
  // Origins at the ends of the 16-bit range and 65,535 x 65,535 frames: the union of the two
  // boxes holds over 17 billion places, of which two show a pixel.
  const DrawnImage before = one_pixel(-65535 - 32768, -65535 - 32768, paletted_pixel_flag | 7);
  const DrawnImage after = one_pixel(65535 + 32767, 65535 + 32767, paletted_pixel_flag | 7);
  const auto start = std::chrono::steady_clock::now();
  const PixelDelta delta = compare_pixels(before, after);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  EXPECT_EQ(delta.differing, 2u);
  EXPECT_EQ(delta.box.left, -65535 - 32768);
  EXPECT_EQ(delta.box.top, -65535 - 32768);
  EXPECT_EQ(delta.box.width, 2u * 65535 + 32767 + 32768 + 1);
  EXPECT_EQ(delta.box.height, 2u * 65535 + 32767 + 32768 + 1);
  EXPECT_FALSE(delta.remap.has_value());
}

TEST(PixelDelta, OverlappingDrawingsCountEachPlaceOnce) {
  DrawnImage before;
  before.width = 2;
  before.height = 1;
  before.pixels = {paletted_pixel_flag | 3, paletted_pixel_flag | 4};
  DrawnImage after;
  after.left = 1;
  after.width = 2;
  after.height = 1;
  after.pixels = {paletted_pixel_flag | 4, paletted_pixel_flag | 5};
  const PixelDelta delta = compare_pixels(before, after);
  EXPECT_EQ(delta.differing, 2u);  // (0,0) lost its pixel, (2,0) gained one; (1,0) is the same
  EXPECT_EQ(delta.box.left, 0);
  EXPECT_EQ(delta.box.width, 3u);
  EXPECT_EQ(delta.box.height, 1u);
}

TEST(PixelDelta, ARecolourOfEveryPixelOfAnIndexIsARemap) {
  const PixelDelta delta = compare_pixels(one_pixel(4, 5, paletted_pixel_flag | 3),
                                          one_pixel(4, 5, paletted_pixel_flag | 9));
  EXPECT_EQ(delta.differing, 1u);
  ASSERT_TRUE(delta.remap.has_value());
  EXPECT_EQ(delta.remap->from, 3);
  EXPECT_EQ(delta.remap->to, 9);
  EXPECT_EQ(compare_pixels(DrawnImage{}, DrawnImage{}).differing, 0u);
}

}  // namespace
}  // namespace gafcheck::compare
