#include "validator/rebuild/structure_paths.hpp"

#include <charconv>

namespace gafcheck::rebuild {
namespace {

// Reads "name[N]" at the front of path and moves past it (and a following '/').
std::optional<std::uint32_t> take_indexed(std::string_view& path, std::string_view name) {
  if (path.substr(0, name.size()) != name || path.size() <= name.size() || path[name.size()] != '[')
    return std::nullopt;
  const char* first = path.data() + name.size() + 1;
  const char* last = path.data() + path.size();
  std::uint32_t value = 0;
  const auto [end, error] = std::from_chars(first, last, value);
  if (error != std::errc() || end == last || *end != ']') return std::nullopt;
  path.remove_prefix(static_cast<std::size_t>(end - path.data()) + 1);
  if (!path.empty() && path.front() == '/') path.remove_prefix(1);
  return value;
}

}  // namespace

StructureRef parse_structure_path(std::string_view path) {
  StructureRef ref;
  ref.slot = take_indexed(path, "entry");
  if (ref.slot) ref.frame = take_indexed(path, "frame");
  return ref;
}

std::string entry_path(std::uint32_t slot) {
  return "entry[" + std::to_string(slot) + "]";
}

std::string entry_frame_path(std::uint32_t slot, std::uint32_t frame) {
  return entry_path(slot) + "/frame[" + std::to_string(frame) + "]";
}

}  // namespace gafcheck::rebuild
