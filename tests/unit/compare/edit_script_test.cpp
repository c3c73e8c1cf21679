// The frame alignment: a shortest edit script (checked against the LCS length by dynamic
// programming on many small random sequences), in order, and bounded in work.
#include "validator/compare/edit_script.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace gafcheck::compare {
namespace {

using Items = std::vector<std::uint64_t>;

std::size_t longest_common_subsequence(const Items& a, const Items& b) {
  std::vector<std::vector<std::size_t>> table(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j)
      table[i][j] = a[i - 1] == b[j - 1] ? table[i - 1][j - 1] + 1
                                         : std::max(table[i - 1][j], table[i][j - 1]);
  return table[a.size()][b.size()];
}

// Every old and new index appears once, in order, and kept items are equal.
void expect_valid(const Items& a, const Items& b, const EditScript& script) {
  std::size_t next_old = 0, next_new = 0;
  for (const Edit& edit : script.edits) {
    if (edit.kind != EditKind::insert) {
      ASSERT_EQ(edit.old_index, next_old);
      ++next_old;
    }
    if (edit.kind != EditKind::remove) {
      ASSERT_EQ(edit.new_index, next_new);
      ++next_new;
    }
    if (edit.kind == EditKind::keep) {
      ASSERT_EQ(a[edit.old_index], b[edit.new_index]);
    }
  }
  EXPECT_EQ(next_old, a.size());
  EXPECT_EQ(next_new, b.size());
}

std::size_t kept(const EditScript& script) {
  std::size_t count = 0;
  for (const Edit& edit : script.edits) count += edit.kind == EditKind::keep;
  return count;
}

TEST(EditScript, IsShortestOnRandomSequences) {
  std::mt19937 random(20261203);
  for (int round = 0; round < 2000; ++round) {
    std::uniform_int_distribution<int> length(0, 14), symbol(0, 1 + round % 5);
    Items a(static_cast<std::size_t>(length(random))), b(static_cast<std::size_t>(length(random)));
    for (auto& item : a) item = static_cast<std::uint64_t>(symbol(random));
    for (auto& item : b) item = static_cast<std::uint64_t>(symbol(random));
    const EditScript script = edit_script(a, b);
    expect_valid(a, b, script);
    EXPECT_FALSE(script.positional);
    EXPECT_EQ(kept(script), longest_common_subsequence(a, b)) << "round " << round;
  }
}

TEST(EditScript, InsertedFrameLeavesTheOthersKept) {
  const Items a{10, 11, 12, 13, 14};
  const Items b{10, 11, 99, 12, 13, 14};
  const EditScript script = edit_script(a, b);
  ASSERT_EQ(script.edits.size(), 6u);
  EXPECT_EQ(script.edits[2].kind, EditKind::insert);
  EXPECT_EQ(script.edits[2].new_index, 2u);
  EXPECT_EQ(kept(script), 5u);
}

TEST(EditScript, MovedFrameIsOneRemovalAndOneInsertion) {
  const Items a{1, 2, 3, 4, 5, 6};
  const Items b{1, 3, 4, 5, 6, 2};
  const EditScript script = edit_script(a, b);
  expect_valid(a, b, script);
  EXPECT_EQ(kept(script), 5u);
  EXPECT_EQ(script.edits.size(), 7u);
}

TEST(EditScript, IdenticalSequencesAreAllKept) {
  const Items a{4, 4, 7, 1};
  const EditScript script = edit_script(a, a);
  EXPECT_EQ(kept(script), a.size());
  EXPECT_EQ(script.edits.size(), a.size());
}

TEST(EditScript, PastTheWorkBoundAlignsByPosition) {
  Items a(3000), b(3000);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = i, b[i] = 100000 + i;
  b[1500] = a[1500];
  const EditScript script = edit_script(a, b, 100000);
  EXPECT_TRUE(script.positional);
  expect_valid(a, b, script);
  EXPECT_EQ(kept(script), 1u) << "the one equal pair at the same position";
  const EditScript control = edit_script(a, b);
  EXPECT_FALSE(control.positional) << "within the default bound";
}

}  // namespace
}  // namespace gafcheck::compare
