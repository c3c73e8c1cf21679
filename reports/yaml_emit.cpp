#include "reports/yaml_emit.hpp"

#include <vector>

#include "validator/core/text.hpp"

namespace gafcheck {

void emit_input_path(YAML::Emitter& out, std::string_view path) {
  out << YAML::DoubleQuoted << escape_bytes(path);
}

void emit_text(YAML::Emitter& out, std::string_view text) {
  out << YAML::DoubleQuoted << sanitize_text(text);
}

std::string finish_document(const YAML::Emitter& out) {
  std::string document = "---\n";
  document += out.c_str();
  document += '\n';
  return document;
}

// Groups are written in first-use order, each with all its counters: gafcheck adds a group's
// counters together, so they are adjacent anyway, but records read back (merge, --resume) may
// order them otherwise, and a key written twice would make the report unreadable. For the same
// reason a counter named like a group (only from such records) goes into the group under "".
void emit_counters(YAML::Emitter& out, const Counters& counters) {
  const auto& items = counters.items();
  std::vector<std::string_view> groups(items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    groups[i] = std::string_view(items[i].first).substr(0, items[i].first.find('.'));
  auto is_group = [&](std::string_view name) {
    for (std::size_t i = 0; i < items.size(); ++i)
      if (groups[i].size() != items[i].first.size() && groups[i] == name) return true;
    return false;
  };
  std::vector<bool> written(items.size());
  out << YAML::BeginMap;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (written[i]) continue;
    const std::string_view group = groups[i];
    if (group.size() == items[i].first.size() && !is_group(group)) {
      out << YAML::Key << items[i].first << YAML::Value << items[i].second;
      continue;
    }
    out << YAML::Key << std::string(group) << YAML::Value << YAML::BeginMap;
    for (std::size_t j = i; j < items.size(); ++j) {
      if (written[j] || groups[j] != group) continue;
      written[j] = true;
      const std::string& key = items[j].first;
      out << YAML::Key
          << (key.size() == group.size() ? std::string() : key.substr(group.size() + 1))
          << YAML::Value << items[j].second;
    }
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
}

void emit_flat_counters(YAML::Emitter& out, const Counters& counters) {
  out << YAML::Flow << YAML::BeginMap;
  for (const auto& [key, value] : counters.items()) out << YAML::Key << key << YAML::Value << value;
  out << YAML::EndMap;
}

void emit_histograms(YAML::Emitter& out, const Histograms& histograms) {
  out << YAML::BeginMap;
  for (const auto& [name, histogram] : histograms) {
    out << YAML::Key << name << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const auto& [value, count] : histogram) out << YAML::Key << value << YAML::Value << count;
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
}

}  // namespace gafcheck
