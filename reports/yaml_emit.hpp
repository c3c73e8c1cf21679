#pragma once
// Emitter helpers shared by the report documents (file, record, summary, diff).
#include <yaml-cpp/yaml.h>

#include <map>
#include <string>
#include <string_view>

#include "validator/result/file_report.hpp"
#include "validator/result/run_totals.hpp"

namespace gafcheck {

// Text is always double-quoted, so a value can never be misread as a number, boolean or null.
// Input paths are escaped here; messages and structure paths were escaped when composed and are
// only sanitised, so nothing is escaped twice.
void emit_input_path(YAML::Emitter& out, std::string_view path);
void emit_text(YAML::Emitter& out, std::string_view text);
// A key with an input path for its value.
void emit_path_field(YAML::Emitter& out, const char* key, std::string_view path);

// Dotted counter keys ("coverage.slack") become nested maps.
void emit_counters(YAML::Emitter& out, const Counters& counters);
// Flat: dotted keys stay dotted (for one-line record documents that are read back).
void emit_flat_counters(YAML::Emitter& out, const Counters& counters);
void emit_histograms(YAML::Emitter& out, const Histograms& histograms);
// By rule id: {occurrences, files} (the census summary's findings; the test tree's truth).
void emit_rule_totals(YAML::Emitter& out, const std::map<std::string, RuleTotals>& findings);

// "---\n" + the emitted text + "\n": one complete document.
std::string finish_document(const YAML::Emitter& out);

}  // namespace gafcheck
