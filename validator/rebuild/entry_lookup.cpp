#include "validator/rebuild/entry_lookup.hpp"

#include <algorithm>
#include <map>

#include "validator/gaf/entry_names.hpp"

namespace gafcheck::rebuild {
namespace {

bool terminated(const gaf::EntryRecord& entry) {
  return std::find(entry.name.begin(), entry.name.end(), std::uint8_t{0}) != entry.name.end();
}

// The name as the rebuilt file holds it (at most 31 bytes), A-Z folded as the game compares it.
std::string written_folded_name(const gaf::EntryRecord& entry) {
  return gaf::game_folded_name(entry).substr(0, 31);
}

std::string entry_label(std::uint32_t slot) {
  return "entry[" + std::to_string(slot) + "]";
}

}  // namespace

std::vector<std::optional<std::string>> left_out_by_name(
    const std::vector<const gaf::EntryRecord*>& candidates) {
  std::map<std::string, std::uint32_t> terminated_names;  // the first slot with each
  for (const gaf::EntryRecord* entry : candidates)
    if (terminated(*entry)) terminated_names.try_emplace(written_folded_name(*entry), entry->slot);

  std::vector<std::optional<std::string>> left_out(candidates.size());
  std::map<std::string, std::uint32_t> taken;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const gaf::EntryRecord& entry = *candidates[i];
    const std::string name = written_folded_name(entry);
    if (!terminated(entry)) {
      const auto other = terminated_names.find(name);
      const auto earlier = taken.find(name);
      if (other != terminated_names.end() || earlier != taken.end()) {
        const std::uint32_t slot =
            other != terminated_names.end() ? other->second : earlier->second;
        left_out[i] =
            "its 32 name bytes hold no NUL, so the game never finds it by name, and cut to 31 "
            "bytes its name would equal " +
            entry_label(slot) + "'s";
        continue;
      }
    } else if (taken.count(name) != 0) {
      left_out[i] =
          "its name equals an earlier entry's under the game's folding: the game finds "
          "that one";
      continue;
    }
    taken.emplace(name, entry.slot);
  }
  return left_out;
}

}  // namespace gafcheck::rebuild
