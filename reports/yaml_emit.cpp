#include "reports/yaml_emit.hpp"

#include <vector>

#include "reports/counter_groups.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {

void emit_input_path(YAML::Emitter& out, std::string_view path) {
  out << YAML::DoubleQuoted << escape_bytes(path);
}

void emit_path_field(YAML::Emitter& out, const char* key, std::string_view path) {
  out << YAML::Key << key << YAML::Value;
  emit_input_path(out, path);
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

// Nested as reports/counter_groups.hpp says (first-use order, no key written twice).
void emit_counters(YAML::Emitter& out, const Counters& counters) {
  out << YAML::BeginMap;
  for (const CounterGroup& group : group_counters(counters)) {
    if (!group.nested) {
      out << YAML::Key << group.name << YAML::Value << group.counters.front().second;
      continue;
    }
    out << YAML::Key << group.name << YAML::Value << YAML::BeginMap;
    for (const auto& [key, value] : group.counters) out << YAML::Key << key << YAML::Value << value;
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

void emit_rule_totals(YAML::Emitter& out, const std::map<std::string, RuleTotals>& findings) {
  out << YAML::BeginMap;
  for (const auto& [rule, totals] : findings) {
    out << YAML::Key << rule << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "occurrences" << YAML::Value << totals.occurrences;
    out << YAML::Key << "files" << YAML::Value << totals.files;
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
}

}  // namespace gafcheck
