#include "reports/carried_document.hpp"

#include "reports/report_reader.hpp"
#include "reports/yaml_report.hpp"
#include "validator/core/format.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

std::uint64_t count(const YAML::Node& node) {
  return node.as<std::uint64_t>();
}

template <typename T, typename Parse>
T named(const YAML::Node& node, const std::string& field, Parse parse) {
  const auto value = parse(node.as<std::string>());
  if (!value) throw ReportContentError("file document with an unknown '" + field + "'");
  return *value;
}

RuleId rule(const std::string& name, const std::string& field) {
  const auto id = rule_from_name(name);
  if (!id)
    throw ReportContentError("field '" + field + "' names a rule this build does not know: " +
                             escape_bytes(name.substr(0, 64)));
  return *id;
}

ArchiveMember read_member(const YAML::Node& node) {
  ArchiveMember member;
  member.path = unescape_bytes(node["path"].Scalar());
  member.size = count(node["size"]);
  member.compressed_size = count(node["compressed_size"]);
  member.method = node["method"].Scalar();
  member.encrypted = node["encrypted"].as<bool>();
  member.format = named<Format>(node["format"], "members.format", format_from_name);
  member.checked = node["checked"].as<bool>();
  if (const YAML::Node same = node["same_data_as"])
    member.same_data_as = unescape_bytes(same.Scalar());
  return member;
}

Finding read_finding(const YAML::Node& node, const std::string& field) {
  Finding finding;
  finding.rule = rule(node["rule"].Scalar(), field + ".rule");
  finding.severity = named<Severity>(node["severity"], field + ".severity", severity_from_name);
  finding.retail = named<Retail>(node["retail"], field + ".retail", retail_from_name);
  finding.offset = count(node["offset"]);
  finding.length = count(node["length"]);
  // Messages and structure paths were escaped when composed: kept as text, sanitised on output.
  finding.path = node["path"].Scalar();
  finding.message = node["message"].Scalar();
  if (const YAML::Node row = node["row"]) finding.row = count(row);
  if (const YAML::Node column = node["column"]) finding.column = count(column);
  if (const YAML::Node suppressed = node["suppressed"]) finding.suppressed = suppressed.as<bool>();
  if (const YAML::Node justification = node["justification"])
    finding.justification = unescape_bytes(justification.Scalar());
  return finding;
}

}  // namespace

ParsedFileDocument parse_file_document(const YAML::Node& node) {
  ParsedFileDocument parsed;
  FileReport& report = parsed.report;
  report.path = unescape_bytes(node["path"].Scalar());
  if (const YAML::Node archive = node["member_of"])
    report.member_of = unescape_bytes(archive.Scalar());
  report.size = count(node["size"]);
  report.sha256 = node["sha256"].Scalar();
  report.format = named<Format>(node["format"], "format", format_from_name);
  report.verdict = named<Verdict>(node["verdict"], "verdict", verdict_from_name);
  report.retail = named<Retail>(node["retail"], "retail", retail_from_name);
  if (const YAML::Node writer = node["writer"]) report.writer = read_writer(writer);
  read_counters(node["summary"], report.summary);
  // gafcheck writes the two together: one without the other would not be written again alike.
  const YAML::Node suppressed = node["findings_suppressed"], counts = node["finding_counts"];
  if (bool(suppressed) != bool(counts))
    throw ReportContentError(
        "file document with only one of 'findings_suppressed' and "
        "'finding_counts'");
  if (suppressed) {
    report.findings_suppressed = count(suppressed);
    for (const auto& item : counts) {
      const std::string& name = item.first.Scalar();
      report.rule_counts[static_cast<std::size_t>(rule(name, "finding_counts." + name))] =
          count(item.second);
    }
  }
  if (const YAML::Node members = node["members"]) {
    report.members.emplace();
    for (const auto& member : members) report.members->push_back(read_member(member));
  }
  if (const YAML::Node off = node["findings_off"]) report.findings_off = count(off);
  if (const YAML::Node lowered = node["findings_lowered"]) report.findings_lowered = count(lowered);
  if (const YAML::Node config = node["config"]) report.config = unescape_bytes(config.Scalar());
  if (const YAML::Node matched = node["baseline_matched"]) parsed.baseline_matched = count(matched);
  std::size_t index = 0;
  for (const auto& finding : node["findings"])
    report.findings.push_back(read_finding(finding, "findings[" + std::to_string(index++) + "]"));
  return parsed;
}

std::string reemitted_file_document(const YAML::Node& node) {
  const ParsedFileDocument parsed = parse_file_document(node);
  return yaml_file_document(parsed.report, parsed.baseline_matched);
}

std::string reemitted_record_document(const ParsedRecord& record) {
  return yaml_record_document(record.report, record.facts);
}

}  // namespace gafcheck
