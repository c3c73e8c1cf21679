// Entry names (docs/format/gaf.md §2): NUL termination, hidden bytes, and the game's first-match
// lookup.
#include "validator/gaf/entry_names.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "validator/core/text.hpp"
#include "validator/gaf/gaf_layout.hpp"

namespace gafcheck::gaf {
namespace {

std::size_t name_length(const EntryRecord& entry) {
  const auto nul = std::find(entry.name.begin(), entry.name.end(), std::uint8_t{0});
  return static_cast<std::size_t>(nul - entry.name.begin());
}

std::string_view name_bytes(const EntryRecord& entry) {
  return {reinterpret_cast<const char*>(entry.name.data()), name_length(entry)};
}

}  // namespace

std::string entry_display_name(const EntryRecord& entry) {
  return escape_bytes(name_bytes(entry));
}

std::string game_folded_name(const EntryRecord& entry) {
  return ascii_lowercase(name_bytes(entry));
}

void check_entry_names(WalkContext& context, const GafIndex& index) {
  std::unordered_map<std::string, std::uint32_t> first_by_name;
  first_by_name.reserve(index.entries.size());
  for (const EntryRecord& entry : index.entries) {
    if (!entry.header_in_bounds) continue;
    const std::string path = indexed("entry", entry.slot);
    const std::uint64_t name_offset = entry.offset + entry_name;
    const std::size_t length = name_length(entry);
    if (length == entry_name_size) {
      context.findings.add(RuleId::entry_name_unterminated, name_offset, entry_name_size,
                           join_path(path, "name"), [&] {
                             return "no NUL in the 32 name bytes '" + entry_display_name(entry) +
                                    "'; a string comparison runs on into the frame table";
                           });
    } else {
      const auto trailing = std::find_if(entry.name.begin() + static_cast<std::ptrdiff_t>(length),
                                         entry.name.end(), [](std::uint8_t b) { return b != 0; });
      if (trailing != entry.name.end()) {
        const auto first = static_cast<std::uint64_t>(trailing - entry.name.begin());
        context.findings.add(RuleId::entry_name_trailing_bytes, name_offset + first,
                             entry_name_size - first, join_path(path, "name"), [&] {
                               return "name '" + entry_display_name(entry) +
                                      "' has nonzero bytes after its NUL: " +
                                      hexdump(context.file, name_offset + first,
                                              std::min<std::uint64_t>(entry_name_size - first, 16));
                             });
      }
    }
    const auto [first, inserted] = first_by_name.try_emplace(game_folded_name(entry), entry.slot);
    if (!inserted) {
      context.findings.add(
          RuleId::entry_name_duplicate, name_offset, entry_name_size, join_path(path, "name"),
          [&, earlier = first->second] {
            return "name '" + entry_display_name(entry) + "' equals entry[" +
                   std::to_string(earlier) +
                   "] under the game's A-Z folding; lookups always find the earlier one";
          });
    }
  }
}

}  // namespace gafcheck::gaf
