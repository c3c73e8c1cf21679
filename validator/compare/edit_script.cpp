#include "validator/compare/edit_script.hpp"

#include <algorithm>
#include <optional>
#include <utility>

namespace gafcheck::compare {
namespace {

struct Point {
  std::int64_t x = 0;  // index into the old sequence
  std::int64_t y = 0;  // index into the new sequence
};

struct Box {
  std::int64_t left, top, right, bottom;
  std::int64_t width() const { return right - left; }
  std::int64_t height() const { return bottom - top; }
  std::int64_t size() const { return width() + height(); }
  std::int64_t delta() const { return width() - height(); }
};

struct Snake {
  Point start, finish;
};

// Signals that the work bound was reached; caught by edit_script, which then aligns by position.
struct OutOfWork {};

class MyersAligner {
 public:
  MyersAligner(std::span<const std::uint64_t> old_items, std::span<const std::uint64_t> new_items,
               std::uint64_t max_work)
      : a_(old_items), b_(new_items), max_work_(max_work) {}

  // The points an optimal path passes through from the box's top-left to its bottom-right corner
  // (empty for an empty box). Each level halves the edit distance left: about log2(D) levels.
  std::vector<Point> find_path(const Box& box) {
    const std::optional<Snake> snake = midpoint(box);
    if (!snake) return {};
    std::vector<Point> head = find_path({box.left, box.top, snake->start.x, snake->start.y});
    std::vector<Point> tail = find_path({snake->finish.x, snake->finish.y, box.right, box.bottom});
    if (head.empty()) head.push_back(snake->start);
    if (tail.empty()) tail.push_back(snake->finish);
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
  }

  bool same(std::int64_t x, std::int64_t y) {
    spend();
    return a_[static_cast<std::size_t>(x)] == b_[static_cast<std::size_t>(y)];
  }

 private:
  void spend() {
    if (++work_ > max_work_) throw OutOfWork{};
  }

  // The middle snake of an optimal path through the box: searched from both corners at once,
  // d edits at a time, until the two searches overlap.
  std::optional<Snake> midpoint(const Box& box) {
    if (box.size() == 0) return std::nullopt;
    const std::int64_t max = (box.size() + 1) / 2;
    const std::int64_t origin = max + 1;  // diagonals -max-1 .. max+1 are indexed
    std::vector<std::int64_t> forward(static_cast<std::size_t>(2 * max + 3), 0);
    std::vector<std::int64_t> backward(forward.size(), 0);
    forward[static_cast<std::size_t>(origin + 1)] = box.left;
    backward[static_cast<std::size_t>(origin + 1)] = box.bottom;
    const auto at = [origin](std::vector<std::int64_t>& v, std::int64_t k) -> std::int64_t& {
      return v[static_cast<std::size_t>(origin + k)];
    };
    for (std::int64_t d = 0; d <= max; ++d) {
      for (std::int64_t k = d; k >= -d; k -= 2) {
        spend();
        const std::int64_t c = k - box.delta();
        std::int64_t x, px;
        if (k == -d || (k != d && at(forward, k - 1) < at(forward, k + 1))) {
          px = x = at(forward, k + 1);
        } else {
          px = at(forward, k - 1);
          x = px + 1;
        }
        std::int64_t y = box.top + (x - box.left) - k;
        const std::int64_t py = (d == 0 || x != px) ? y : y - 1;
        while (x < box.right && y < box.bottom && same(x, y)) ++x, ++y;
        at(forward, k) = x;
        if ((box.delta() & 1) != 0 && c >= -(d - 1) && c <= d - 1 && y >= at(backward, c))
          return Snake{{px, py}, {x, y}};
      }
      for (std::int64_t c = d; c >= -d; c -= 2) {
        spend();
        const std::int64_t k = c + box.delta();
        std::int64_t y, py;
        if (c == -d || (c != d && at(backward, c - 1) > at(backward, c + 1))) {
          py = y = at(backward, c + 1);
        } else {
          py = at(backward, c - 1);
          y = py - 1;
        }
        std::int64_t x = box.left + (y - box.top) + k;
        const std::int64_t px = (d == 0 || y != py) ? x : x + 1;
        while (x > box.left && y > box.top && same(x - 1, y - 1)) --x, --y;
        at(backward, c) = y;
        if ((box.delta() & 1) == 0 && k >= -d && k <= d && x <= at(forward, k))
          return Snake{{x, y}, {px, py}};
      }
    }
    return std::nullopt;  // not reached: the searches meet by d = max
  }

  std::span<const std::uint64_t> a_, b_;
  std::uint64_t max_work_;
  std::uint64_t work_ = 0;
};

void keep(EditScript& script, std::size_t old_index, std::size_t new_index) {
  script.edits.push_back({EditKind::keep, old_index, new_index});
}

// The edits along the path's points: each step between two points is a diagonal run, at most
// one insertion or removal, and another diagonal run.
void walk(const std::vector<Point>& path, MyersAligner& aligner, std::size_t base,
          EditScript& script) {
  const auto diagonal = [&](Point& from, const Point& to) {
    while (from.x < to.x && from.y < to.y && aligner.same(from.x, from.y)) {
      keep(script, base + static_cast<std::size_t>(from.x),
           base + static_cast<std::size_t>(from.y));
      ++from.x, ++from.y;
    }
  };
  for (std::size_t i = 1; i < path.size(); ++i) {
    Point from = path[i - 1];
    const Point& to = path[i];
    diagonal(from, to);
    if (to.x - from.x < to.y - from.y) {
      script.edits.push_back({EditKind::insert, 0, base + static_cast<std::size_t>(from.y)});
      ++from.y;
    } else if (to.x - from.x > to.y - from.y) {
      script.edits.push_back({EditKind::remove, base + static_cast<std::size_t>(from.x), 0});
      ++from.x;
    }
    diagonal(from, to);
  }
}

// Items paired by position: equal pairs kept, unequal ones removed and inserted.
void align_by_position(std::span<const std::uint64_t> old_items,
                       std::span<const std::uint64_t> new_items, std::size_t base,
                       EditScript& script) {
  const std::size_t paired = std::min(old_items.size(), new_items.size());
  for (std::size_t i = 0; i < paired; ++i) {
    if (old_items[i] == new_items[i]) {
      keep(script, base + i, base + i);
    } else {
      script.edits.push_back({EditKind::remove, base + i, 0});
      script.edits.push_back({EditKind::insert, 0, base + i});
    }
  }
  for (std::size_t i = paired; i < old_items.size(); ++i)
    script.edits.push_back({EditKind::remove, base + i, 0});
  for (std::size_t i = paired; i < new_items.size(); ++i)
    script.edits.push_back({EditKind::insert, 0, base + i});
}

// A removal at edits[at] trades places with the kept item before (left) or after it when that
// item equals the removed one: the script stays as short and as valid. False when it cannot.
bool slide_removal(std::span<const std::uint64_t> old_items, std::vector<Edit>& edits,
                   std::size_t& at, bool left) {
  if (left ? at == 0 : at + 1 >= edits.size()) return false;
  const std::size_t other = left ? at - 1 : at + 1;
  Edit& kept = edits[other];
  Edit& removal = edits[at];
  if (kept.kind != EditKind::keep ||
      kept.old_index != (left ? removal.old_index - 1 : removal.old_index + 1) ||
      old_items[kept.old_index] != old_items[removal.old_index])
    return false;
  // The removed item is kept in the kept one's place in NEW; the kept one is removed instead.
  const Edit now_kept{EditKind::keep, removal.old_index, kept.new_index};
  kept = {EditKind::remove, kept.old_index, 0};
  removal = now_kept;
  at = other;
  return true;
}

bool beside_insertion(const std::vector<Edit>& edits, std::size_t at) {
  return (at > 0 && edits[at - 1].kind == EditKind::insert) ||
         (at + 1 < edits.size() && edits[at + 1].kind == EditKind::insert);
}

// Of the equally short scripts, prefers the one where a removal stands beside an insertion when
// a run of equal items lets it slide there: a frame replaced among identical frames is then one
// change, not an insertion here and a removal there. Each removal slides over its run at most
// twice.
void bring_removals_to_insertions(std::span<const std::uint64_t> old_items,
                                  std::vector<Edit>& edits) {
  for (std::size_t e = 0; e < edits.size(); ++e) {
    if (edits[e].kind != EditKind::remove || beside_insertion(edits, e)) continue;
    for (const bool left : {true, false}) {
      std::size_t at = e, steps = 0;
      while (!beside_insertion(edits, at) && slide_removal(old_items, edits, at, left)) ++steps;
      if (beside_insertion(edits, at)) break;
      while (steps-- > 0) slide_removal(old_items, edits, at, !left);  // back where it was
    }
  }
}

}  // namespace

EditScript edit_script(std::span<const std::uint64_t> old_items,
                       std::span<const std::uint64_t> new_items, std::uint64_t max_work) {
  EditScript script;
  // A common head and tail are kept as they are; only the middle is searched.
  std::size_t head = 0;
  while (head < old_items.size() && head < new_items.size() && old_items[head] == new_items[head])
    ++head;
  std::size_t tail = 0;
  while (tail < old_items.size() - head && tail < new_items.size() - head &&
         old_items[old_items.size() - 1 - tail] == new_items[new_items.size() - 1 - tail])
    ++tail;
  for (std::size_t i = 0; i < head; ++i) keep(script, i, i);
  const auto old_middle = old_items.subspan(head, old_items.size() - head - tail);
  const auto new_middle = new_items.subspan(head, new_items.size() - head - tail);
  const std::size_t edits_before = script.edits.size();
  try {
    MyersAligner aligner(old_middle, new_middle, max_work);
    const Box box{0, 0, static_cast<std::int64_t>(old_middle.size()),
                  static_cast<std::int64_t>(new_middle.size())};
    walk(aligner.find_path(box), aligner, head, script);
  } catch (const OutOfWork&) {
    script.edits.resize(edits_before);
    script.positional = true;
    align_by_position(old_middle, new_middle, head, script);
  }
  // The tail's indices differ between the sides when the middle grew or shrank.
  for (std::size_t i = 0; i < tail; ++i)
    keep(script, old_items.size() - tail + i, new_items.size() - tail + i);
  bring_removals_to_insertions(old_items, script.edits);
  return script;
}

}  // namespace gafcheck::compare
