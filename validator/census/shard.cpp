#include "validator/census/shard.hpp"

#include <charconv>

#include "validator/base/errors.hpp"
#include "validator/census/run_options.hpp"

namespace gafcheck {

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

// The walk's relative path: a root itself is its last component, a path under a root the rest
// after the root and its slash.
bool Shard::holds(const std::string& path, const std::vector<std::string>& roots) const {
  for (const std::string& root : roots) {
    if (path == root) {
      const auto slash = root.find_last_of('/');
      if (contains(slash == std::string::npos ? root : root.substr(slash + 1))) return true;
      continue;
    }
    const std::string prefix = !root.empty() && root.back() == '/' ? root : root + "/";
    if (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0 &&
        contains(std::string_view(path).substr(prefix.size())))
      return true;
  }
  return false;
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

}  // namespace gafcheck
