#include "reports/yaml_emit.hpp"

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

// Items are in first-use order and keys sharing a prefix are adjacent by construction.
void emit_counters(YAML::Emitter& out, const Counters& counters) {
  out << YAML::BeginMap;
  std::string open_group;
  for (const auto& [key, value] : counters.items()) {
    const auto dot = key.find('.');
    const std::string group = dot == std::string::npos ? "" : key.substr(0, dot);
    if (group != open_group) {
      if (!open_group.empty()) out << YAML::EndMap;
      if (!group.empty()) out << YAML::Key << group << YAML::Value << YAML::BeginMap;
      open_group = group;
    }
    out << YAML::Key << (dot == std::string::npos ? key : key.substr(dot + 1)) << YAML::Value
        << value;
  }
  if (!open_group.empty()) out << YAML::EndMap;
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
