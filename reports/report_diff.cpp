#include "reports/report_diff.hpp"

#include <charconv>
#include <set>

#include "reports/finding_match.hpp"
#include "reports/report_reader.hpp"
#include "reports/yaml_record.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

// Figures that differ between any two runs and say nothing about the files.
const std::set<std::string> timing_keys = {"wall_seconds", "bytes_per_second"};

DiffFinding read_finding(const YAML::Node& node) {
  DiffFinding finding;
  finding.rule = node["rule"].as<std::string>();
  finding.severity = node["severity"].as<std::string>();
  finding.retail = node["retail"].as<std::string>();
  finding.offset = node["offset"].as<std::uint64_t>();
  finding.path = sanitize_text(node["path"].as<std::string>());
  finding.message = sanitize_text(node["message"].as<std::string>());
  return finding;
}

std::optional<std::int64_t> integer_value(const YAML::Node& node) {
  const std::string& text = node.Scalar();
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

void flatten(const YAML::Node& node, const std::string& prefix,
             std::map<std::string, std::int64_t>& figures) {
  if (node.IsMap()) {
    for (const auto& item : node) {
      const auto key = item.first.as<std::string>();
      if (prefix.empty() && (timing_keys.count(key) || key == "kind")) continue;
      flatten(item.second, prefix.empty() ? key : prefix + "/" + key, figures);
    }
  } else if (node.IsScalar()) {
    if (const auto value = integer_value(node)) figures[prefix] = *value;
  }
}

bool same_finding(const DiffFinding& a, const DiffFinding& b) {
  return a.severity == b.severity && a.retail == b.retail &&
         message_without_offsets(a.message) == message_without_offsets(b.message);
}

const RuleInfo& known_rule(const std::string& name) {
  const auto rule = rule_from_name(name);
  if (!rule) throw ReportContentError("names a rule this build does not know: " + name);
  return embedded_catalog().info(*rule);
}

DiffFinding counted_finding(const std::string& rule, std::uint64_t occurrences) {
  const RuleInfo& info = known_rule(rule);
  return {rule,
          std::string(severity_name(info.severity)),
          std::string(retail_name(info.retail)),
          0,
          "",
          std::to_string(occurrences) + (occurrences == 1 ? " occurrence" : " occurrences") +
              " (census record, no file document)",
          occurrences};
}

// Occurrences per rule, when a file document does not list the findings on both sides.
void diff_counts(const std::map<std::string, std::uint64_t>& before,
                 const std::map<std::string, std::uint64_t>& after, FileDiff& diff) {
  std::set<std::string> rules;
  for (const auto& [rule, count] : before) rules.insert(rule);
  for (const auto& [rule, count] : after) rules.insert(rule);
  for (const std::string& rule : rules) {
    const auto old_count = before.count(rule) ? before.at(rule) : 0;
    const auto new_count = after.count(rule) ? after.at(rule) : 0;
    if (old_count == new_count) continue;
    if (old_count == 0)
      diff.added.push_back(counted_finding(rule, new_count));
    else if (new_count == 0)
      diff.resolved.push_back(counted_finding(rule, old_count));
    else
      diff.changed.push_back({counted_finding(rule, old_count), counted_finding(rule, new_count)});
  }
}

FileDiff diff_file(const FileKey& key, const FileFindings* before, const FileFindings* after) {
  FileDiff diff;
  diff.path = key.path;
  diff.member_of = key.member_of;
  static const FileFindings none;
  const FileFindings& old_file = before ? *before : none;
  const FileFindings& new_file = after ? *after : none;
  if (before) diff.old_verdict = before->verdict;
  if (after) diff.new_verdict = after->verdict;
  // A side that is absent lists exactly nothing.
  if ((before && !before->listed) || (after && !after->listed)) {
    diff_counts(old_file.counts, new_file.counts, diff);
    return diff;
  }
  std::vector<std::string> old_keys, new_keys;
  for (const auto& finding : old_file.findings)
    old_keys.push_back(finding_key(finding.rule, finding.path));
  for (const auto& finding : new_file.findings)
    new_keys.push_back(finding_key(finding.rule, finding.path));
  const FindingKeyMatch match = match_finding_keys(old_keys, new_keys);
  for (const auto& [old_index, new_index] : match.pairs) {
    const DiffFinding& a = old_file.findings[old_index];
    const DiffFinding& b = new_file.findings[new_index];
    if (!same_finding(a, b)) diff.changed.push_back({a, b});
  }
  for (const std::size_t index : match.only_old) diff.resolved.push_back(old_file.findings[index]);
  for (const std::size_t index : match.only_new) diff.added.push_back(new_file.findings[index]);
  return diff;
}

Severity severity_or_error(const std::string& name) {
  return severity_from_name(name).value_or(Severity::error);
}

}  // namespace

std::string describe(const FileKey& key) {
  return key.member_of ? key.path + " (member of " + *key.member_of + ")" : key.path;
}

// Texts are read in the form this version writes, so that a name matches itself in a report of an
// older gafcheck that left some characters raw.
FileKey file_key(const YAML::Node& node) {
  FileKey key{canonical_escaped(node["path"].as<std::string>())};
  if (const YAML::Node archive = node["member_of"])
    key.member_of = canonical_escaped(archive.as<std::string>());
  return key;
}

ReportContents load_report_contents(const std::string& path) {
  ReportContents contents;
  ReportStream stream(path);
  try {
    while (auto document = stream.next()) {
      const YAML::Node& node = document->node;
      if (document->kind == "header") {
        if (node["game"]) contents.game = node["game"].as<std::string>();
      } else if (document->kind == "summary") {
        contents.summary = node;
      } else if (document->kind == "file") {
        const FileKey key = file_key(node);
        FileFindings& file = contents.files[key];
        if (file.listed) throw ReportContentError("two file documents for " + describe(key));
        file.listed = true;
        file.verdict = node["verdict"].as<std::string>();
        file.sha256 = node["sha256"].as<std::string>();
        for (const auto& finding : node["findings"]) file.findings.push_back(read_finding(finding));
        if (file.recorded) continue;
        if (const YAML::Node counts = node["finding_counts"]) {
          for (const auto& item : counts)
            file.counts[item.first.as<std::string>()] = item.second.as<std::uint64_t>();
        } else {
          for (const DiffFinding& finding : file.findings) ++file.counts[finding.rule];
        }
      } else if (document->kind == "record") {
        const FileKey key = file_key(node);
        FileFindings& file = contents.files[key];
        if (file.recorded) throw ReportContentError("two records for " + describe(key));
        file.recorded = true;
        const ParsedRecord record = parse_record(node);
        file.counts.clear();
        for (std::size_t i = 0; i < rule_count; ++i)
          if (record.report.rule_counts[i] != 0)
            file.counts[std::string(rule_names[i])] = record.report.rule_counts[i];
        if (file.listed) continue;
        file.verdict = std::string(verdict_name(record.report.verdict));
        file.sha256 = record.report.sha256;
      }
    }
  } catch (const YAML::Exception& error) {
    throw ReportContentError("report " + path + ": malformed document: " + error.what());
  } catch (const std::runtime_error& error) {
    throw ReportContentError("report " + path + ": " + error.what());
  }
  contents.cut_short = stream.cut_short();
  return contents;
}

namespace {

// The directory every file of a report lies in: the longest common prefix of their paths (an
// archive member's: its archive's) that ends in '/'.
std::string common_directory(const ReportContents& contents) {
  std::optional<std::string> prefix;
  for (const auto& [key, file] : contents.files) {
    const std::string& top = key.member_of ? *key.member_of : key.path;
    const std::string directory = top.substr(0, top.rfind('/') + 1);
    if (!prefix) {
      prefix = directory;
      continue;
    }
    std::size_t shared = 0;
    while (shared < prefix->size() && shared < directory.size() &&
           (*prefix)[shared] == directory[shared])
      ++shared;
    prefix->resize(shared);
  }
  std::string directory = prefix.value_or("");
  directory.resize(directory.rfind('/') + 1);
  return directory;
}

// The report with its files' paths relative to their common directory.
ReportContents rebased(const ReportContents& contents) {
  const std::string directory = common_directory(contents);
  ReportContents out = contents;
  out.files.clear();
  for (const auto& [key, file] : contents.files) {
    FileKey relative = key;
    relative.path.erase(0, directory.size());
    if (relative.member_of) relative.member_of->erase(0, directory.size());
    out.files.emplace(std::move(relative), file);
  }
  return out;
}

bool share_a_file(const ReportContents& before, const ReportContents& after) {
  for (const auto& [key, file] : before.files)
    if (after.files.contains(key)) return true;
  return false;
}

}  // namespace

ReportDiff diff_reports(const ReportContents& before, const ReportContents& after) {
  // Reports of two copies of a tree (old/ and new/, or two checkouts) name no file alike: their
  // files are then matched by their paths below the directory each report's files share.
  if (!before.files.empty() && !after.files.empty() && !share_a_file(before, after)) {
    const ReportContents old_rebased = rebased(before), new_rebased = rebased(after);
    if (share_a_file(old_rebased, new_rebased)) return diff_reports(old_rebased, new_rebased);
  }
  ReportDiff diff;
  diff.old_game = before.game;
  diff.new_game = after.game;
  std::set<FileKey> keys;
  for (const auto& [key, file] : before.files) keys.insert(key);
  for (const auto& [key, file] : after.files) keys.insert(key);
  for (const FileKey& key : keys) {
    const auto old_file = before.files.find(key);
    const auto new_file = after.files.find(key);
    const FileFindings* a = old_file == before.files.end() ? nullptr : &old_file->second;
    const FileFindings* b = new_file == after.files.end() ? nullptr : &new_file->second;
    if (!a) diff.files_added.push_back(key.path);
    if (!b) diff.files_removed.push_back(key.path);
    FileDiff file = diff_file(key, a, b);
    if (file.added.empty() && file.resolved.empty() && file.changed.empty() &&
        file.old_verdict == file.new_verdict)
      continue;
    diff.new_findings += file.added.size();
    diff.resolved_findings += file.resolved.size();
    diff.changed_findings += file.changed.size();
    diff.files.push_back(std::move(file));
  }

  std::map<std::string, std::int64_t> old_figures, new_figures;
  if (before.summary) flatten(*before.summary, "", old_figures);
  if (after.summary) flatten(*after.summary, "", new_figures);
  std::set<std::string> figure_keys;
  for (const auto& [key, value] : old_figures) figure_keys.insert(key);
  for (const auto& [key, value] : new_figures) figure_keys.insert(key);
  for (const std::string& key : figure_keys) {
    SummaryDelta delta{key, std::nullopt, std::nullopt};
    if (const auto found = old_figures.find(key); found != old_figures.end())
      delta.before = found->second;
    if (const auto found = new_figures.find(key); found != new_figures.end())
      delta.after = found->second;
    if (delta.before != delta.after) diff.summary.push_back(delta);
  }
  return diff;
}

bool has_new_findings_at_or_above(const ReportDiff& diff, Severity threshold) {
  for (const FileDiff& file : diff.files) {
    for (const DiffFinding& finding : file.added)
      if (severity_or_error(finding.severity) >= threshold) return true;
    // A finding that was there but rises to the threshold is new at that severity; so is a
    // further occurrence of a rule a census record counts.
    for (const ChangedFinding& changed : file.changed)
      if (severity_or_error(changed.after.severity) >= threshold &&
          (severity_or_error(changed.before.severity) < threshold ||
           changed.after.occurrences > changed.before.occurrences))
        return true;
  }
  return false;
}

}  // namespace gafcheck
