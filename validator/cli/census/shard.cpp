#include "validator/cli/census/shard.hpp"

#include <charconv>

#include "validator/cli/common_options.hpp"

namespace gafcheck::cli {

std::uint64_t path_hash(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (const char byte : text) {
    hash ^= static_cast<unsigned char>(byte);
    hash *= 0x100000001b3ull;
  }
  return hash;
}

bool Shard::contains(std::string_view relative_path) const {
  return path_hash(relative_path) % count == index - 1;
}

std::string Shard::text() const {
  return std::to_string(index) + "/" + std::to_string(count);
}

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  Shard shard;
  const auto parse = [](std::string_view part, std::uint32_t& value) {
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    return error == std::errc() && end == part.data() + part.size() && !part.empty();
  };
  if (slash == std::string::npos || !parse(std::string_view(text).substr(0, slash), shard.index) ||
      !parse(std::string_view(text).substr(slash + 1), shard.count) || shard.count == 0 ||
      shard.index == 0 || shard.index > shard.count)
    throw UsageError{"--shard takes K/N with 1 <= K <= N (e.g. 2/8), not '" + text + "'"};
  return shard;
}

}  // namespace gafcheck::cli
