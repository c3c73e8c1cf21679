#include "reports/yaml_report.hpp"

#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <string_view>

#include "reports/report_schema_check.hpp"
#include "reports/survey_figures.hpp"
#include "reports/yaml_emit.hpp"
#include "validator/core/catalog_digest.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

#ifndef GAFCHECK_VERSION
#define GAFCHECK_VERSION "unknown"
#endif

namespace gafcheck {
namespace {

void emit_census_settings(YAML::Emitter& out, const CensusSettings& census) {
  out << YAML::Key << "census" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "roots" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const std::string& root : census.roots) emit_input_path(out, root);
  out << YAML::EndSeq;
  out << YAML::Key << "extensions" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const std::string& extension : census.extensions) emit_input_path(out, extension);
  out << YAML::EndSeq;
  out << YAML::Key << "shard" << YAML::Value << YAML::DoubleQuoted << census.shard;
  out << YAML::Key << "per_file" << YAML::Value << census.per_file;
  out << YAML::Key << "min_severity" << YAML::Value << census.min_severity;
  emit_path_field(out, "baseline", census.baseline);
  if (census.files_from) {
    out << YAML::Key << "files_from" << YAML::Value << YAML::Flow << YAML::BeginMap;
    emit_path_field(out, "list", census.files_from->list);
    out << YAML::Key << "sha256" << YAML::Value << census.files_from->sha256;
    out << YAML::Key << "separator" << YAML::Value << census.files_from->separator;
    out << YAML::EndMap;
  }
  if (!census.shard_from.empty()) {
    out << YAML::Key << "shard_from" << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const auto& [name, value] : census.shard_from)
      out << YAML::Key << name << YAML::Value << YAML::DoubleQuoted << value;
    out << YAML::EndMap;
  }
  if (!census.config_sha256.empty()) {
    out << YAML::Key << "config_sha256" << YAML::Value << YAML::Flow << census.config_sha256;
  }
  if (!census.rules.empty()) {
    out << YAML::Key << "rules" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const std::string& rule : census.rules) emit_input_path(out, rule);
    out << YAML::EndSeq;
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
  if (finding.suppressed) {
    out << YAML::Key << "suppressed" << YAML::Value << true;
    emit_path_field(out, "justification", finding.justification);
  }
  out << YAML::EndMap;
}

void emit_members(YAML::Emitter& out, const std::vector<ArchiveMember>& members) {
  out << YAML::BeginSeq;
  for (const ArchiveMember& member : members) {
    out << YAML::Flow << YAML::BeginMap;
    emit_path_field(out, "path", member.path);
    out << YAML::Key << "size" << YAML::Value << member.size;
    out << YAML::Key << "compressed_size" << YAML::Value << member.compressed_size;
    out << YAML::Key << "method" << YAML::Value << member.method;
    out << YAML::Key << "encrypted" << YAML::Value << member.encrypted;
    out << YAML::Key << "format" << YAML::Value << std::string(format_name(member.format));
    out << YAML::Key << "checked" << YAML::Value << member.checked;
    if (!member.same_data_as.empty()) {
      emit_path_field(out, "same_data_as", member.same_data_as);
    }
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

void emit_writer(YAML::Emitter& out, const WriterIdentity& writer) {
  out << YAML::Key << "writer" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "tool" << YAML::Value;
  emit_text(out, writer.tool);
  out << YAML::Key << "versions" << YAML::Value;
  emit_text(out, writer.versions);
  out << YAML::Key << "confidence" << YAML::Value << writer.confidence;
  out << YAML::Key << "basis" << YAML::Value << YAML::BeginSeq;
  for (const std::string& fact : writer.basis) emit_text(out, fact);
  out << YAML::EndSeq << YAML::EndMap;
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
  out << YAML::Key << "schema_version" << YAML::Value << report_schema_version;
  out << YAML::Key << "command" << YAML::Value << header.command;
  out << YAML::Key << "catalog_sha256" << YAML::Value << embedded_catalog_sha256();
  out << YAML::Key << "profile" << YAML::Value << header.profile;
  if (!header.config.empty()) {
    out << YAML::Key << "config" << YAML::Value << YAML::BeginSeq;
    for (const ConfigSource& source : header.config) {
      out << YAML::Flow << YAML::BeginMap << YAML::Key << "path" << YAML::Value;
      emit_input_path(out, source.path);
      out << YAML::Key << "sha256" << YAML::Value << source.sha256 << YAML::EndMap;
    }
    out << YAML::EndSeq;
  }
  out << YAML::Key << "game" << YAML::Value << header.game;
  out << YAML::Key << "budgets" << YAML::Value << YAML::BeginMap;
  for (const BudgetSpec& spec : budget_specs)
    out << YAML::Key << std::string(spec.name) << YAML::Value << header.limits[spec.kind];
  out << YAML::EndMap;
  out << YAML::Key << "command_line" << YAML::Value;
  emit_text(out, header.command_line);
  out << YAML::Key << "started_at" << YAML::Value << YAML::DoubleQuoted << header.started_at;
  if (header.census) emit_census_settings(out, *header.census);
  if (header.sandbox) {
    out << YAML::Key << "sandbox" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "enabled" << YAML::Value << header.sandbox->enabled;
    out << YAML::Key << "layers" << YAML::Value << YAML::Flow << header.sandbox->layers;
    out << YAML::EndMap;
  }
  if (!header.merged_from.empty()) {
    out << YAML::Key << "merged_from" << YAML::Value << YAML::BeginSeq;
    for (const std::string& path : header.merged_from) emit_input_path(out, path);
    out << YAML::EndSeq;
  }
  out << YAML::EndMap;
  return finish_document(out);
}

std::string yaml_file_document(const FileReport& report, std::uint64_t baseline_matched) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << "file";
  emit_path_field(out, "path", report.path);
  if (report.member_of) {
    emit_path_field(out, "member_of", *report.member_of);
  }
  out << YAML::Key << "size" << YAML::Value << report.size;
  out << YAML::Key << "sha256" << YAML::Value << report.sha256;
  out << YAML::Key << "format" << YAML::Value << std::string(format_name(report.format));
  out << YAML::Key << "verdict" << YAML::Value << std::string(verdict_name(report.verdict));
  out << YAML::Key << "retail" << YAML::Value << std::string(retail_name(report.retail));
  if (report.writer) emit_writer(out, *report.writer);
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
  if (report.findings_off > 0)
    out << YAML::Key << "findings_off" << YAML::Value << report.findings_off;
  if (report.findings_lowered > 0)
    out << YAML::Key << "findings_lowered" << YAML::Value << report.findings_lowered;
  if (!report.config.empty()) {
    emit_path_field(out, "config", report.config);
  }
  if (baseline_matched > 0)
    out << YAML::Key << "baseline_matched" << YAML::Value << baseline_matched;
  out << YAML::Key << "findings" << YAML::Value << YAML::BeginSeq;
  for (const Finding& finding : report.findings) emit_finding(out, finding);
  out << YAML::EndSeq;
  out << YAML::EndMap;
  return finish_document(out);
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
  if (!totals.by_writer.empty()) {  // none from files not read, or reports before writers
    out << YAML::Key << "by_writer" << YAML::Value << YAML::BeginMap;
    for (const auto& [tool, count] : totals.by_writer) {
      out << YAML::Key;
      emit_text(out, tool);
      out << YAML::Value << count;
    }
    out << YAML::EndMap;
  }
  if (totals.walk_counted) {
    out << YAML::Key << "not_inputs" << YAML::Value << totals.not_inputs;
    out << YAML::Key << "symlinks_not_followed" << YAML::Value << totals.symlinks_not_followed;
    if (totals.ignored > 0) out << YAML::Key << "ignored" << YAML::Value << totals.ignored;
  }
  out << YAML::EndMap;
  out << YAML::Key << "bytes" << YAML::Value << totals.bytes;
  emit_survey_figures(out, totals);
  out << YAML::Key << "totals" << YAML::Value;
  emit_counters(out, totals.summary);
  out << YAML::Key << "findings" << YAML::Value;
  emit_rule_totals(out, totals.findings);
  out << YAML::Key << "survey" << YAML::Value;
  emit_histograms(out, totals.survey);
  out << YAML::Key << "budget_hits" << YAML::Value << totals.budget_hits;
  out << YAML::Key << "unreadable" << YAML::Value << totals.unreadable;
  if (totals.hidden_below) {
    out << YAML::Key << "hidden" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "below" << YAML::Value << std::string(severity_name(*totals.hidden_below));
    for (const auto& [severity, count] : hidden_findings(totals))
      out << YAML::Key << std::string(severity) << YAML::Value << count;
    out << YAML::EndMap;
  }
  for (const SummarySection& section : closing.sections) {
    out << YAML::Key << section.key << YAML::Value;
    section.yaml(out);
  }
  out << YAML::Key << "interrupted" << YAML::Value << closing.interrupted;
  out << YAML::Key << "exit_code" << YAML::Value << closing.exit_code;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", closing.wall_seconds);
  out << YAML::Key << "wall_seconds" << YAML::Value << seconds;
  const double rate =
      closing.wall_seconds > 0 ? static_cast<double>(totals.bytes) / closing.wall_seconds : 0;
  out << YAML::Key << "bytes_per_second" << YAML::Value << static_cast<std::uint64_t>(rate);
  out << YAML::EndMap;
  return finish_document(out);
}

}  // namespace gafcheck
