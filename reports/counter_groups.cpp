#include "reports/counter_groups.hpp"

#include <string_view>

namespace gafcheck {

std::vector<CounterGroup> group_counters(const Counters& counters) {
  const auto& items = counters.items();
  std::vector<std::string_view> groups(items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    groups[i] = std::string_view(items[i].first).substr(0, items[i].first.find('.'));
  auto is_group = [&](std::string_view name) {
    for (std::size_t i = 0; i < items.size(); ++i)
      if (groups[i].size() != items[i].first.size() && groups[i] == name) return true;
    return false;
  };
  std::vector<CounterGroup> result;
  std::vector<bool> written(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (written[i]) continue;
    const std::string_view group = groups[i];
    if (group.size() == items[i].first.size() && !is_group(group)) {
      result.push_back({items[i].first, false, {{std::string(), items[i].second}}});
      continue;
    }
    CounterGroup& nested = result.emplace_back(CounterGroup{std::string(group), true, {}});
    for (std::size_t j = i; j < items.size(); ++j) {
      if (written[j] || groups[j] != group) continue;
      written[j] = true;
      const std::string& key = items[j].first;
      nested.counters.emplace_back(
          key.size() == group.size() ? std::string() : key.substr(group.size() + 1),
          items[j].second);
    }
  }
  return result;
}

}  // namespace gafcheck
