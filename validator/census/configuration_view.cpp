#include "validator/census/configuration_view.hpp"

#include <yaml-cpp/yaml.h>

#include <iostream>

#include "reports/yaml_emit.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

void emit_levels(YAML::Emitter& out, const config::RuleLevels& levels) {
  out << YAML::BeginMap;
  for (std::size_t i = 0; i < rule_count; ++i)
    if (levels[i])
      out << YAML::Key << std::string(rule_names[i]) << YAML::Value << YAML::DoubleQuoted
          << std::string(config::rule_level_name(*levels[i]));
  out << YAML::EndMap;
}

// Where the configuration comes from, and the settings that hold for a whole run.
void emit_source_and_settings(YAML::Emitter& out, const std::string& path,
                              const config::Configuration& applied, const RunOptions& settled) {
  const config::ConfigFile* file = applied.file();
  out << YAML::Key << "path" << YAML::Value;
  emit_input_path(out, path);
  out << YAML::Key << "source" << YAML::Value;
  if (file)
    emit_input_path(out, file->path);
  else
    out << YAML::Null;
  if (file) out << YAML::Key << "sha256" << YAML::Value << file->sha256;
  out << YAML::Key << "profile" << YAML::Value << applied.profile().name;
  out << YAML::Key << "fail-on" << YAML::Value << settled.fail_on;
  out << YAML::Key << "min-severity" << YAML::Value << settled.min_severity;
  out << YAML::Key << "game" << YAML::Value << settled.game;
  out << YAML::Key << "budgets" << YAML::Value << YAML::BeginMap;
  for (const BudgetSpec& spec : budget_specs)
    out << YAML::Key << budget_option(spec) << YAML::Value << settled.check.limits[spec.kind];
  out << YAML::EndMap;
}

// Every rule whose level for PATH differs from the catalogue's (profile, rules:, per-file:,
// --rule), rated as a finding with the catalogue's severity and retail impact would be.
void emit_rule_levels(YAML::Emitter& out, const config::Configuration& applied,
                      const std::string& scope_path) {
  out << YAML::Key << "rules" << YAML::Value << YAML::BeginMap;
  for (std::size_t i = 0; i < rule_count; ++i) {
    const auto rule = static_cast<RuleId>(i);
    const RuleInfo& info = embedded_catalog().info(rule);
    const auto severity = applied.severity_for(rule, info.severity, info.retail, scope_path);
    if (severity == info.severity) continue;
    // Quoted: YAML 1.1 readers take a plain off for false.
    out << YAML::Key << std::string(rule_names[i]) << YAML::Value << YAML::DoubleQuoted
        << std::string(severity ? severity_name(*severity) : "off");
  }
  out << YAML::EndMap;
}

// The ignores, per-file levels and suppressions the file holds, and whether they match PATH.
void emit_globs(YAML::Emitter& out, const config::Configuration& applied,
                const std::string& scope_path) {
  const config::ConfigFile* file = applied.file();
  out << YAML::Key << "ignored" << YAML::Value << applied.ignores(scope_path);
  out << YAML::Key << "ignore" << YAML::Value << YAML::BeginSeq;
  if (file)
    for (const config::GlobPattern& pattern : file->ignore.patterns())
      emit_input_path(out, pattern.text());
  out << YAML::EndSeq;
  out << YAML::Key << "per-file" << YAML::Value << YAML::BeginSeq;
  if (file)
    for (const config::PerFileLevels& entry : file->per_file) {
      out << YAML::Flow << YAML::BeginMap << YAML::Key << "glob" << YAML::Value;
      emit_input_path(out, entry.pattern.text());
      out << YAML::Key << "matches" << YAML::Value << entry.pattern.matches(scope_path);
      out << YAML::Key << "rules" << YAML::Value;
      emit_levels(out, entry.levels);
      out << YAML::EndMap;
    }
  out << YAML::EndSeq;
  out << YAML::Key << "suppress" << YAML::Value << YAML::BeginSeq;
  if (file)
    for (const config::Suppression& suppression : file->suppress) {
      out << YAML::BeginMap;
      out << YAML::Key << "rule" << YAML::Value << std::string(rule_name(suppression.rule));
      out << YAML::Key << "path" << YAML::Value;
      emit_input_path(out, suppression.path.text());
      if (!suppression.sha256.empty())
        out << YAML::Key << "sha256" << YAML::Value << suppression.sha256;
      out << YAML::Key << "justification" << YAML::Value;
      emit_input_path(out, suppression.justification);
      out << YAML::EndMap;
    }
  out << YAML::EndSeq;
}

}  // namespace

ExitCode ConfigurationView::run() const {
  const RunConfiguration configuration({path}, options);
  RunOptions settled;
  configuration.settle(settled, {});
  const RunConfiguration::Scope scope = configuration.scope(path);
  const config::Configuration& applied = *scope.configuration;
  YAML::Emitter out;
  out << YAML::BeginMap;
  emit_source_and_settings(out, path, applied, settled);
  emit_rule_levels(out, applied, scope.path);
  emit_globs(out, applied, scope.path);
  out << YAML::EndMap;
  std::cout << out.c_str() << '\n';
  return ExitCode::clean;
}

}  // namespace gafcheck
