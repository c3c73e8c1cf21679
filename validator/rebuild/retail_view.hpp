#pragma once
// What the game shows of a sprite file, for comparing an input with its rebuild (the game must
// draw the rebuild as it draws the input): every entry it can reach (loaded by the count as the
// game reads it, the first of names equal under its folding), with its name, loop flag, and every
// frame's duration, origin and retail pixels. The fuzz target and the tests compare two views.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/core/budget.hpp"
#include "validator/core/byte_view.hpp"

namespace gafcheck::rebuild {

struct ViewFrame {
  std::uint32_t duration = 0;
  bool drawn = false;  // the retail renderer drew a canvas
  std::uint32_t width = 0, height = 0;
  std::int64_t x_offset = 0, y_offset = 0;
  std::vector<int> pixels;  // palette index, or -1 where transparent
  bool operator==(const ViewFrame&) const = default;
};

struct ViewEntry {
  std::string name;  // up to the first NUL, at most 31 bytes (as a rebuild writes it)
  bool loops = false;
  std::vector<ViewFrame> frames;
  bool operator==(const ViewEntry&) const = default;
};

struct RetailView {
  std::vector<ViewEntry> entries;
  bool operator==(const RetailView&) const = default;
};

RetailView retail_view(ByteView file, std::string_view path, const BudgetLimits& limits);

// The first difference between two views, in words, or nullopt when they are equal.
std::optional<std::string> first_difference(const RetailView& in, const RetailView& out);

}  // namespace gafcheck::rebuild
