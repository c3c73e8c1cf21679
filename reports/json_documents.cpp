#include "reports/json_documents.hpp"

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "reports/counter_groups.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

using Json = nlohmann::ordered_json;

// One line; hostile text was escaped before it got here, yet the encoder must never throw.
std::string line_of(const Json& value) {
  std::string line = value.dump(-1, ' ', false, Json::error_handler_t::replace);
  line += '\n';
  return line;
}

// Dotted counters nest as in the YAML report (reports/counter_groups.hpp).
Json nested_counters(const Counters& counters) {
  Json object = Json::object();
  for (const CounterGroup& group : group_counters(counters)) {
    if (!group.nested) {
      object[group.name] = group.counters.front().second;
      continue;
    }
    Json& inner = object[group.name] = Json::object();
    for (const auto& [key, value] : group.counters) inner[key] = value;
  }
  return object;
}

Json finding_object(const Finding& finding) {
  Json object = Json::object();
  object["rule"] = rule_name(finding.rule);
  object["severity"] = severity_name(finding.severity);
  object["retail"] = retail_name(finding.retail);
  object["offset"] = finding.offset;
  object["length"] = finding.length;
  object["path"] = sanitize_text(finding.path);
  if (finding.row) object["row"] = *finding.row;
  if (finding.column) object["column"] = *finding.column;
  object["message"] = sanitize_text(finding.message);
  if (finding.suppressed) {
    object["suppressed"] = true;
    object["justification"] = escape_bytes(finding.justification);
  }
  return object;
}

Json member_object(const ArchiveMember& member) {
  Json object = Json::object();
  object["path"] = escape_bytes(member.path);
  object["size"] = member.size;
  object["compressed_size"] = member.compressed_size;
  object["method"] = member.method;
  object["encrypted"] = member.encrypted;
  object["format"] = format_name(member.format);
  object["checked"] = member.checked;
  if (!member.same_data_as.empty()) object["same_data_as"] = escape_bytes(member.same_data_as);
  return object;
}

Json writer_object(const WriterIdentity& writer) {
  Json basis = Json::array();
  for (const std::string& fact : writer.basis) basis.push_back(sanitize_text(fact));
  return {{"tool", sanitize_text(writer.tool)},
          {"versions", sanitize_text(writer.versions)},
          {"confidence", writer.confidence},
          {"basis", std::move(basis)}};
}

// A plain YAML scalar as YAML's core schema (and PyYAML) types it.
Json plain_scalar(const std::string& text) {
  if (text == "true" || text == "True" || text == "TRUE") return true;
  if (text == "false" || text == "False" || text == "FALSE") return false;
  if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL")
    return nullptr;
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (text[0] == '-') {
    std::int64_t value = 0;
    const auto [next, error] = std::from_chars(begin, end, value);
    if (error == std::errc() && next == end) return value;
  } else {
    std::uint64_t value = 0;
    const auto [next, error] = std::from_chars(begin + (text[0] == '+'), end, value);
    if (error == std::errc() && next == end) return value;
  }
  const bool has_dot = text.find('.') != std::string::npos;
  if (has_dot) {
    double value = 0;
    const auto [next, error] = std::from_chars(begin + (text[0] == '+'), end, value);
    if (error == std::errc() && next == end) return value;
  }
  return text;
}

Json from_node(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: {
      Json object = Json::object();
      for (const auto& item : node) object[item.first.Scalar()] = from_node(item.second);
      return object;
    }
    case YAML::NodeType::Sequence: {
      Json array = Json::array();
      for (const auto& item : node) array.push_back(from_node(item));
      return array;
    }
    case YAML::NodeType::Scalar:
      return node.Tag() == "!" ? Json(node.Scalar()) : plain_scalar(node.Scalar());
    default: return nullptr;
  }
}

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      static constexpr char digits[] = "0123456789abcdef";
      out += "\\u00";
      out += digits[static_cast<unsigned char>(c) >> 4];
      out += digits[c & 0xF];
    } else {
      out += c;
    }
  }
  out += '"';
}

void append_field(std::string& out, std::string_view key, std::string_view value) {
  out += ",\"";
  out += key;
  out += "\":";
  append_json_string(out, value);
}

template <typename Integer>
requires std::is_integral_v<Integer>
void append_field(std::string& out, std::string_view key, Integer value) {
  out += ",\"";
  out += key;
  out += "\":";
  char digits[24];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

}  // namespace

std::string json_file_line(const FileReport& report, std::uint64_t baseline_matched) {
  Json object = Json::object();
  object["kind"] = "file";
  object["path"] = escape_bytes(report.path);
  if (report.member_of) object["member_of"] = escape_bytes(*report.member_of);
  object["size"] = report.size;
  object["sha256"] = report.sha256;
  object["format"] = format_name(report.format);
  object["verdict"] = verdict_name(report.verdict);
  object["retail"] = retail_name(report.retail);
  if (report.writer) object["writer"] = writer_object(*report.writer);
  object["summary"] = nested_counters(report.summary);
  if (report.findings_suppressed > 0) {
    object["findings_suppressed"] = report.findings_suppressed;
    Json& counts = object["finding_counts"] = Json::object();
    for (std::size_t i = 0; i < rule_count; ++i)
      if (report.rule_counts[i] != 0) counts[std::string(rule_names[i])] = report.rule_counts[i];
  }
  if (report.members) {
    Json& members = object["members"] = Json::array();
    for (const ArchiveMember& member : *report.members) members.push_back(member_object(member));
  }
  if (report.findings_off > 0) object["findings_off"] = report.findings_off;
  if (report.findings_lowered > 0) object["findings_lowered"] = report.findings_lowered;
  if (!report.config.empty()) object["config"] = escape_bytes(report.config);
  if (baseline_matched > 0) object["baseline_matched"] = baseline_matched;
  Json& findings = object["findings"] = Json::array();
  for (const Finding& finding : report.findings) findings.push_back(finding_object(finding));
  return line_of(object);
}

// Composed directly, as yaml_record_document is: one record per input, and building it as a
// nlohmann object cost more than a tenth of a census's CPU. The keys are fixed; the values are
// numbers, names from fixed vocabularies, mappings of identifiers to numbers, and paths
// escaped by escape_bytes (printable UTF-8: only the quote and the backslash need escaping; a
// control character, which escape_bytes never leaves, would be written as \u00XX).
std::string json_record_line(const FileReport& report, const RecordFacts& facts) {
  std::string line = "{\"kind\":\"record\",\"path\":";
  append_json_string(line, escape_bytes(report.path));
  if (report.member_of) {
    line += ",\"member_of\":";
    append_json_string(line, escape_bytes(*report.member_of));
  }
  append_field(line, "size", report.size);
  append_field(line, "mtime_ns", facts.mtime_ns);
  if (facts.identity) {
    append_field(line, "ctime_ns", facts.identity->ctime_ns);
    append_field(line, "device", facts.identity->device);
    append_field(line, "inode", facts.identity->inode);
  }
  append_field(line, "sha256", report.sha256);
  append_field(line, "format", format_name(report.format));
  append_field(line, "verdict", verdict_name(report.verdict));
  append_field(line, "retail", retail_name(report.retail));
  if (facts.worst) append_field(line, "worst", severity_name(*facts.worst));
  append_record_maps(line, report, RecordSyntax::json);
  if (report.budget_hit) {
    line += ",\"budget_hit\":{\"budget\":";
    append_json_string(line, budget_spec(report.budget_hit->kind).name);
    append_field(line, "limit", report.budget_hit->limit);
    append_field(line, "value", report.budget_hit->value);
    line += '}';
  }
  line += "}\n";
  return line;
}

std::string json_from_yaml_document(std::string_view yaml) {
  const YAML::Node node = YAML::Load(std::string(yaml));
  return line_of(from_node(node));
}

}  // namespace gafcheck
