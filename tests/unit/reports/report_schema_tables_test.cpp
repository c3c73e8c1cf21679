// Reports read back (merge, --resume, --baseline, diff) are checked against the required fields
// of their schema, not only for unknown keys: the field tables report_schema_check walks say the
// same as reports/schema/*.json, field for field and required for required, and a document
// without a field its schema requires is refused naming the field. A document a killed writer cut
// short at a line end lacks only its last fields, and stays readable as cut short.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>

#include "reports/field_checks.hpp"
#include "reports/report_schema_check.hpp"
#include "reports/yaml_event_tree.hpp"
#include "reports/yaml_report.hpp"
#include "tests/support/check_helpers.hpp"

#ifndef GAFCHECK_SOURCE_ROOT
#error GAFCHECK_SOURCE_ROOT must name the source tree
#endif

namespace gafcheck::testing {
namespace {

using nlohmann::json;

json schema(std::string_view kind) {
  std::ifstream in(std::string(GAFCHECK_SOURCE_ROOT) + "/reports/schema/" + std::string(kind) +
                   ".schema.json");
  return json::parse(in);
}

// The object at pointer, following a "$ref" into the schema's own $defs.
const json& resolved(const json& document, const json& node) {
  if (node.contains("$ref")) {
    const std::string ref = node.at("$ref");
    return document.at(json::json_pointer(ref.substr(1)));
  }
  return node;
}

std::set<std::string> names(const json& list) {
  std::set<std::string> out;
  for (const json& name : list) out.insert(name.get<std::string>());
  return out;
}

TEST(ReportSchemaTables, EveryTableListsItsSchemasPropertiesAndRequiredFields) {
  for (const field_checks::FieldTable& table : field_checks::field_tables()) {
    SCOPED_TRACE(std::string(table.kind) + " " + std::string(table.pointer));
    const json document = schema(table.kind);
    const json& object =
        resolved(document, document.at(json::json_pointer(std::string(table.pointer))));
    std::set<std::string> listed, required;
    for (const field_checks::Field& field : table.fields) {
      listed.insert(std::string(field.key));
      if (field.required) required.insert(std::string(field.key));
    }
    std::set<std::string> properties;
    for (const auto& [key, value] : object.at("properties").items()) properties.insert(key);
    EXPECT_EQ(listed, properties);
    EXPECT_EQ(required, names(object.value("required", json::array())));
  }
}

// Every mapping a schema lists properties for has a table: walks each schema.
void collect_objects(const json& node, const std::string& pointer, std::set<std::string>& out) {
  if (!node.is_object()) return;
  if (node.contains("properties")) out.insert(pointer);
  for (const char* nested : {"properties", "$defs"})
    if (node.contains(nested))
      for (const auto& [key, child] : node.at(nested).items())
        collect_objects(child, pointer + "/" + nested + "/" + key, out);
  for (const char* single : {"items", "additionalProperties"})
    if (node.contains(single)) collect_objects(node.at(single), pointer + "/" + single, out);
}

TEST(ReportSchemaTables, EveryMappingOfEverySchemaHasATable) {
  for (const char* kind : {"header", "file", "record", "summary"}) {
    std::set<std::string> in_schema, in_tables;
    collect_objects(schema(kind), "", in_schema);
    for (const field_checks::FieldTable& table : field_checks::field_tables())
      if (table.kind == kind) in_tables.insert(std::string(table.pointer));
    EXPECT_EQ(in_schema, in_tables) << kind;
  }
}

// The SchemaViolation of a document, and whether it reads as cut short.
struct ReadBackRefusal {
  std::string message;
  bool cut_short = false;
};

std::optional<ReadBackRefusal> read_back_refusal(const std::string& text) {
  auto node = load_one_document(text, {});
  if (!node) throw std::runtime_error("no document");
  try {
    check_document_fields(*node, checked_document_kind(*node));
  } catch (const SchemaViolation& violation) {
    return ReadBackRefusal{violation.what(), violation.missing};
  }
  return std::nullopt;
}

// The document's text without the top-level line "key: ..." and its indented continuation.
std::string without_field(const std::string& text, const std::string& key) {
  const std::string start = "\n" + key + ":";
  const auto at = text.find(start);
  if (at == std::string::npos) throw std::runtime_error("no field " + key);
  auto end = at + start.size();
  while (true) {
    end = text.find('\n', end);
    if (end == std::string::npos || end + 1 >= text.size() || text[end + 1] != ' ') break;
    ++end;
  }
  return text.substr(0, at) + (end == std::string::npos ? "\n" : text.substr(end));
}

// The last top-level key of a block mapping document.
std::string last_key(const std::string& text) {
  std::string key;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = text.find('\n', at);
    const std::string line = text.substr(at, end == std::string::npos ? end : end - at);
    if (!line.empty() && line[0] != ' ' && line.find(':') != std::string::npos)
      key = line.substr(0, line.find(':'));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return key;
}

std::vector<std::string> required_keys(std::string_view kind) {
  for (const field_checks::FieldTable& table : field_checks::field_tables())
    if (table.kind == kind && table.pointer.empty()) {
      std::vector<std::string> keys;
      for (const field_checks::Field& field : table.fields)
        if (field.required && field.key != "kind") keys.emplace_back(field.key);
      return keys;
    }
  return {};
}

void expect_each_required_field_refused(const std::string& text, std::string_view kind) {
  ASSERT_EQ(read_back_refusal(text), std::nullopt) << text;
  const std::vector<std::string> keys = required_keys(kind);
  ASSERT_FALSE(keys.empty());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    SCOPED_TRACE(keys[i]);
    const auto refused = read_back_refusal(without_field(text, keys[i]));
    ASSERT_TRUE(refused.has_value());
    EXPECT_EQ(refused->message, "field '" + keys[i] + "' is missing");
    // A hole (fields written after it are there) is never taken for a cut; the last field may be.
    EXPECT_EQ(refused->cut_short, keys[i] == last_key(text));
  }
}

TEST(ReportSchemaTables, SummaryWithoutAnyRequiredFieldIsRefused) {
  RunTotals totals;
  const std::string summary = yaml_summary_document(totals, {1.0, false, 0});
  expect_each_required_field_refused(summary, "summary");
  // Inside a mapping the schema requires fields of too.
  std::string no_verdicts = summary;
  const auto at = no_verdicts.find("  by_verdict:");
  ASSERT_NE(at, std::string::npos);
  no_verdicts.erase(at, no_verdicts.find("  by_format:") - at);
  EXPECT_EQ(read_back_refusal(no_verdicts)->message, "field 'files.by_verdict' is missing");
  EXPECT_FALSE(read_back_refusal(no_verdicts)->cut_short);
}

TEST(ReportSchemaTables, HeaderWithoutAnyRequiredFieldIsRefused) {
  ReportHeader header;
  header.command = "census";
  header.started_at = "2026-01-01T00:00:00Z";
  header.census = CensusSettings{};
  expect_each_required_field_refused(yaml_header_document(header), "header");
}

TEST(ReportSchemaTables, FileDocumentWithoutAnyRequiredFieldIsRefused) {
  auto spec = simple_spec();
  spec.frames[0].compressed = 1;
  const FileReport report = check(builder::build_gaf(spec).bytes, {}, "textures/x.gaf");
  ASSERT_FALSE(report.findings.empty());
  const std::string text = yaml_file_document(report);
  expect_each_required_field_refused(text, "file");
  // A finding without its offset, in the middle of the list: a hole.
  std::string no_offset = text;
  const auto at = no_offset.find("    offset: ");
  ASSERT_NE(at, std::string::npos);
  no_offset.erase(at, no_offset.find('\n', at) + 1 - at);
  const auto refused = read_back_refusal(no_offset);
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->message, "field 'findings[0].offset' is missing");
  EXPECT_FALSE(refused->cut_short);
}

// Control: a document cut at a line end lacks only its last fields; it reads as cut short.
TEST(ReportSchemaTables, ADocumentCutAtALineEndReadsAsCutShort) {
  const std::string summary = yaml_summary_document(RunTotals{}, {1.0, false, 0});
  const std::string cut = summary.substr(0, summary.find("interrupted: "));
  const auto refused = read_back_refusal(cut);
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->message, "field 'interrupted' is missing");
  EXPECT_TRUE(refused->cut_short);
}

}  // namespace
}  // namespace gafcheck::testing
