#include "reports/report_schema_check.hpp"

#include "reports/field_checks.hpp"
#include "reports/packed_field_check.hpp"

namespace gafcheck {
namespace {

using namespace field_checks;

const Field file_list_fields[] = {
    {"list", true, string_field},
    {"sha256", true, sha256_field},
    {"separator", true,
     [](const YAML::Node& n, const std::string& f) {
       enum_field(n, f, {"newline", "nul"});
     }},
};

const Field census_fields[] = {
    {"roots", true, strings_field},
    {"extensions", true, strings_field},
    {"shard", true, shard_field},
    {"per_file", true,
     [](const YAML::Node& n, const std::string& f) {
       enum_field(n, f, {"all", "findings", "none"});
     }},
    {"min_severity", true, severity_field},
    {"baseline", true, string_field},
    // Censuses with --files-from / --shard auto only.
    {"files_from", false,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, file_list_fields); }},
    {"shard_from", false,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, environment_variable_key, "an environment variable name",
                 decimal_text_field);
     }},
    // Reports from before configuration files have neither.
    {"config_sha256", false,
     [](const YAML::Node& n, const std::string& f) { list_of(n, f, sha256_field); }},
    {"rules", false, strings_field},
};

const Field config_source_fields[] = {
    {"path", true, string_field},
    {"sha256", true, sha256_field},
};

const Field sandbox_fields[] = {
    {"enabled", true, bool_field},
    {"layers", true,
     [](const YAML::Node& n, const std::string& f) {
       list_of(n, f, [](const YAML::Node& layer, const std::string& g) {
         enum_field(layer, g, {"seccomp", "landlock"});
       });
     }},
};

const Field header_fields[] = {
    {"kind", true, string_field},
    {"tool", true,
     [](const YAML::Node& n, const std::string& f) {
       string_field(n, f);
       if (n.Scalar() != "gafcheck") violation(f, "is not gafcheck");
     }},
    {"version", true, string_field},
    {"command", true,
     [](const YAML::Node& n, const std::string& f) {
       enum_field(n, f, {"check", "census", "rebuild"});
     }},
    {"catalog_sha256", true, sha256_field},
    {"profile", true, string_field},
    {"config", false,
     [](const YAML::Node& n, const std::string& f) {
       list_of(n, f, [](const YAML::Node& m, const std::string& g) {
         check_fields(m, g, config_source_fields);
       });
     }},
    {"game", true, game_field},
    {"budgets", true,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, budget_key, "a budget gafcheck has", count_field);
     }},
    {"command_line", true, string_field},
    {"started_at", true, string_field},
    {"census", false,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, census_fields); }},
    {"merged_from", false, strings_field},
    // Reports from before the sandbox have no such field; they read as "not recorded".
    {"sandbox", false,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, sandbox_fields); }},
};

const Field finding_fields[] = {
    {"rule", true,
     [](const YAML::Node& n, const std::string& f) {
       string_field(n, f);
       if (!packed_rule_name(n.Scalar())) violation(f, "is not a rule id");
     }},
    {"severity", true, severity_field},
    {"retail", true, retail_field},
    {"offset", true, count_field},
    {"length", true, count_field},
    {"path", true, string_field},
    {"row", false, count_field},
    {"column", false, count_field},
    {"message", true, message_field},
    // gafcheck writes both or neither, and suppressed only as true.
    {"suppressed", false,
     [](const YAML::Node& n, const std::string& f) {
       bool_field(n, f);
       if (!n.as<bool>()) violation(f, "is false (gafcheck writes it only as true)");
     }},
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
    {"method", true, [](const YAML::Node& n, const std::string& f) { enum_field(n, f, methods); }},
    {"encrypted", true, bool_field},
    {"format", true, format_field},
    {"checked", true, bool_field},
    {"same_data_as", false, string_field},
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
    {"finding_counts", false,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, rule_key, "a rule id", positive_field);
     }},
    {"members", false,
     [](const YAML::Node& n, const std::string& f) {
       list_of(n, f, [](const YAML::Node& m, const std::string& g) {
         check_fields(m, g, member_fields);
       });
     }},
    {"findings_off", false, positive_field},
    {"findings_lowered", false, positive_field},
    {"config", false, string_field},
    {"baseline_matched", false, positive_field},
    {"findings", true,
     [](const YAML::Node& n, const std::string& f) { list_of(n, f, check_finding); }},
};

const Field budget_hit_fields[] = {
    {"budget", true,
     [](const YAML::Node& n, const std::string& f) {
       string_field(n, f);
       if (!budget_key(n))
         violation(f, "is '" + shown(n.Scalar()) + "', not a budget gafcheck has");
     }},
    {"limit", true, count_field},
    {"value", true, count_field},
};

// Records pack maps of numbers into strings; the packing is checked as the schema's patterns say.
void packed(const YAML::Node& node, const std::string& field, PackedKind kind) {
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
    {"summary", true,
     [](const YAML::Node& n, const std::string& f) { packed(n, f, PackedKind::counters); }},
    {"survey", true,
     [](const YAML::Node& n, const std::string& f) { packed(n, f, PackedKind::survey); }},
    {"findings", true,
     [](const YAML::Node& n, const std::string& f) { packed(n, f, PackedKind::rule_counts); }},
    {"budget_hit", false,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, budget_hit_fields); }},
};

// Summaries are rebuilt, never carried, but merge and --resume read their walk counters and
// timings: every field the schema requires is required here too (field_tables, checked against
// reports/schema/ by a test), so a summary with a hole is refused, never read as zeros.
const Field files_fields[] = {
    {"total", true, count_field},
    {"by_verdict", true,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, verdict_key, "a verdict", count_field);
     }},
    {"by_format", true,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, format_key, "a format", count_field);
     }},
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
    {"top_files", true,
     [](const YAML::Node& n, const std::string& f) {
       list_of(n, f, [](const YAML::Node& m, const std::string& g) {
         check_fields(m, g, top_file_fields);
       });
     }},
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

const Field summary_fields[] = {
    {"kind", true, string_field},
    {"files", true,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, files_fields); }},
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
    {"key_pixels", false,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, key_pixels_fields); }},
    {"versions", true,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, version_key, "a version (0x and 8 hex digits)", positive_field);
     }},
    {"compression_bytes", true, histogram_field},
    {"alt_bytes", true, histogram_field},
    {"color_keys", true, histogram_field},
    {"durations", true, histogram_field},
    {"layer_counts", true,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, layer_counts_fields); }},
    {"dimensions", true,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, dimensions_fields); }},
    {"totals", true, counters_field},
    {"findings", true,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, rule_key, "a rule id", [](const YAML::Node& m, const std::string& g) {
         check_fields(m, g, rule_totals_fields);
       });
     }},
    {"survey", true,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, counter_group_key, "a histogram name", histogram_field);
     }},
    {"budget_hits", true, count_field},
    {"unreadable", true, count_field},
    {"interrupted", true, bool_field},
    {"exit_code", true,
     [](const YAML::Node& n, const std::string& f) {
       count_field(n, f);
       if (n.as<std::uint64_t>() > 4) violation(f, "is not an exit code gafcheck has (0 to 4)");
     }},
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
