#include "validator/provenance/kbot_io_lz77.hpp"

#include <algorithm>

namespace gafcheck::provenance {
namespace {

constexpr std::size_t longest_distance = 4095, longest_match = 17, shortest_match = 2;
constexpr unsigned hash_bits = 13;
constexpr std::size_t hash_size = std::size_t{1} << hash_bits;
constexpr int chain_depth = 64;

// How many bytes from `at` equal those `distance` back, the copy repeating with that period once
// it reaches the bytes it writes (as the decoder's window does).
std::size_t match_length(std::span<const std::uint8_t> data, std::size_t at, std::size_t distance,
                         std::size_t limit) {
  std::size_t length = 0;
  while (length < limit && data[at - distance + length % distance] == data[at + length]) ++length;
  return length;
}

class HashChains {
 public:
  explicit HashChains(std::span<const std::uint8_t> data)
      : data_(data), head_(hash_size, -1), previous_(data.size(), -1) {}

  std::size_t key(std::size_t at) const {
    return (std::size_t{data_[at]} << 5 ^ data_[at + 1]) & (hash_size - 1);
  }
  void insert(std::size_t at) {
    if (at + 1 >= data_.size()) return;
    previous_[at] = head_[key(at)];
    head_[key(at)] = static_cast<std::int32_t>(at);
  }
  std::int32_t newest(std::size_t at) const { return head_[key(at)]; }
  std::int32_t older(std::int32_t at) const { return previous_[static_cast<std::size_t>(at)]; }

 private:
  std::span<const std::uint8_t> data_;
  std::vector<std::int32_t> head_, previous_;
};

struct Found {
  std::size_t length = 1;
  std::size_t window_offset = 0;
};

Found longest(std::span<const std::uint8_t> data, const HashChains& chains, std::size_t at,
              std::size_t window_position) {
  Found best;
  const std::size_t limit = std::min(longest_match, data.size() - at);
  if (at + 1 >= data.size() || limit < shortest_match) return best;
  std::int32_t candidate = chains.newest(at);
  for (int step = 0; candidate >= 0 && step < chain_depth; ++step) {
    const std::size_t distance = at - static_cast<std::size_t>(candidate);
    if (distance > longest_distance) break;
    const std::size_t offset = (window_position - distance) & 0xFFF;
    if (offset != 0) {
      const std::size_t length = match_length(data, at, distance, limit);
      if (length > best.length) {
        best = {length, offset};
        if (length == limit) break;
      }
    }
    candidate = chains.older(candidate);
  }
  return best;
}

}  // namespace

std::vector<std::uint8_t> encode_chunk_as_kbot_io(std::span<const std::uint8_t> chunk,
                                                  std::size_t input_limit) {
  if (chunk.empty()) return {0x01, 0x00, 0x00};
  HashChains chains(chunk);
  std::vector<std::uint8_t> out;
  std::size_t at = 0, window_position = 1;
  bool ended = false;
  while (at < chunk.size()) {
    if (at >= input_limit) return out;
    std::uint8_t flags = 0;
    std::vector<std::uint8_t> group;
    for (int bit = 0; bit < 8; ++bit) {
      if (at >= chunk.size()) {
        flags = static_cast<std::uint8_t>(flags | 1u << bit);
        group.insert(group.end(), {0, 0});
        ended = true;
        break;
      }
      const Found found = longest(chunk, chains, at, window_position);
      const std::size_t taken = found.length >= shortest_match ? found.length : 1;
      if (taken >= shortest_match) {
        flags = static_cast<std::uint8_t>(flags | 1u << bit);
        const std::size_t pair = found.window_offset << 4 | (found.length - 2);
        group.insert(group.end(), {static_cast<std::uint8_t>(pair & 0xFF),
                                   static_cast<std::uint8_t>(pair >> 8)});
      } else {
        group.push_back(chunk[at]);
      }
      for (std::size_t k = 0; k < taken; ++k) {
        chains.insert(at++);
        window_position = (window_position + 1) & 0xFFF;
      }
    }
    out.push_back(flags);
    out.insert(out.end(), group.begin(), group.end());
  }
  if (!ended) out.insert(out.end(), {0x01, 0x00, 0x00});
  return out;
}

}  // namespace gafcheck::provenance
