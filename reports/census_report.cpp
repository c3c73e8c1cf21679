#include "reports/census_report.hpp"

#include <algorithm>

#include "reports/carried_document.hpp"
#include "reports/report_reader.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

std::vector<std::string> unescaped_list(const YAML::Node& node) {
  std::vector<std::string> items;
  if (!node || !node.IsSequence()) return items;
  for (const auto& item : node) items.push_back(unescape_bytes(item.as<std::string>()));
  return items;
}

}  // namespace

ReadHeader parse_report_header(const YAML::Node& node) {
  ReadHeader read;
  try {
    if (!node["kind"] || node["kind"].as<std::string>() != "header")
      throw ReportContentError("the report does not start with a header document");
    ReportHeader& header = read.header;
    header.command = node["command"].as<std::string>();
    header.command_line = node["command_line"].as<std::string>();
    header.started_at = node["started_at"].as<std::string>();
    header.profile = node["profile"].as<std::string>();
    header.game = node["game"].as<std::string>();
    if (const YAML::Node sources = node["config"])
      for (const auto& source : sources)
        header.config.push_back(
            {unescape_bytes(source["path"].as<std::string>()), source["sha256"].as<std::string>()});
    for (const BudgetSpec& spec : budget_specs)
      if (const YAML::Node limit = node["budgets"][std::string(spec.name)])
        header.limits[spec.kind] = limit.as<std::uint64_t>();
    read.version = node["version"].as<std::string>();
    read.catalog_sha256 = node["catalog_sha256"].as<std::string>();
    if (const YAML::Node census = node["census"]) {
      CensusSettings settings;
      settings.roots = unescaped_list(census["roots"]);
      settings.extensions = unescaped_list(census["extensions"]);
      settings.shard = census["shard"].as<std::string>();
      settings.per_file = census["per_file"].as<std::string>();
      settings.min_severity = census["min_severity"].as<std::string>();
      settings.baseline = unescape_bytes(census["baseline"].as<std::string>());
      if (const YAML::Node list = census["files_from"])
        settings.files_from =
            FileListIdentity{unescape_bytes(list["list"].as<std::string>()),
                             list["sha256"].as<std::string>(), list["separator"].as<std::string>()};
      if (const YAML::Node variables = census["shard_from"])
        for (const auto& variable : variables)
          settings.shard_from.emplace_back(variable.first.as<std::string>(),
                                           variable.second.as<std::string>());
      if (const YAML::Node digests = census["config_sha256"])
        settings.config_sha256 = digests.as<std::vector<std::string>>();
      settings.rules = unescaped_list(census["rules"]);
      header.census = settings;
    }
    header.merged_from = unescaped_list(node["merged_from"]);
    if (const YAML::Node sandbox = node["sandbox"])
      header.sandbox = SandboxState{sandbox["enabled"].as<bool>(),
                                    sandbox["layers"].as<std::vector<std::string>>()};
  } catch (const YAML::Exception& error) {
    throw ReportContentError(std::string("malformed report header: ") + error.what());
  }
  return read;
}

CensusReportReader::CensusReportReader(const std::string& path) : stream_(path) {
  auto first = stream_.next();
  if (!first) throw ReportContentError("report " + path + " is empty");
  header_ = parse_report_header(first->node);
  if (!header_.header.census)
    throw ReportContentError("report " + path + " is not a census report (no census settings)");
}

// A group is carried into a new report (merge, --resume), so it may hold only what gafcheck
// writes for one input: at most one file document per record of the group, each for one of those
// records' paths, and at most --max-members + 1 records (the members and the input itself). Its
// documents are parsed and written again by gafcheck's writers (carried_document.hpp): the new
// report holds none of the old text.
std::optional<RecordGroup> CensusReportReader::next_group() {
  if (ended_) return std::nullopt;
  RecordGroup group;
  std::vector<std::string> file_paths;
  const std::uint64_t most = header_.header.limits[BudgetKind::members] + 1;
  auto refuse = [&](const std::string& reason) {
    throw ReportError("report " + path() + ": " + reason);
  };
  while (auto document = stream_.next()) {
    if (document->kind == "summary") {
      ended_ = true;
      // A summary cut at a line boundary still parses: trust it only with its last key.
      if (document->node["bytes_per_second"]) summary_ = document->node;
      return std::nullopt;
    }
    group.printable = group.printable && printable_report_text(document->text);
    const std::string where = "document " + std::to_string(document->index) + " (" +
                              document->kind + ", path " +
                              canonical_escaped(document->node["path"].Scalar()) + ")";
    if (document->kind == "file") {
      if (file_paths.size() >= most)
        refuse(where + ": more than " + std::to_string(most) +
               " file documents in one group (--max-members + 1)");
      file_paths.push_back(unescape_bytes(document->node["path"].as<std::string>()));
      try {
        group.files.push_back(parse_file_document(document->node));
      } catch (const std::runtime_error& error) {
        refuse(where + ": " + error.what());
      }
      continue;
    }
    if (group.records.size() >= most)
      refuse(where + ": more than " + std::to_string(most) +
             " records in one group (--max-members + 1)");
    try {
      group.records.push_back(parse_record(document->node));
    } catch (const std::runtime_error& error) {
      refuse(where + ": " + error.what());
    }
    const ParsedRecord& record = group.records.back();
    if (record.report.member_of) continue;
    group.path = record.report.path;
    group.size = record.report.size;
    group.mtime_ns = record.facts.mtime_ns;
    group.identity = record.facts.identity;
    group.sha256 = record.report.sha256;
    group.unreadable = record.report.format == Format::unreadable;
    check_file_documents(group, file_paths);
    return group;
  }
  ended_ = true;
  return std::nullopt;
}

void CensusReportReader::check_file_documents(const RecordGroup& group,
                                              std::vector<std::string>& file_paths) const {
  std::vector<std::string> record_paths;
  for (const ParsedRecord& record : group.records) record_paths.push_back(record.report.path);
  std::sort(record_paths.begin(), record_paths.end());
  std::sort(file_paths.begin(), file_paths.end());
  for (std::size_t i = 0; i < file_paths.size(); ++i) {
    if (i > 0 && file_paths[i] == file_paths[i - 1])
      throw ReportError("report " + path() + ": two file documents for " +
                        escape_bytes(file_paths[i]) + " in the group of " +
                        escape_bytes(group.path));
    if (!std::binary_search(record_paths.begin(), record_paths.end(), file_paths[i]))
      throw ReportError("report " + path() + ": a file document for " +
                        escape_bytes(file_paths[i]) + " in the group of " +
                        escape_bytes(group.path) + ", which has no record for it");
  }
  // The exit code of a run that takes the group over comes from the records' worst severity: a
  // record that says less than its own file document lists was edited to pass.
  for (const ParsedFileDocument& file : group.files) {
    std::optional<Severity> listed;
    for (const Finding& finding : file.report.findings)
      if (!finding.suppressed)
        listed = std::max(listed.value_or(finding.severity), finding.severity);
    const auto record =
        std::find_if(group.records.begin(), group.records.end(),
                     [&](const ParsedRecord& r) { return r.report.path == file.report.path; });
    const std::optional<Severity> worst = record->facts.worst;
    if (listed && (!worst || *worst < *listed))
      throw ReportError("report " + path() + ": the record of " + escape_bytes(file.report.path) +
                        " says its worst finding is " +
                        (worst ? std::string(severity_name(*worst)) : std::string("none")) +
                        ", but its file document lists one of severity " +
                        std::string(severity_name(*listed)) + " (the report was edited)");
  }
}

}  // namespace gafcheck
