#include "reports/finding_match.hpp"

#include <algorithm>
#include <cctype>
#include <deque>
#include <unordered_map>

namespace gafcheck {

std::string finding_key(std::string_view rule, std::string_view structure_path) {
  std::string key(rule);
  key += '\n';  // never part of a rule id or a (sanitised) structure path
  key += structure_path;
  return key;
}

FindingKeyMatch match_finding_keys(const std::vector<std::string>& old_keys,
                                   const std::vector<std::string>& new_keys) {
  std::unordered_map<std::string_view, std::deque<std::size_t>> unmatched_old;
  for (std::size_t i = 0; i < old_keys.size(); ++i) unmatched_old[old_keys[i]].push_back(i);
  FindingKeyMatch match;
  for (std::size_t i = 0; i < new_keys.size(); ++i) {
    const auto found = unmatched_old.find(new_keys[i]);
    if (found == unmatched_old.end() || found->second.empty()) {
      match.only_new.push_back(i);
      continue;
    }
    match.pairs.emplace_back(found->second.front(), i);
    found->second.pop_front();
  }
  for (const auto& [key, indices] : unmatched_old)
    match.only_old.insert(match.only_old.end(), indices.begin(), indices.end());
  std::sort(match.only_old.begin(), match.only_old.end());
  return match;
}

std::string message_without_offsets(std::string_view message) {
  std::string masked;
  masked.reserve(message.size());
  for (std::size_t i = 0; i < message.size();) {
    if (message.compare(i, 2, "0x") == 0 && i + 2 < message.size() &&
        std::isxdigit(static_cast<unsigned char>(message[i + 2]))) {
      masked += "0x#";
      i += 2;
      while (i < message.size() && std::isxdigit(static_cast<unsigned char>(message[i]))) ++i;
      continue;
    }
    masked.push_back(message[i++]);
  }
  return masked;
}

}  // namespace gafcheck
