#pragma once
// Findings of one file in two reports are matched by rule and structure path, not by offset, so an
// edit that shifts bytes does not make every finding look new. Findings sharing a key are paired
// in order of appearance; the rest are only in the old or only in the new report.
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gafcheck {

std::string finding_key(std::string_view rule, std::string_view structure_path);

struct FindingKeyMatch {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;  // (old index, new index)
  std::vector<std::size_t> only_old;
  std::vector<std::size_t> only_new;
};

FindingKeyMatch match_finding_keys(const std::vector<std::string>& old_keys,
                                   const std::vector<std::string>& new_keys);

// A message with its 0x... numbers (offsets) masked, so a shifted structure reads the same.
std::string message_without_offsets(std::string_view message);

}  // namespace gafcheck
