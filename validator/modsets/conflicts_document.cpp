#include "validator/modsets/conflicts_document.hpp"

#include <yaml-cpp/yaml.h>

#include "reports/yaml_emit.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::modsets {
namespace {

std::string listed(const std::vector<std::string>& rules) {
  std::string text;
  for (const std::string& rule : rules) text += (text.empty() ? "" : ", ") + rule;
  return text;
}

void emit_rules(YAML::Emitter& out, const char* key, const std::vector<std::string>& rules) {
  out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const std::string& rule : rules) emit_text(out, rule);
  out << YAML::EndSeq;
}

void emit_copy(YAML::Emitter& out, const ModSet& set, const Overlap& overlap,
               const OverlapCopy& copy) {
  const Supplier& supplier = set.suppliers[copy.supplier];
  out << YAML::BeginMap;
  emit_path_field(out, "source", copy_argument(set, supplier));
  if (supplier.archive) {
    emit_path_field(out, "archive", set.archives[*supplier.archive].disk);
    emit_path_field(out, "member", supplier.path);
  }
  out << YAML::Key << "loose" << YAML::Value << !supplier.archive.has_value();
  out << YAML::Key << "rank" << YAML::Value;
  if (copy.rank)
    out << *copy.rank;
  else
    out << YAML::Null;
  out << YAML::Key << "size" << YAML::Value << supplier.size;
  out << YAML::Key << "content" << YAML::Value << std::string(copy_content_name(copy.content));
  if (copy.print().read) {
    out << YAML::Key << "sha256" << YAML::Value << copy.print().sha256;
    out << YAML::Key << "format" << YAML::Value << copy.print().format;
    emit_rules(out, "findings", {copy.print().rules.begin(), copy.print().rules.end()});
  }
  if (!copy.damage().empty()) {
    out << YAML::Key << "damage" << YAML::Value;
    emit_text(out, copy.damage());
  }
  if (copy.occurrence > 1) out << YAML::Key << "occurrence" << YAML::Value << copy.occurrence;
  if (overlap.winner && copy.content != CopyContent::winner) {
    const OverlapCopy& loaded = overlap.copies[*overlap.winner];
    if (copy.content == CopyContent::differs || copy.content == CopyContent::drawn_same) {
      if (const std::string command = diff_command(set, copy, loaded); !command.empty()) {
        out << YAML::Key << "diff" << YAML::Value;
        emit_text(out, command);
      }
      emit_rules(out, "winner_only_findings", copy.winner_only);
      emit_rules(out, "shadowed_only_findings", copy.copy_only);
    }
    if (const std::string call_out =
            findings_call_out(copy_label(set, loaded), copy_label(set, copy), copy);
        !call_out.empty()) {
      out << YAML::Key << "call_out" << YAML::Value;
      emit_text(out, call_out);
    }
  }
  out << YAML::EndMap;
}

void emit_overlap(YAML::Emitter& out, const ModSet& set, const ConflictReport& report,
                  const Overlap& overlap) {
  out << YAML::BeginMap;
  emit_path_field(out, "path", overlap.folded);
  out << YAML::Key << "winner" << YAML::Value;
  if (overlap.winner)
    out << *overlap.winner;
  else
    out << YAML::Null;
  out << YAML::Key << "decided_by" << YAML::Value << overlap.decided_by;
  out << YAML::Key << "verdict" << YAML::Value << std::string(overlap_verdict(overlap));
  out << YAML::Key << "findings_differ" << YAML::Value << overlap.findings_differ();
  if (report.engines.size() > 1) {
    out << YAML::Key << "engine_dependent" << YAML::Value << overlap.engine_dependent;
    out << YAML::Key << "winners" << YAML::Value << YAML::BeginMap;
    for (const std::string& engine : report.engines) {
      out << YAML::Key << engine << YAML::Value;
      const auto& winner = overlap.winners.at(engine);
      if (winner)
        out << *winner;
      else
        out << YAML::Null;
    }
    out << YAML::EndMap;
  }
  out << YAML::Key << "copies" << YAML::Value << YAML::BeginSeq;
  for (const OverlapCopy& copy : overlap.copies) emit_copy(out, set, overlap, copy);
  out << YAML::EndSeq << YAML::EndMap;
}

}  // namespace

std::string diff_command(const ModSet& set, const OverlapCopy& shadowed,
                         const OverlapCopy& winner) {
  if (shadowed.occurrence > 1 || winner.occurrence > 1) return {};
  const auto quoted = [&](const OverlapCopy& copy) {
    std::string text = "'";
    for (const char c : escape_bytes(copy_argument(set, set.suppliers[copy.supplier])))
      text += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return text + "'";
  };
  return "gafcheck diff " + quoted(shadowed) + " " + quoted(winner);
}

std::string_view overlap_verdict(const Overlap& overlap) {
  if (overlap.identical_only()) return "identical";
  if (overlap.overrides()) return "override";
  return overlap.not_read() ? "not-read" : "drawn-same";
}

ConflictCounts conflict_counts(const ConflictReport& report) {
  ConflictCounts counts;
  for (const Overlap& overlap : report.overlaps) {
    if (overlap.identical_only())
      ++counts.identical;
    else if (overlap.overrides())
      ++counts.overrides;
    else if (overlap.not_read())
      ++counts.not_read;
    else
      ++counts.drawn_same;
    if (overlap.findings_differ()) ++counts.findings_differ;
    if (overlap.engine_dependent) ++counts.engine_dependent;
  }
  return counts;
}

std::vector<std::pair<std::string_view, std::uint64_t>> conflict_count_fields(
    const ConflictReport& report) {
  const ConflictCounts c = conflict_counts(report);
  std::vector<std::pair<std::string_view, std::uint64_t>> fields = {
      {"archives", report.archives},
      {"sources", report.suppliers},
      {"paths", std::uint64_t{report.overlaps.size()}},
      {"identical", c.identical},
      {"drawn-same", c.drawn_same},
      {"overrides", c.overrides},
      {"not-read", c.not_read},
      {"findings-differ", c.findings_differ},
      {"engine-dependent", c.engine_dependent}};
  if (const std::uint64_t unlisted = report.overlaps.size() - report.listed; unlisted > 0)
    fields.emplace_back("not-listed", unlisted);
  return fields;
}

std::string findings_call_out(const std::string& winner, const std::string& shadowed,
                              const OverlapCopy& copy) {
  std::string text;
  if (!copy.winner_only.empty())
    text = listed(copy.winner_only) + " comes from " + winner + ", which overrides " + shadowed;
  if (!copy.copy_only.empty())
    text += (text.empty() ? "" : "; ") + winner + " overrides " + shadowed + ", which carries " +
            listed(copy.copy_only) + " that the loaded copy lacks";
  return text;
}

void emit_conflicts(YAML::Emitter& out, const ModSet& set, const ConflictReport& report) {
  out << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << "conflicts";
  out << YAML::Key << "engine" << YAML::Value << report.primary;
  out << YAML::Key << "engines" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const std::string& engine : report.engines) out << engine;
  out << YAML::EndSeq;
  out << YAML::Key << "counts" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const auto& [key, value] : conflict_count_fields(report))
    out << YAML::Key << std::string(key) << YAML::Value << value;
  out << YAML::EndMap;
  out << YAML::Key << "unreadable" << YAML::Value << YAML::BeginSeq;
  for (const std::string& problem : report.unreadable) emit_text(out, problem);
  out << YAML::EndSeq;
  out << YAML::Key << "conflicts" << YAML::Value;
  if (report.listed == 0) out << YAML::Flow;
  out << YAML::BeginSeq;
  for (const Overlap& overlap : report.listed_overlaps()) emit_overlap(out, set, report, overlap);
  out << YAML::EndSeq << YAML::EndMap;
}

std::string yaml_conflicts(const ModSet& set, const ConflictReport& report) {
  YAML::Emitter out;
  emit_conflicts(out, set, report);
  return finish_document(out);
}

std::string conflicts_summary(const ConflictReport& report) {
  const ConflictCounts c = conflict_counts(report);
  std::string line = counted(report.overlaps.size(), "path") + " supplied more than once (engine " +
                     report.primary + "): " + std::to_string(c.identical) + " identical, " +
                     std::to_string(c.drawn_same) + " drawn the same, " +
                     counted(c.overrides, "override") + ", " + std::to_string(c.findings_differ) +
                     " with findings that differ";
  if (c.not_read != 0) line += ", " + std::to_string(c.not_read) + " not read";
  if (report.engines.size() > 1)
    line += ", " + std::to_string(c.engine_dependent) + " whose winner depends on the engine";
  if (report.listed < report.overlaps.size())
    line += "; " + counted(report.overlaps.size() - report.listed, "path") + " (" +
            counted(report.unlisted_copies, "copy", "copies") +
            ") counted, not listed: over --max-findings copies listed";
  return line;
}

}  // namespace gafcheck::modsets
