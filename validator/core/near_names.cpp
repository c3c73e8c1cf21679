#include "validator/core/near_names.hpp"

#include <algorithm>
#include <vector>

namespace gafcheck {
namespace {

constexpr std::size_t longest_text = 64;
constexpr std::size_t shortest_fragment = 4;

// Edits between a and b (optimal string alignment: a swap of neighbours is one edit).
std::size_t edits_between(std::string_view a, std::string_view b) {
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      current[j] = std::min(
          {previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    before.swap(previous);
    previous.swap(current);
  }
  return previous[b.size()];
}

}  // namespace

std::optional<std::string_view> nearest_name(std::string_view text,
                                             std::span<const std::string_view> names) {
  if (text.empty() || text.size() > longest_text) return std::nullopt;
  const std::size_t allowed = std::min<std::size_t>(2, text.size() / 4);
  std::optional<std::string_view> best;
  std::size_t best_edits = allowed + 1;
  for (const std::string_view name : names) {
    if (name.size() > text.size() + allowed || text.size() > name.size() + allowed) continue;
    const std::size_t edits = edits_between(text, name);
    if (edits < best_edits) {
      best = name;
      best_edits = edits;
    }
  }
  if (best || text.size() < shortest_fragment) return best;
  for (const std::string_view name : names)
    if (name.find(text) != std::string_view::npos && (!best || name.size() < best->size()))
      best = name;
  return best;
}

std::string did_you_mean(std::string_view text, std::span<const std::string_view> names,
                         std::string_view prefix) {
  const auto name = nearest_name(text, names);
  if (!name) return "";
  return "; did you mean '" + std::string(prefix) + std::string(*name) + "'?";
}

}  // namespace gafcheck
