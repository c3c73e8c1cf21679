// render -j's --max-images order: an input is drawn ahead of its turn only when the most records
// it and every input before it can list stay under the bound, and it learns that only once every
// earlier input has stated its bound (or settled without one).
#include <gtest/gtest.h>

#include <future>

#include "validator/render/render_record_bounds.hpp"

namespace gafcheck::testing {
namespace {

TEST(RecordBounds, FitsWhileTheBoundsUpToAnInputStayUnderTheMaximum) {
  RecordBounds bounds(4, 10);
  EXPECT_TRUE(bounds.fits(0, 4));
  EXPECT_TRUE(bounds.fits(1, 5));   // 9 < 10
  EXPECT_FALSE(bounds.fits(2, 1));  // 10 reaches the maximum: drawn in its turn
  EXPECT_FALSE(bounds.fits(3, 0));  // and so is everything after it
}

TEST(RecordBounds, SettledInputsCountNothingAndSettlingAfterFitsChangesNothing) {
  RecordBounds bounds(3, 10);
  bounds.settle(0);  // an input that could not be read
  EXPECT_TRUE(bounds.fits(1, 9));
  bounds.settle(1);
  EXPECT_FALSE(bounds.fits(2, 1));  // 0 + 9 + 1
}

TEST(RecordBounds, ALaterInputWaitsForEveryEarlierBound) {
  RecordBounds bounds(2, 100);
  // Input 1 asks first; its answer counts input 0's bound, set after it asked.
  auto later = std::async(std::launch::async, [&] { return bounds.fits(1, 50); });
  EXPECT_TRUE(bounds.fits(0, 60));
  EXPECT_FALSE(later.get());  // 60 + 50
}

TEST(RecordBounds, HugeBoundsSaturate) {
  RecordBounds bounds(2, UINT64_MAX);
  EXPECT_FALSE(bounds.fits(0, UINT64_MAX));
  EXPECT_FALSE(bounds.fits(1, 1));
}

}  // namespace
}  // namespace gafcheck::testing
