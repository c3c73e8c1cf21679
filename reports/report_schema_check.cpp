#include "reports/report_schema_check.hpp"

#include <csignal>

#include "validator/base/exit_code.hpp"

#include "reports/field_checks.hpp"
#include "reports/packed_field_check.hpp"

namespace gafcheck {
namespace {

using namespace field_checks;

const Values separators = {"newline", "nul"};
const Values per_file_levels = {"all", "findings", "none"};
const Values sandbox_layers = {"seccomp", "landlock"};
const Values commands = {"check", "census", "rebuild"};

constexpr KeyNames environment_variables = {environment_variable_key,
                                            "an environment variable name"};
constexpr KeyNames budget_names = {budget_key, "a budget gafcheck has"};
constexpr KeyNames rule_ids = {rule_key, "a rule id"};
constexpr KeyNames verdict_names = {verdict_key, "a verdict"};
constexpr KeyNames format_names = {format_key, "a format"};
constexpr KeyNames version_words = {version_key, "a version (0x and 8 hex digits)"};
constexpr KeyNames histogram_names = {counter_group_key, "a histogram name"};

void tool_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (node.Scalar() != "gafcheck") violation(field, "is not gafcheck");
}

void rule_id_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (!packed_rule_name(node.Scalar())) violation(field, "is not a rule id");
}

void suppressed_field(const YAML::Node& node, const std::string& field) {
  bool_field(node, field);
  if (!node.as<bool>()) violation(field, "is false (gafcheck writes it only as true)");
}

void budget_name_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (!budget_key(node))
    violation(field, "is '" + shown(node.Scalar()) + "', not a budget gafcheck has");
}

void exit_code_field(const YAML::Node& node, const std::string& field) {
  count_field(node, field);
  const std::uint64_t code = node.as<std::uint64_t>();
  const bool interrupted = code == std::uint64_t(interrupted_exit_status(SIGINT)) ||
                           code == std::uint64_t(interrupted_exit_status(SIGTERM));
  if (code > std::uint64_t(exit_status(exit_code_specs.back().code)) && !interrupted)
    violation(field, "is not an exit status gafcheck has (0 to 5, or 130 and 143 interrupted)");
}

const Field file_list_fields[] = {
    {"list", true, string_field},
    {"sha256", true, sha256_field},
    {"separator", true, one_of_field<separators>},
};

const Field census_fields[] = {
    {"roots", true, strings_field},
    {"extensions", true, strings_field},
    {"shard", true, shard_field},
    {"per_file", true, one_of_field<per_file_levels>},
    {"min_severity", true, severity_field},
    {"baseline", true, string_field},
    // Censuses with --files-from / --shard auto only.
    {"files_from", false, mapping_field<file_list_fields>},
    {"shard_from", false, keyed_field<environment_variables, decimal_text_field>},
    // Reports from before configuration files have neither.
    {"config_sha256", false, list_field<sha256_field>},
    {"rules", false, strings_field},
};

const Field config_source_fields[] = {
    {"path", true, string_field},
    {"sha256", true, sha256_field},
};

const Field sandbox_fields[] = {
    {"enabled", true, bool_field},
    {"layers", true, list_field<one_of_field<sandbox_layers>>},
};

const Field header_fields[] = {
    {"kind", true, string_field},
    {"tool", true, tool_field},
    {"version", true, string_field},
    {"command", true, one_of_field<commands>},
    {"catalog_sha256", true, sha256_field},
    {"profile", true, string_field},
    {"config", false, list_field<mapping_field<config_source_fields>>},
    {"game", true, game_field},
    {"budgets", true, keyed_field<budget_names, count_field>},
    {"command_line", true, string_field},
    {"started_at", true, string_field},
    {"census", false, mapping_field<census_fields>},
    {"merged_from", false, strings_field},
    // Reports from before the sandbox have no such field; they read as "not recorded".
    {"sandbox", false, mapping_field<sandbox_fields>},
};

const Field finding_fields[] = {
    {"rule", true, rule_id_field},
    {"severity", true, severity_field},
    {"retail", true, retail_field},
    {"offset", true, count_field},
    {"length", true, count_field},
    {"path", true, string_field},
    {"row", false, count_field},
    {"column", false, count_field},
    {"message", true, message_field},
    // gafcheck writes both or neither, and suppressed only as true.
    {"suppressed", false, suppressed_field},
    {"justification", false, message_field},
};

void check_finding(const YAML::Node& node, const std::string& field) {
  check_fields(node, field, finding_fields);
  if (bool(node["suppressed"]) != bool(node["justification"]))
    violation(field, "has only one of 'suppressed' and 'justification'");
}

const Field member_fields[] = {
    {"path", true, string_field},
    {"size", true, count_field},
    {"compressed_size", true, count_field},
    {"method", true, one_of_field<methods>},
    {"encrypted", true, bool_field},
    {"format", true, format_field},
    {"checked", true, bool_field},
    {"same_data_as", false, string_field},  // only where an earlier member has the same data
};

const Field file_fields[] = {
    {"kind", true, string_field},
    {"path", true, string_field},
    {"member_of", false, string_field},
    {"size", true, count_field},
    {"sha256", true, sha256_or_empty},
    {"format", true, format_field},
    {"verdict", true, verdict_field},
    {"retail", true, retail_field},
    {"summary", true, counters_field},
    {"findings_suppressed", false, positive_field},
    {"finding_counts", false, keyed_field<rule_ids, positive_field>},
    {"members", false, list_field<mapping_field<member_fields>>},
    {"findings_off", false, positive_field},
    {"findings_lowered", false, positive_field},
    {"config", false, string_field},
    {"baseline_matched", false, positive_field},
    {"findings", true, list_field<check_finding>},
};

const Field budget_hit_fields[] = {
    {"budget", true, budget_name_field},
    {"limit", true, count_field},
    {"value", true, count_field},
};

// Records pack maps of numbers into strings; the packing is checked as the schema's patterns say.
template <PackedKind kind>
void packed_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (const auto problem = packed_field_problem(node.Scalar(), kind)) violation(field, *problem);
}

const Field record_fields[] = {
    {"kind", true, string_field},
    {"path", true, string_field},
    {"member_of", false, string_field},
    {"size", true, count_field},
    {"mtime_ns", true, integer_field},
    {"ctime_ns", false, integer_field},
    {"device", false, count_field},
    {"inode", false, count_field},
    {"sha256", true, sha256_or_empty},
    {"format", true, format_field},
    {"verdict", true, verdict_field},
    {"retail", true, retail_field},
    {"worst", false, severity_field},
    {"summary", true, packed_field<PackedKind::counters>},
    {"survey", true, packed_field<PackedKind::survey>},
    {"findings", true, packed_field<PackedKind::rule_counts>},
    {"hidden", false, packed_field<PackedKind::counters>},
    {"budget_hit", false, mapping_field<budget_hit_fields>},
};

// Summaries are rebuilt, never carried, but merge and --resume read their walk counters and
// timings: every field the schema requires is required here too (field_tables, checked against
// reports/schema/ by a test), so a summary with a hole is refused, never read as zeros.
const Field files_fields[] = {
    {"total", true, count_field},
    {"by_verdict", true, keyed_field<verdict_names, count_field>},
    {"by_format", true, keyed_field<format_names, count_field>},
    {"not_inputs", false, count_field},
    {"symlinks_not_followed", false, count_field},
    {"ignored", false, count_field},
};

const Field top_file_fields[] = {
    {"path", true, string_field},
    {"key_pixels", true, positive_field},
};

const Field key_pixels_fields[] = {
    {"total", true, count_field},
    {"top_files", true, list_field<mapping_field<top_file_fields>>},
};

const Field layer_counts_fields[] = {
    {"max", true, count_field},
    {"counts", true, histogram_field},
};

const Field dimensions_fields[] = {
    {"max_width", true, count_field},
    {"max_height", true, count_field},
    {"area_buckets", true, histogram_field},
};

const Field rule_totals_fields[] = {
    {"occurrences", true, positive_field},
    {"files", true, positive_field},
};

const Field hidden_fields[] = {
    {"below", true, severity_field},
    {"info", false, count_field},
    {"warning", false, count_field},
};

const Field summary_fields[] = {
    {"kind", true, string_field},
    {"files", true, mapping_field<files_fields>},
    {"bytes", true, count_field},
    {"entries", true, count_field},
    {"zero_frame_entries", true, count_field},
    {"frames", true, count_field},
    {"frame_headers", true, count_field},
    {"composite_frames", true, count_field},
    {"subframes", true, count_field},
    {"raw_leaves", true, count_field},
    {"rle_leaves", true, count_field},
    {"unknown3_nonzero", true, count_field},
    {"raw_frames_with_key", false, count_field},
    {"key_pixels", false, mapping_field<key_pixels_fields>},
    {"versions", true, keyed_field<version_words, positive_field>},
    {"compression_bytes", true, histogram_field},
    {"alt_bytes", true, histogram_field},
    {"color_keys", true, histogram_field},
    {"durations", true, histogram_field},
    {"layer_counts", true, mapping_field<layer_counts_fields>},
    {"dimensions", true, mapping_field<dimensions_fields>},
    {"totals", true, counters_field},
    {"findings", true, keyed_field<rule_ids, mapping_field<rule_totals_fields>>},
    {"survey", true, keyed_field<histogram_names, histogram_field>},
    {"budget_hits", true, count_field},
    {"unreadable", true, count_field},
    {"hidden", false, mapping_field<hidden_fields>},
    {"interrupted", true, bool_field},
    {"exit_code", true, exit_code_field},
    {"wall_seconds", true, number_field},
    {"bytes_per_second", true, count_field},
};

}  // namespace

std::span<const FieldTable> field_checks::field_tables() {
  static const FieldTable tables[] = {
      {"header", "", header_fields},
      {"header", "/properties/census", census_fields},
      {"header", "/properties/census/properties/files_from", file_list_fields},
      {"header", "/properties/config/items", config_source_fields},
      {"header", "/properties/sandbox", sandbox_fields},
      {"file", "", file_fields},
      {"file", "/properties/findings/items", finding_fields},
      {"file", "/properties/members/items", member_fields},
      {"record", "", record_fields},
      {"record", "/properties/budget_hit", budget_hit_fields},
      {"summary", "", summary_fields},
      {"summary", "/properties/files", files_fields},
      {"summary", "/properties/key_pixels", key_pixels_fields},
      {"summary", "/properties/key_pixels/properties/top_files/items", top_file_fields},
      {"summary", "/properties/layer_counts", layer_counts_fields},
      {"summary", "/properties/dimensions", dimensions_fields},
      {"summary", "/properties/hidden", hidden_fields},
      {"summary", "/properties/findings/additionalProperties", rule_totals_fields},
  };
  return tables;
}

std::string checked_document_kind(const YAML::Node& document) {
  // An empty document is what a report cut right after a "---" line ends with: every field of it
  // is missing (a reader drops it when it is the last).
  if (document.IsNull()) throw SchemaViolation("it is empty", true);
  if (!document.IsMap()) throw SchemaViolation("it is not a mapping");
  const YAML::Node kind = document["kind"];
  if (!kind) throw SchemaViolation("it has no kind");
  enum_field(kind, "kind", {"header", "file", "record", "summary"});
  return kind.Scalar();
}

void check_document_fields(const YAML::Node& document, const std::string& kind) {
  if (kind == "header")
    check_fields(document, "", header_fields);
  else if (kind == "file")
    check_fields(document, "", file_fields);
  else if (kind == "record")
    check_fields(document, "", record_fields);
  else
    check_fields(document, "", summary_fields);
}

}  // namespace gafcheck
