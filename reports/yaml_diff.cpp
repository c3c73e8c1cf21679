// The diff document and its one-line summary for standard error.
#include "reports/report_diff.hpp"
#include "reports/yaml_emit.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

void emit_diff_finding(YAML::Emitter& out, const DiffFinding& finding, bool with_rule) {
  out << YAML::Flow << YAML::BeginMap;
  if (with_rule) {
    out << YAML::Key << "rule" << YAML::Value << finding.rule;
    out << YAML::Key << "path" << YAML::Value;
    emit_text(out, finding.path);
  }
  out << YAML::Key << "severity" << YAML::Value << finding.severity;
  out << YAML::Key << "retail" << YAML::Value << finding.retail;
  out << YAML::Key << "offset" << YAML::Value << finding.offset;
  if (finding.occurrences != 0)
    out << YAML::Key << "occurrences" << YAML::Value << finding.occurrences;
  out << YAML::Key << "message" << YAML::Value;
  emit_text(out, finding.message);
  out << YAML::EndMap;
}

void emit_paths(YAML::Emitter& out, const char* key, const std::vector<std::string>& paths) {
  out << YAML::Key << key << YAML::Value;
  if (paths.empty()) out << YAML::Flow;
  out << YAML::BeginSeq;
  for (const std::string& path : paths) emit_text(out, path);
  out << YAML::EndSeq;
}

void emit_file(YAML::Emitter& out, const FileDiff& file) {
  out << YAML::BeginMap;
  out << YAML::Key << "path" << YAML::Value;
  emit_text(out, file.path);
  if (file.member_of) {
    out << YAML::Key << "member_of" << YAML::Value;
    emit_text(out, *file.member_of);
  }
  if (!file.old_verdict.empty())
    out << YAML::Key << "old_verdict" << YAML::Value << file.old_verdict;
  if (!file.new_verdict.empty())
    out << YAML::Key << "new_verdict" << YAML::Value << file.new_verdict;
  emit_findings(out, "new", file.added);
  emit_findings(out, "resolved", file.resolved);
  if (!file.changed.empty()) {
    out << YAML::Key << "changed" << YAML::Value << YAML::BeginSeq;
    for (const ChangedFinding& changed : file.changed) {
      out << YAML::BeginMap;
      out << YAML::Key << "rule" << YAML::Value << changed.after.rule;
      out << YAML::Key << "path" << YAML::Value;
      emit_text(out, changed.after.path);
      out << YAML::Key << "old" << YAML::Value;
      emit_diff_finding(out, changed.before, false);
      out << YAML::Key << "new" << YAML::Value;
      emit_diff_finding(out, changed.after, false);
      out << YAML::EndMap;
    }
    out << YAML::EndSeq;
  }
  out << YAML::EndMap;
}

}  // namespace

void emit_findings(YAML::Emitter& out, const char* key, const std::vector<DiffFinding>& findings) {
  if (findings.empty()) return;
  out << YAML::Key << key << YAML::Value << YAML::BeginSeq;
  for (const DiffFinding& finding : findings) emit_diff_finding(out, finding, true);
  out << YAML::EndSeq;
}

std::string yaml_diff_document(const ReportDiff& diff, const std::string& old_path,
                               const std::string& new_path) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << "diff";
  out << YAML::Key << "old" << YAML::Value;
  emit_input_path(out, old_path);
  out << YAML::Key << "new" << YAML::Value;
  emit_input_path(out, new_path);
  if (!diff.old_game.empty() || !diff.new_game.empty()) {
    out << YAML::Key << "games" << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "old" << YAML::Value << diff.old_game;
    out << YAML::Key << "new" << YAML::Value << diff.new_game;
    out << YAML::EndMap;
  }
  out << YAML::Key << "counts" << YAML::Value << YAML::Flow << YAML::BeginMap;
  out << YAML::Key << "files_added" << YAML::Value << diff.files_added.size();
  out << YAML::Key << "files_removed" << YAML::Value << diff.files_removed.size();
  out << YAML::Key << "files_changed" << YAML::Value << diff.files.size();
  out << YAML::Key << "new" << YAML::Value << diff.new_findings;
  out << YAML::Key << "resolved" << YAML::Value << diff.resolved_findings;
  out << YAML::Key << "changed" << YAML::Value << diff.changed_findings;
  out << YAML::EndMap;
  emit_paths(out, "files_added", diff.files_added);
  emit_paths(out, "files_removed", diff.files_removed);
  out << YAML::Key << "files" << YAML::Value;
  if (diff.files.empty()) out << YAML::Flow;
  out << YAML::BeginSeq;
  for (const FileDiff& file : diff.files) emit_file(out, file);
  out << YAML::EndSeq;
  out << YAML::Key << "summary_deltas" << YAML::Value;
  if (diff.summary.empty()) out << YAML::Flow;
  out << YAML::BeginMap;
  for (const SummaryDelta& delta : diff.summary) {
    out << YAML::Key << delta.key << YAML::Value << YAML::Flow << YAML::BeginMap;
    out << YAML::Key << "old" << YAML::Value;
    if (delta.before)
      out << *delta.before;
    else
      out << YAML::Null;
    out << YAML::Key << "new" << YAML::Value;
    if (delta.after)
      out << *delta.after;
    else
      out << YAML::Null;
    out << YAML::Key << "delta" << YAML::Value
        << delta.after.value_or(0) - delta.before.value_or(0);
    out << YAML::EndMap;
  }
  out << YAML::EndMap;
  out << YAML::EndMap;
  return finish_document(out);
}

std::string diff_human_summary(const ReportDiff& diff) {
  if (diff.empty()) return "diff: no differences\n";
  return "diff: " + counted(diff.files_added.size(), "file") + " added, " +
         std::to_string(diff.files_removed.size()) + " removed, " +
         std::to_string(diff.files.size()) +
         " with different findings or verdict; findings: " + std::to_string(diff.new_findings) +
         " new, " + std::to_string(diff.resolved_findings) + " resolved, " +
         std::to_string(diff.changed_findings) + " changed; " +
         std::to_string(diff.summary.size()) + " summary figures differ\n";
}

}  // namespace gafcheck
