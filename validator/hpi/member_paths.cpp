#include "validator/hpi/member_paths.hpp"

#include <unordered_map>

#include "validator/core/text.hpp"

namespace gafcheck::hpi {

std::vector<std::string_view> path_components(std::string_view path) {
  std::vector<std::string_view> components;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= path.size(); ++i) {
    if (i == path.size() || path[i] == '/' || path[i] == '\\') {
      components.push_back(path.substr(start, i - start));
      start = i + 1;
    }
  }
  return components;
}

std::optional<std::string> unsafe_path_reason(std::string_view path) {
  const auto components = path_components(path);
  for (std::size_t i = 0; i < components.size(); ++i) {
    const std::string_view part = components[i];
    if (part.empty()) {
      if (i == 0 && components.size() > 1) return std::string("it is absolute (leading separator)");
      return std::string("it has an empty component");
    }
    if (part == "..") return std::string("it has a '..' component");
    if (part == ".") return std::string("it has a '.' component");
    if (part.size() >= 2 && part[1] == ':' &&
        ((part[0] >= 'A' && part[0] <= 'Z') || (part[0] >= 'a' && part[0] <= 'z')))
      return "it has a drive letter ('" + escape_bytes(part.substr(0, 2)) + "')";
    for (const char c : part) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte < 0x20 || byte == 0x7F) return "it has a control character (" + hex(byte, 2) + ")";
    }
  }
  return std::nullopt;
}

std::string folded_path(std::string_view path) {
  std::string key = ascii_lowercase(path);
  for (char& c : key)
    if (c == '\\') c = '/';
  return key;
}

void check_member_paths(WalkContext& context, const ArchiveIndex& index) {
  std::unordered_map<std::string, std::size_t> first_with_key;
  for (std::size_t i = 0; i < index.members.size() && !context.stopped(); ++i) {
    const MemberRecord& member = index.members[i];
    if (const auto reason = unsafe_path_reason(member.path)) {
      context.findings.add(RuleId::hpi_path_traversal, member.entry_offset, 4, member.where, [&] {
        return "member path '" + member.where + "' is unsafe to extract: " + *reason;
      });
    }
    if (!context.charge_heap(1, member.path.size() + 64, member.entry_offset, member.where)) return;
    const auto [at, inserted] = first_with_key.emplace(folded_path(member.path), i);
    if (!inserted) {
      const MemberRecord& first = index.members[at->second];
      context.findings.add(RuleId::hpi_duplicate_path, member.entry_offset, 4, member.where, [&] {
        return "same path as '" + first.where + "' (entry at " + hex(first.entry_offset) +
               ") under case folding: only one of them is reachable, and "
               "extraction overwrites one with the other";
      });
    }
  }
}

}  // namespace gafcheck::hpi
