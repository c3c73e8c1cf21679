#pragma once
// The building blocks of report_schema_check: a value checker per type the schemas use (string,
// count, enum, packed...), key checkers for maps whose keys are names (counters, rules, budgets),
// and check_fields, which walks a mapping against a table of the fields gafcheck writes there and
// refuses any other key. Every failure is a SchemaViolation naming the field
// ("findings[3].offset"). The tables themselves are generated from reports/schema/*.json by
// reports/gen/schema_tables.py, which says which schema construct becomes which checker.
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include "reports/packed_field_check.hpp"
#include "reports/report_schema_check.hpp"

namespace gafcheck::field_checks {

using Values = std::initializer_list<const char*>;

// Checks one value; `field` names it in messages.
using Check = void (*)(const YAML::Node& node, const std::string& field);

// One key of a mapping gafcheck writes. A key no table lists is refused: the JSON schemas say
// additionalProperties: false at every level, and merge and --resume write what they read again.
struct Field {
  std::string_view key;
  bool required;
  Check check;
};

// Every table of fields, with the mapping of reports/schema/<kind>.schema.json it stands for (a
// JSON pointer into that schema): the fields it lists are the schema's properties there and the
// required ones its required list, in the order the schema lists them, which is the order
// gafcheck writes them. Generated from the schemas at build time.
struct FieldTable {
  std::string_view kind;
  std::string_view pointer;
  std::span<const Field> fields;
};
std::span<const FieldTable> field_tables();
// The table of a document of the kind (header, file, record, summary) in a report of the schema
// version. Throws SchemaViolation for any other kind.
std::span<const Field> document_fields(std::string_view kind, unsigned schema_version);

// The mapping holds the listed keys (the required ones at least) and nothing else.
void check_fields(const YAML::Node& node, const std::string& field, std::span<const Field> fields);
// A mapping whose keys are names (each checked by `key`) and whose values `value` checks.
void map_field(const YAML::Node& node, const std::string& field,
               bool (*key)(const YAML::Node& name), const char* key_is, Check value);
void list_of(const YAML::Node& node, const std::string& field, Check item);

[[noreturn]] void violation(const std::string& field, const std::string& problem);
// A required field is absent; where_a_cut_would_stop: every field written after it is absent
// too, as in a document a killed writer cut short at a line end (SchemaViolation::missing).
[[noreturn]] void missing_field(const std::string& field, bool where_a_cut_would_stop);
// A name taken from the report, for a message: bounded and printable.
std::string shown(const std::string& text);

void string_field(const YAML::Node& node, const std::string& field);
void message_field(const YAML::Node& node, const std::string& field);  // a non-empty string
void enum_field(const YAML::Node& node, const std::string& field, Values values);
void count_field(const YAML::Node& node, const std::string& field);     // uint64
void positive_field(const YAML::Node& node, const std::string& field);  // count > 0
void integer_field(const YAML::Node& node, const std::string& field);   // int64
void number_field(const YAML::Node& node, const std::string& field);    // non-negative decimal
void bool_field(const YAML::Node& node, const std::string& field);
void true_field(const YAML::Node& node, const std::string& field);  // gafcheck writes only true
void sha256_field(const YAML::Node& node, const std::string& field);
void sha256_or_empty(const YAML::Node& node, const std::string& field);
void shard_field(const YAML::Node& node, const std::string& field);
void strings_field(const YAML::Node& node, const std::string& field);
void decimal_text_field(const YAML::Node& node, const std::string& field);  // "0".."99..9" quoted
// File document summaries and summary totals: counters, or groups of counters ("coverage.slack").
void counters_field(const YAML::Node& node, const std::string& field);
// Checks the schemas name with "x-gafcheck-check", or whose patterns only code can check.
void rule_id_field(const YAML::Node& node, const std::string& field);
void budget_name_field(const YAML::Node& node, const std::string& field);
void exit_code_field(const YAML::Node& node, const std::string& field);  // 0 to 4
// A mapping a command added to its summary (census --conflicts), described by its own schema.
void carried_section_field(const YAML::Node& node, const std::string& field);
// 1 to report_schema_version: a newer report is refused, not misread.
void schema_version_field(const YAML::Node& node, const std::string& field);
// The mapping holds both of the fields or neither (the schemas' dependentRequired pairs).
void both_or_neither(const YAML::Node& node, const std::string& field, const char* first,
                     const char* second);

// Keys of maps whose keys are names.
bool any_key(const YAML::Node& name);  // a string for every YAML reader
bool rule_key(const YAML::Node& name);
bool environment_variable_key(const YAML::Node& name);  // CI_NODE_INDEX, SLURM_ARRAY_TASK_ID...
bool budget_key(const YAML::Node& name);
bool verdict_key(const YAML::Node& name);
bool format_key(const YAML::Node& name);
bool counter_group_key(const YAML::Node& name);
bool counter_key(const YAML::Node& name);
bool histogram_key(const YAML::Node& name);
bool version_key(const YAML::Node& name);

// Checks composed at compile time, so that a table's row names its whole check.
// A mapping with the fields of a table.
template <const auto& fields>
void mapping_field(const YAML::Node& node, const std::string& field) {
  check_fields(node, field, fields);
}
// A list of what item checks.
template <Check item>
void list_field(const YAML::Node& node, const std::string& field) {
  list_of(node, field, item);
}
// One of the values.
template <const Values& values>
void one_of_field(const YAML::Node& node, const std::string& field) {
  enum_field(node, field, values);
}
// The one value gafcheck writes there (a schema's const).
template <const Values& value>
void constant_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (node.Scalar() != *value.begin()) violation(field, "is not " + std::string(*value.begin()));
}
// Records pack maps of numbers into strings; the packing is checked as the schema's patterns say.
template <PackedKind kind>
void packed_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (const auto problem = packed_field_problem(node.Scalar(), kind)) violation(field, *problem);
}
// What a mapping's keys must be, and what a message calls one ("a rule id").
struct KeyNames {
  bool (*accepts)(const YAML::Node& name);
  const char* what;
};
// A mapping from such keys to what value checks.
template <const KeyNames& keys, Check value>
void keyed_field(const YAML::Node& node, const std::string& field) {
  map_field(node, field, keys.accepts, keys.what, value);
}

}  // namespace gafcheck::field_checks
