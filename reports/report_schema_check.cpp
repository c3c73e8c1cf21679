#include "reports/report_schema_check.hpp"

#include <algorithm>
#include <initializer_list>
#include <regex>
#include <span>
#include <string_view>

#include "reports/packed_field_check.hpp"
#include "validator/check/check_options.hpp"
#include "validator/core/budget.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

using Values = std::initializer_list<const char*>;
const Values formats = {"gaf", "taf-truecolor", "taf-paletted", "ta3d-gaf",
                        "hpi", "tsf",           "unknown",      "unreadable"};
const Values verdicts = {"clean", "warnings", "errors", "rejected"};
const Values severities = {"error", "warning", "info"};
const Values retail_impacts = {"crash", "garbage", "dropped", "unknown", "ignored", "none"};
const Values methods = {"stored", "lz77", "zlib", "unknown"};

// Checks one value; `field` names it in messages ("findings[3].offset").
using Check = void (*)(const YAML::Node& node, const std::string& field);

// One key of a mapping gafcheck writes. A key no table lists is refused: the JSON schemas say
// additionalProperties: false at every level, and merge and --resume write what they read again.
struct Field {
  std::string_view key;
  bool required;
  Check check;
};

[[noreturn]] void violation(const std::string& field, const std::string& problem) {
  throw SchemaViolation("field '" + field + "' " + problem, problem == "is missing");
}

// A name taken from the report for a message: bounded and printable.
std::string shown(const std::string& text) {
  return escape_bytes(std::string_view(text).substr(0, 64));
}

std::string child(const std::string& parent, const std::string& key) {
  return parent.empty() ? shown(key) : parent + "." + shown(key);
}

bool plain(const YAML::Node& node) {
  return node.Tag() == "?";
}

bool all_digits(const std::string& text, std::size_t from) {
  return text.size() > from && std::all_of(text.begin() + static_cast<std::ptrdiff_t>(from),
                                           text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A plain scalar that YAML reads as something other than a string (null, boolean, number).
bool typed_plain(const std::string& text) {
  static const std::regex typed(
      "~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|"
      "OFF|[-+]?(\\.[0-9]+|[0-9][0-9_]*(\\.[0-9_]*)?)([eE][-+]?[0-9]+)?|0x[0-9a-fA-F_]+|"
      "0o[0-7]+|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)");
  if (text.size() > 64)  // no regex over long text (libstdc++ recurses per character)
    return text.find_first_not_of("0123456789_+-.eE") == std::string::npos;
  return text.empty() || std::regex_match(text, typed);
}

void map_of(const YAML::Node& node, const std::string& field) {
  if (!node.IsMap()) violation(field, "is not a mapping");
}

void string_field(const YAML::Node& node, const std::string& field) {
  if (!node.IsScalar() || (plain(node) && typed_plain(node.Scalar())))
    violation(field, "is not a string");
}

void message_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (node.Scalar().empty()) violation(field, "is empty");
}

void enum_field(const YAML::Node& node, const std::string& field, Values values) {
  string_field(node, field);
  for (const char* value : values)
    if (node.Scalar() == value) return;
  violation(field, "is '" + shown(node.Scalar()) + "', not one gafcheck writes");
}

void count_field(const YAML::Node& node, const std::string& field) {
  if (!node.IsScalar() || !plain(node) || !all_digits(node.Scalar(), 0) ||
      node.Scalar().size() > 20)
    violation(field, "is not a count (a non-negative integer)");
  try {
    (void)node.as<std::uint64_t>();
  } catch (const YAML::Exception&) {
    violation(field, "is not a count (a non-negative integer)");
  }
}

void positive_field(const YAML::Node& node, const std::string& field) {
  count_field(node, field);
  if (node.as<std::uint64_t>() == 0) violation(field, "is 0 (gafcheck writes it only when > 0)");
}

void integer_field(const YAML::Node& node, const std::string& field) {
  const std::string& text = node.IsScalar() ? node.Scalar() : std::string();
  if (!node.IsScalar() || !plain(node) || !all_digits(text, text.rfind('-', 0) == 0 ? 1 : 0) ||
      text.size() > 20)
    violation(field, "is not an integer");
  try {
    (void)node.as<std::int64_t>();
  } catch (const YAML::Exception&) {
    violation(field, "is not an integer");
  }
}

void number_field(const YAML::Node& node, const std::string& field) {
  static const std::regex number("[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
  if (!node.IsScalar() || !plain(node) || node.Scalar().size() > 32 ||
      !std::regex_match(node.Scalar(), number))
    violation(field, "is not a number");
}

void bool_field(const YAML::Node& node, const std::string& field) {
  if (!node.IsScalar() || !plain(node) || (node.Scalar() != "true" && node.Scalar() != "false"))
    violation(field, "is not true or false");
}

bool sha256_hex(const std::string& text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

void sha256_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (!sha256_hex(node.Scalar())) violation(field, "is not a SHA-256 in hex");
}

void sha256_or_empty(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (!node.Scalar().empty() && !sha256_hex(node.Scalar()))
    violation(field, "is not a SHA-256 in hex (nor empty)");
}

void shard_field(const YAML::Node& node, const std::string& field) {
  static const std::regex shard("(|[0-9]+(,[0-9]+)*/[0-9]+)");
  string_field(node, field);
  if (node.Scalar().size() > 128 || !std::regex_match(node.Scalar(), shard))
    violation(field, "is not a shard (K/N)");
}

void strings_field(const YAML::Node& node, const std::string& field) {
  if (!node.IsSequence()) violation(field, "is not a list");
  std::size_t index = 0;
  for (const auto& item : node) string_field(item, field + "[" + std::to_string(index++) + "]");
}

void list_of(const YAML::Node& node, const std::string& field, Check item) {
  if (!node.IsSequence()) violation(field, "is not a list");
  std::size_t index = 0;
  for (const auto& element : node) item(element, field + "[" + std::to_string(index++) + "]");
}

// The mapping holds the listed keys (the required ones at least) and nothing else.
void check_fields(const YAML::Node& node, const std::string& field, std::span<const Field> fields) {
  map_of(node, field);
  for (const auto& item : node) {
    const std::string& key = item.first.Scalar();
    const auto known = std::find_if(fields.begin(), fields.end(),
                                    [&key](const Field& spec) { return spec.key == key; });
    if (known == fields.end()) violation(child(field, key), "is not a field gafcheck writes");
    known->check(item.second, child(field, key));
  }
  for (const Field& spec : fields)
    if (spec.required && !node[std::string(spec.key)])
      violation(child(field, std::string(spec.key)), "is missing");
}

// A mapping whose keys are names (each checked by `key`) and whose values `value` checks.
void map_field(const YAML::Node& node, const std::string& field,
               bool (*key)(const YAML::Node& name), const char* key_is, Check value) {
  map_of(node, field);
  for (const auto& item : node) {
    const std::string name = child(field, item.first.Scalar());
    if (!key(item.first)) violation(name, "is not " + std::string(key_is));
    value(item.second, name);
  }
}

bool any_key(const YAML::Node& name) {
  return !(plain(name) && typed_plain(name.Scalar()));
}
bool rule_key(const YAML::Node& name) {
  return packed_rule_name(name.Scalar()) && any_key(name);
}
bool budget_key(const YAML::Node& name) {
  return std::any_of(budget_specs.begin(), budget_specs.end(),
                     [&name](const BudgetSpec& spec) { return spec.name == name.Scalar(); });
}
bool verdict_key(const YAML::Node& name) {
  return std::any_of(verdicts.begin(), verdicts.end(),
                     [&name](const char* verdict) { return name.Scalar() == verdict; });
}
bool format_key(const YAML::Node& name) {
  return std::any_of(formats.begin(), formats.end(),
                     [&name](const char* format) { return name.Scalar() == format; });
}
// Counter names as yaml_emit writes them: a group, or (inside a group) a name that may hold dots.
bool counter_group_key(const YAML::Node& name) {
  return packed_counter_name(name.Scalar()) && name.Scalar().find('.') == std::string::npos &&
         any_key(name);
}
// Inside a group; "" holds a counter named like its group (only from records read back).
bool counter_key(const YAML::Node& name) {
  return name.Scalar().empty() || (packed_counter_name(name.Scalar()) && any_key(name));
}
bool histogram_key(const YAML::Node& name) {
  const std::string& text = name.Scalar();
  return text.size() <= 20 && all_digits(text, text.rfind('-', 0) == 0 ? 1 : 0);
}
bool version_key(const YAML::Node& name) {
  static const std::regex version("0x[0-9A-F]{8}");
  return name.Scalar().size() == 10 && std::regex_match(name.Scalar(), version);
}

void histogram_field(const YAML::Node& node, const std::string& field) {
  map_field(node, field, histogram_key, "an integer", positive_field);
}

// File document summaries and summary totals: counters, or groups of counters ("coverage.slack").
void counters_field(const YAML::Node& node, const std::string& field) {
  map_field(node, field, counter_group_key, "a counter name",
            [](const YAML::Node& value, const std::string& name) {
              if (value.IsMap())
                map_field(value, name, counter_key, "a counter name", count_field);
              else
                count_field(value, name);
            });
}

void game_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (!game_from_name(node.Scalar()))
    violation(field, "is '" + shown(node.Scalar()) + "', not one gafcheck writes");
}

void format_field(const YAML::Node& n, const std::string& f) {
  enum_field(n, f, formats);
}
void verdict_field(const YAML::Node& n, const std::string& f) {
  enum_field(n, f, verdicts);
}
void severity_field(const YAML::Node& n, const std::string& f) {
  enum_field(n, f, severities);
}
void retail_field(const YAML::Node& n, const std::string& f) {
  enum_field(n, f, retail_impacts);
}

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
       enum_field(n, f, {"check", "census"});
     }},
    {"catalog_sha256", true, sha256_field},
    {"profile", true, string_field},
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
};

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
    {"baseline_matched", false, positive_field},
    {"findings", true,
     [](const YAML::Node& n, const std::string& f) {
       list_of(n, f, [](const YAML::Node& m, const std::string& g) {
         check_fields(m, g, finding_fields);
       });
     }},
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

// Summaries are rebuilt, never carried; a few fields stay optional so that hand-made minimal
// reports (and earlier builds') still diff. What is there is checked all the same.
const Field files_fields[] = {
    {"total", true, count_field},
    {"by_verdict", false,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, verdict_key, "a verdict", count_field);
     }},
    {"by_format", false,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, format_key, "a format", count_field);
     }},
    {"not_inputs", false, count_field},
    {"symlinks_not_followed", false, count_field},
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
    {"bytes", false, count_field},
    {"entries", false, count_field},
    {"zero_frame_entries", false, count_field},
    {"frames", false, count_field},
    {"frame_headers", false, count_field},
    {"composite_frames", false, count_field},
    {"subframes", false, count_field},
    {"raw_leaves", false, count_field},
    {"rle_leaves", false, count_field},
    {"unknown3_nonzero", false, count_field},
    {"raw_frames_with_key", false, count_field},
    {"key_pixels", false,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, key_pixels_fields); }},
    {"versions", false,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, version_key, "a version (0x and 8 hex digits)", positive_field);
     }},
    {"compression_bytes", false, histogram_field},
    {"alt_bytes", false, histogram_field},
    {"color_keys", false, histogram_field},
    {"durations", false, histogram_field},
    {"layer_counts", false,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, layer_counts_fields); }},
    {"dimensions", false,
     [](const YAML::Node& n, const std::string& f) { check_fields(n, f, dimensions_fields); }},
    {"totals", false, counters_field},
    {"findings", false,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, rule_key, "a rule id", [](const YAML::Node& m, const std::string& g) {
         check_fields(m, g, rule_totals_fields);
       });
     }},
    {"survey", false,
     [](const YAML::Node& n, const std::string& f) {
       map_field(n, f, counter_group_key, "a histogram name", histogram_field);
     }},
    {"budget_hits", false, count_field},
    {"unreadable", false, count_field},
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

std::string checked_document_kind(const YAML::Node& document) {
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
