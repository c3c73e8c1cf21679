#include "reports/yaml_report.hpp"

#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <string_view>

#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

#ifndef GAFCHECK_VERSION
#define GAFCHECK_VERSION "unknown"
#endif

namespace gafcheck {
namespace {

// Text is always double-quoted, so a value can never be misread as a number, boolean or null.
// Input paths are escaped here; messages and structure paths were escaped when composed and are
// only sanitised, so nothing is escaped twice.
void emit_input_path(YAML::Emitter& out, std::string_view path) {
  out << YAML::DoubleQuoted << escape_bytes(path);
}
void emit_text(YAML::Emitter& out, std::string_view text) {
  out << YAML::DoubleQuoted << sanitize_text(text);
}

std::string finish(const YAML::Emitter& out) {
  std::string document = "---\n";
  document += out.c_str();
  document += '\n';
  return document;
}

// Dotted counter keys ("coverage.slack") become nested maps; items are in first-use order and
// keys sharing a prefix are adjacent by construction.
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

void emit_histograms(YAML::Emitter& out, const Histograms& histograms) {
  out << YAML::BeginMap;
  for (const auto& [name, histogram] : histograms) {
    out << YAML::Key << name << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const auto& [value, count] : histogram) out << YAML::Key << value << YAML::Value << count;
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
}

void emit_finding(YAML::Emitter& out, const Finding& finding) {
  out << YAML::BeginMap;
  out << YAML::Key << "rule" << YAML::Value << std::string(rule_name(finding.rule));
  out << YAML::Key << "severity" << YAML::Value << std::string(severity_name(finding.severity));
  out << YAML::Key << "retail" << YAML::Value << std::string(retail_name(finding.retail));
  out << YAML::Key << "offset" << YAML::Value << finding.offset;
  out << YAML::Key << "length" << YAML::Value << finding.length;
  out << YAML::Key << "path" << YAML::Value;
  emit_text(out, finding.path);
  if (finding.row) out << YAML::Key << "row" << YAML::Value << *finding.row;
  if (finding.column) out << YAML::Key << "column" << YAML::Value << *finding.column;
  out << YAML::Key << "message" << YAML::Value;
  emit_text(out, finding.message);
  out << YAML::EndMap;
}

void emit_members(YAML::Emitter& out, const std::vector<ArchiveMember>& members) {
  out << YAML::BeginSeq;
  for (const ArchiveMember& member : members) {
    out << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "path" << YAML::Value;
    emit_input_path(out, member.path);
    out << YAML::Key << "size" << YAML::Value << member.size;
    out << YAML::Key << "compressed_size" << YAML::Value << member.compressed_size;
    out << YAML::Key << "method" << YAML::Value << member.method;
    out << YAML::Key << "encrypted" << YAML::Value << member.encrypted;
    out << YAML::Key << "format" << YAML::Value << std::string(format_name(member.format));
    out << YAML::Key << "checked" << YAML::Value << member.checked;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

}  // namespace

std::string tool_version() {
  return GAFCHECK_VERSION;
}

std::string yaml_header_document(const ReportHeader& header) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << "header";
  out << YAML::Key << "tool" << YAML::Value << "gafcheck";
  out << YAML::Key << "version" << YAML::Value << tool_version();
  out << YAML::Key << "command" << YAML::Value << header.command;
  out << YAML::Key << "catalog_sha256" << YAML::Value << embedded_catalog_sha256();
  out << YAML::Key << "profile" << YAML::Value << header.profile;
  out << YAML::Key << "game" << YAML::Value << header.game;
  out << YAML::Key << "budgets" << YAML::Value << YAML::BeginMap;
  for (const BudgetSpec& spec : budget_specs)
    out << YAML::Key << std::string(spec.name) << YAML::Value << header.limits[spec.kind];
  out << YAML::EndMap;
  out << YAML::Key << "command_line" << YAML::Value;
  emit_text(out, header.command_line);
  out << YAML::Key << "started_at" << YAML::Value << YAML::DoubleQuoted << header.started_at;
  out << YAML::EndMap;
  return finish(out);
}

std::string yaml_file_document(const FileReport& report) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << "file";
  out << YAML::Key << "path" << YAML::Value;
  emit_input_path(out, report.path);
  if (report.member_of) {
    out << YAML::Key << "member_of" << YAML::Value;
    emit_input_path(out, *report.member_of);
  }
  out << YAML::Key << "size" << YAML::Value << report.size;
  out << YAML::Key << "sha256" << YAML::Value << report.sha256;
  out << YAML::Key << "format" << YAML::Value << std::string(format_name(report.format));
  out << YAML::Key << "verdict" << YAML::Value << std::string(verdict_name(report.verdict));
  out << YAML::Key << "retail" << YAML::Value << std::string(retail_name(report.retail));
  out << YAML::Key << "summary" << YAML::Value;
  emit_counters(out, report.summary);
  if (report.findings_suppressed > 0) {
    out << YAML::Key << "findings_suppressed" << YAML::Value << report.findings_suppressed;
    out << YAML::Key << "finding_counts" << YAML::Value << YAML::BeginMap;
    for (std::size_t i = 0; i < rule_count; ++i)
      if (report.rule_counts[i] != 0)
        out << YAML::Key << std::string(rule_names[i]) << YAML::Value << report.rule_counts[i];
    out << YAML::EndMap;
  }
  if (report.members) {
    out << YAML::Key << "members" << YAML::Value;
    emit_members(out, *report.members);
  }
  out << YAML::Key << "findings" << YAML::Value << YAML::BeginSeq;
  for (const Finding& finding : report.findings) emit_finding(out, finding);
  out << YAML::EndSeq;
  out << YAML::EndMap;
  return finish(out);
}

std::string yaml_summary_document(const RunTotals& totals, const ReportClosing& closing) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << "summary";
  out << YAML::Key << "files" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "total" << YAML::Value << totals.files;
  out << YAML::Key << "by_verdict" << YAML::Value << YAML::BeginMap;
  for (const auto& [name, count] : totals.by_verdict)
    out << YAML::Key << name << YAML::Value << count;
  out << YAML::EndMap;
  out << YAML::Key << "by_format" << YAML::Value << YAML::BeginMap;
  for (const auto& [name, count] : totals.by_format)
    out << YAML::Key << name << YAML::Value << count;
  out << YAML::EndMap;
  out << YAML::EndMap;
  out << YAML::Key << "bytes" << YAML::Value << totals.bytes;
  out << YAML::Key << "totals" << YAML::Value;
  emit_counters(out, totals.summary);
  out << YAML::Key << "findings" << YAML::Value << YAML::BeginMap;
  for (const auto& [rule, counts] : totals.findings) {
    out << YAML::Key << rule << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "occurrences" << YAML::Value << counts.occurrences;
    out << YAML::Key << "files" << YAML::Value << counts.files;
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
  out << YAML::Key << "survey" << YAML::Value;
  emit_histograms(out, totals.survey);
  out << YAML::Key << "budget_hits" << YAML::Value << totals.budget_hits;
  out << YAML::Key << "unreadable" << YAML::Value << totals.unreadable;
  out << YAML::Key << "interrupted" << YAML::Value << closing.interrupted;
  out << YAML::Key << "exit_code" << YAML::Value << closing.exit_code;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", closing.wall_seconds);
  out << YAML::Key << "wall_seconds" << YAML::Value << seconds;
  out << YAML::EndMap;
  return finish(out);
}

}  // namespace gafcheck
