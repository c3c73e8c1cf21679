#pragma once
// --shard K/N: a census of a deterministic 1/N of the files, chosen by a hash of each file's path
// inside its root (so machines that mount the tree at different places agree). Shard reports
// merged with `gafcheck merge` give the summary of a single run.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gafcheck {

struct Shard {
  std::uint32_t index = 1;  // K, 1-based
  std::uint32_t count = 1;  // N

  bool contains(std::string_view relative_path) const;
  std::string text() const;  // "K/N"
  // Whether a census with these roots gives this path (as the walk writes it) to this shard.
  bool holds(const std::string& path, const std::vector<std::string>& roots) const;
};

// "3/8" -> {3, 8}; throws UsageError.
Shard parse_shard(const std::string& text);

// 64-bit FNV-1a: small, stable across platforms and releases (a shard split must never change).
std::uint64_t path_hash(std::string_view text);

}  // namespace gafcheck
