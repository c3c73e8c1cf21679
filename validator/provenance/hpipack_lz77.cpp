#include "validator/provenance/hpipack_lz77.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <deque>

namespace gafcheck::provenance {
namespace {

constexpr std::size_t key_length = 17;       // bytes compared per position: the longest match
constexpr std::uint32_t window_span = 4095;  // positions kept in the tree
constexpr std::uint32_t end_marker_offset = 0xFFF;

struct Match {
  std::uint32_t length = 1;
  std::uint32_t position = 0;
};

// An AVL tree of chunk positions (Wirth's recursive insertion and deletion, balance -1 when the
// left branch is longer), ordered by the key_length bytes at each position. A side is 0 (left) or
// 1 (right); its sign is the balance that leans towards it.
class PositionTree {
 public:
  // Nodes are never freed (as in the source). They live in a deque, whose growth keeps the
  // references the recursion holds to its nodes' child links valid.
  explicit PositionTree(std::span<const std::uint8_t> padded) : bytes_(padded) {}

  void insert(std::uint32_t position) {
    bool grew = false;
    insert_at(root_, position, grew);
  }
  void erase(std::uint32_t position) {
    bool shrank = false;
    erase_at(root_, position, shrank);
  }
  Match search(std::uint32_t position) const {
    Match best;
    for (std::int32_t at = root_; at >= 0;) {
      const int order = compare(position, nodes_[at].position, &best);
      if (order == 0) break;
      at = nodes_[at].child[order > 0 ? 1 : 0];
    }
    return best;
  }

 private:
  struct Node {
    std::uint32_t position = 0;
    std::array<std::int32_t, 2> child{-1, -1};
    int balance = 0;
  };
  static int sign_of(int side) { return side == 0 ? -1 : 1; }

  // Orders two positions; `seen` (a search) records the agreement when it is at least as long as
  // the best so far and the node's position can be referred to.
  int compare(std::uint32_t a, std::uint32_t b, Match* seen) const {
    std::size_t same = 0;
    int order = 0;
    for (; same < key_length; ++same) {
      order =
          static_cast<std::int8_t>(bytes_[a + same]) - static_cast<std::int8_t>(bytes_[b + same]);
      if (order != 0) break;
    }
    if (seen && seen->length <= same && (b & end_marker_offset) != end_marker_offset)
      *seen = {static_cast<std::uint32_t>(same), b};
    if (order == 0) order = static_cast<int>(a) - static_cast<int>(b);
    return order;
  }

  void insert_at(std::int32_t& at, std::uint32_t position, bool& grew) {
    if (at < 0) {
      at = static_cast<std::int32_t>(nodes_.size());
      nodes_.push_back({position});
      grew = true;
      return;
    }
    const int order = compare(position, nodes_[at].position, nullptr);
    if (order == 0) {
      grew = false;
      nodes_[at].position = position;
      return;
    }
    const int side = order < 0 ? 0 : 1;
    insert_at(nodes_[at].child[side], position, grew);
    if (grew) side_grew(at, side, grew);
  }

  // The `side` branch of `at` grew one level longer.
  void side_grew(std::int32_t& at, int side, bool& grew) {
    const int sign = sign_of(side), other = 1 - side;
    Node& node = nodes_[at];
    if (node.balance == -sign) {
      node.balance = 0;
      grew = false;
      return;
    }
    if (node.balance == 0) {
      node.balance = sign;
      return;
    }
    const std::int32_t p1 = node.child[side];
    if (nodes_[p1].balance == sign) {
      node.child[side] = nodes_[p1].child[other];
      nodes_[p1].child[other] = at;
      node.balance = 0;
      at = p1;
    } else {
      const std::int32_t p2 = nodes_[p1].child[other];
      nodes_[p1].child[other] = nodes_[p2].child[side];
      nodes_[p2].child[side] = p1;
      node.child[side] = nodes_[p2].child[other];
      nodes_[p2].child[other] = at;
      node.balance = nodes_[p2].balance == sign ? -sign : 0;
      nodes_[p1].balance = nodes_[p2].balance == -sign ? sign : 0;
      at = p2;
    }
    nodes_[at].balance = 0;
    grew = false;
  }

  // The `side` branch of `at` became one level shorter.
  void side_shrank(std::int32_t& at, int side, bool& shrank) {
    const int sign = sign_of(side), other = 1 - side;
    Node& node = nodes_[at];
    if (node.balance == sign) {
      node.balance = 0;
      return;
    }
    if (node.balance == 0) {
      node.balance = -sign;
      shrank = false;
      return;
    }
    const std::int32_t p1 = node.child[other];
    const int b1 = nodes_[p1].balance;
    if (b1 != sign) {
      node.child[other] = nodes_[p1].child[side];
      nodes_[p1].child[side] = at;
      if (b1 == 0) {
        node.balance = -sign;
        nodes_[p1].balance = sign;
        shrank = false;
      } else {
        node.balance = 0;
        nodes_[p1].balance = 0;
      }
      at = p1;
      return;
    }
    const std::int32_t p2 = nodes_[p1].child[side];
    const int b2 = nodes_[p2].balance;
    nodes_[p1].child[side] = nodes_[p2].child[other];
    nodes_[p2].child[other] = p1;
    node.child[other] = nodes_[p2].child[side];
    nodes_[p2].child[side] = at;
    node.balance = b2 == -sign ? sign : 0;
    nodes_[p1].balance = b2 == sign ? -sign : 0;
    at = p2;
    nodes_[p2].balance = 0;
  }

  // Removes the rightmost node below `at`, moving its position into `target`.
  void take_rightmost(std::int32_t& at, std::int32_t target, bool& shrank) {
    if (nodes_[at].child[1] >= 0) {
      take_rightmost(nodes_[at].child[1], target, shrank);
      if (shrank) side_shrank(at, 1, shrank);
      return;
    }
    nodes_[target].position = nodes_[at].position;
    at = nodes_[at].child[0];
    shrank = true;
  }

  void erase_at(std::int32_t& at, std::uint32_t position, bool& shrank) {
    if (at < 0) return;
    const int order = compare(nodes_[at].position, position, nullptr);
    if (order != 0) {
      const int side = order > 0 ? 0 : 1;
      erase_at(nodes_[at].child[side], position, shrank);
      if (shrank) side_shrank(at, side, shrank);
    } else if (nodes_[at].child[1] < 0) {
      at = nodes_[at].child[0];
      shrank = true;
    } else if (nodes_[at].child[0] < 0) {
      at = nodes_[at].child[1];
      shrank = true;
    } else {
      take_rightmost(nodes_[at].child[0], at, shrank);
      if (shrank) side_shrank(at, 0, shrank);
    }
  }

  std::span<const std::uint8_t> bytes_;
  std::deque<Node> nodes_;
  std::int32_t root_ = -1;
};

// Gathers items into groups of eight behind a flag byte (bit k set: item k is a reference).
class GroupWriter {
 public:
  void literal(std::uint8_t byte) { add({byte}, false); }
  void reference(std::uint16_t word) {
    add({static_cast<std::uint8_t>(word & 0xFF), static_cast<std::uint8_t>(word >> 8)}, true);
  }
  // The groups written so far: a prefix of the body, each group whole.
  std::vector<std::uint8_t> whole_groups() { return std::move(out_); }
  std::vector<std::uint8_t> finish() {
    flags_ |= mask_;
    group_.push_back(0);
    group_.push_back(0);
    flush();
    return std::move(out_);
  }

 private:
  void add(std::initializer_list<std::uint8_t> item, bool is_reference) {
    if (is_reference) flags_ |= mask_;
    group_.insert(group_.end(), item);
    if (mask_ == 0x80) {
      flush();
      mask_ = 0x01;
    } else {
      mask_ <<= 1;
    }
  }
  void flush() {
    out_.push_back(flags_);
    out_.insert(out_.end(), group_.begin(), group_.end());
    group_.clear();
    flags_ = 0;
  }

  std::vector<std::uint8_t> out_, group_;
  std::uint8_t flags_ = 0;
  std::uint8_t mask_ = 0x01;
};

}  // namespace

std::vector<std::uint8_t> encode_chunk_as_hpipack(std::span<const std::uint8_t> chunk,
                                                  std::size_t input_limit) {
  // The source compares keys past the chunk's end into its zeroed input buffer.
  std::vector<std::uint8_t> padded(chunk.begin(), chunk.end());
  padded.resize(chunk.size() + key_length, 0);
  PositionTree tree(padded);
  GroupWriter out;
  std::uint32_t position = 0, oldest = 0, kept = 0;
  std::uint64_t remaining = chunk.size();
  while (remaining > 0) {
    if (position >= input_limit) return out.whole_groups();
    Match match = tree.search(position);
    match.length = static_cast<std::uint32_t>(std::min<std::uint64_t>(match.length, remaining));
    if (match.length >= 2) {
      out.reference(
          static_cast<std::uint16_t>(((match.position & 0xFFF) + 1) << 4 | (match.length - 2)));
    } else {
      out.literal(chunk[position]);
      match.length = 1;
    }
    remaining -= match.length;
    for (std::uint32_t i = 0; i < match.length; ++i) {
      tree.insert(position++);
      if (++kept > window_span) tree.erase(oldest++);
    }
  }
  return out.finish();
}

}  // namespace gafcheck::provenance
