#include "reports/report_schema_check.hpp"

#include <algorithm>
#include <initializer_list>
#include <regex>

#include "validator/check/check_options.hpp"

namespace gafcheck {
namespace {

using Values = std::initializer_list<const char*>;
const Values formats = {"gaf", "taf-truecolor", "taf-paletted", "ta3d-gaf",
                        "hpi", "tsf",           "unknown",      "unreadable"};
const Values verdicts = {"clean", "warnings", "errors", "rejected"};
const Values severities = {"error", "warning", "info"};
const Values retail_impacts = {"crash", "garbage", "dropped", "unknown", "ignored", "none"};

[[noreturn]] void violation(const std::string& field, const std::string& problem) {
  throw SchemaViolation("field '" + field + "' " + problem, problem == "is missing");
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
      "OFF|[-+]?(\\.[0-9]+|[0-9][0-9_]*(\\.[0-9_]*)?)([eE][-+]?[0-9]+)?|0x[0-9a-fA-F_]+|0o[0-7]+|"
      "[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)");
  if (text.size() > 64)  // no regex over long text (libstdc++ recurses per character)
    return text.find_first_not_of("0123456789_+-.eE") == std::string::npos;
  return text.empty() || std::regex_match(text, typed);
}

const YAML::Node& map_of(const YAML::Node& node, const std::string& field) {
  if (!node.IsMap()) violation(field, "is not a mapping");
  return node;
}

YAML::Node required(const YAML::Node& map, const std::string& parent, const char* key) {
  const std::string field = parent.empty() ? key : parent + "." + key;
  const YAML::Node value = map[key];
  if (!value) violation(field, "is missing");
  return value;
}

void string_field(const YAML::Node& node, const std::string& field) {
  if (!node.IsScalar() || (plain(node) && typed_plain(node.Scalar())))
    violation(field, "is not a string");
}

void enum_field(const YAML::Node& node, const std::string& field, Values values) {
  string_field(node, field);
  for (const char* value : values)
    if (node.Scalar() == value) return;
  violation(field, "is '" + node.Scalar().substr(0, 64) + "', not one gafcheck writes");
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

void sha256_field(const YAML::Node& node, const std::string& field, bool may_be_empty) {
  static const std::regex hex("[0-9a-f]{64}");
  string_field(node, field);
  if (!(may_be_empty && node.Scalar().empty()) &&
      (node.Scalar().size() != 64 || !std::regex_match(node.Scalar(), hex)))
    violation(field, "is not a SHA-256 in hex");
}

void strings_field(const YAML::Node& node, const std::string& field) {
  if (!node.IsSequence()) violation(field, "is not a list");
  std::size_t index = 0;
  for (const auto& item : node) string_field(item, field + "[" + std::to_string(index++) + "]");
}

// A mapping whose values are counts, or (nested) mappings of counts.
void counts_field(const YAML::Node& node, const std::string& field, int depth) {
  map_of(node, field);
  for (const auto& item : node) {
    const std::string name = field + "." + item.first.Scalar().substr(0, 64);
    if (item.second.IsMap() && depth > 0)
      counts_field(item.second, name, depth - 1);
    else
      count_field(item.second, name);
  }
}

void optional_string(const YAML::Node& map, const std::string& parent, const char* key) {
  if (const YAML::Node value = map[key]) string_field(value, parent + key);
}

void check_header(const YAML::Node& doc) {
  string_field(required(doc, "", "tool"), "tool");
  if (doc["tool"].Scalar() != "gafcheck") violation("tool", "is not gafcheck");
  string_field(required(doc, "", "version"), "version");
  enum_field(required(doc, "", "command"), "command", {"check", "census"});
  sha256_field(required(doc, "", "catalog_sha256"), "catalog_sha256", false);
  string_field(required(doc, "", "profile"), "profile");
  const YAML::Node& game = required(doc, "", "game");
  string_field(game, "game");
  if (!game_from_name(game.Scalar()))
    violation("game", "is '" + game.Scalar().substr(0, 64) + "', not one gafcheck writes");
  counts_field(required(doc, "", "budgets"), "budgets", 0);
  string_field(required(doc, "", "command_line"), "command_line");
  string_field(required(doc, "", "started_at"), "started_at");
  if (const YAML::Node census = doc["census"]) {
    map_of(census, "census");
    strings_field(required(census, "census", "roots"), "census.roots");
    strings_field(required(census, "census", "extensions"), "census.extensions");
    for (const char* key : {"shard", "per_file", "min_severity", "baseline"})
      string_field(required(census, "census", key), std::string("census.") + key);
  }
  if (const YAML::Node merged = doc["merged_from"]) strings_field(merged, "merged_from");
  // Reports from before the sandbox have no such field; they read as "not recorded".
  if (const YAML::Node sandbox = doc["sandbox"]) {
    map_of(sandbox, "sandbox");
    bool_field(required(sandbox, "sandbox", "enabled"), "sandbox.enabled");
    const YAML::Node layers = required(sandbox, "sandbox", "layers");
    strings_field(layers, "sandbox.layers");
    for (const auto& layer : layers) enum_field(layer, "sandbox.layers[]", {"seccomp", "landlock"});
  }
}

void check_finding(const YAML::Node& finding, const std::string& field) {
  map_of(finding, field);
  string_field(required(finding, field, "rule"), field + ".rule");
  enum_field(required(finding, field, "severity"), field + ".severity", severities);
  enum_field(required(finding, field, "retail"), field + ".retail", retail_impacts);
  count_field(required(finding, field, "offset"), field + ".offset");
  count_field(required(finding, field, "length"), field + ".length");
  string_field(required(finding, field, "path"), field + ".path");
  string_field(required(finding, field, "message"), field + ".message");
}

// Fields file and record documents share.
void check_input_fields(const YAML::Node& doc) {
  string_field(required(doc, "", "path"), "path");
  optional_string(doc, "", "member_of");
  count_field(required(doc, "", "size"), "size");
  sha256_field(required(doc, "", "sha256"), "sha256", true);
  enum_field(required(doc, "", "format"), "format", formats);
  enum_field(required(doc, "", "verdict"), "verdict", verdicts);
  enum_field(required(doc, "", "retail"), "retail", retail_impacts);
}

void check_file(const YAML::Node& doc) {
  check_input_fields(doc);
  counts_field(required(doc, "", "summary"), "summary", 1);
  const YAML::Node findings = required(doc, "", "findings");
  if (!findings.IsSequence()) violation("findings", "is not a list");
  std::size_t index = 0;
  for (const auto& finding : findings)
    check_finding(finding, "findings[" + std::to_string(index++) + "]");
  if (const YAML::Node counts = doc["finding_counts"]) counts_field(counts, "finding_counts", 0);
  if (const YAML::Node members = doc["members"]) {
    if (!members.IsSequence()) violation("members", "is not a list");
    index = 0;
    for (const auto& member : members) {
      const std::string field = "members[" + std::to_string(index++) + "]";
      map_of(member, field);
      string_field(required(member, field, "path"), field + ".path");
    }
  }
}

void check_record(const YAML::Node& doc) {
  check_input_fields(doc);
  integer_field(required(doc, "", "mtime_ns"), "mtime_ns");
  if (const YAML::Node worst = doc["worst"]) enum_field(worst, "worst", severities);
  for (const char* key : {"summary", "survey", "findings"})
    string_field(required(doc, "", key), key);
  if (const YAML::Node hit = doc["budget_hit"]) {
    map_of(hit, "budget_hit");
    string_field(required(hit, "budget_hit", "budget"), "budget_hit.budget");
    count_field(required(hit, "budget_hit", "limit"), "budget_hit.limit");
    count_field(required(hit, "budget_hit", "value"), "budget_hit.value");
  }
}

void check_summary(const YAML::Node& doc) {
  const YAML::Node files = map_of(required(doc, "", "files"), "files");
  count_field(required(files, "files", "total"), "files.total");
  for (const auto& item : files)
    if (item.first.Scalar() != "total") {
      const std::string field = "files." + item.first.Scalar().substr(0, 64);
      if (item.second.IsMap())
        counts_field(item.second, field, 0);
      else
        count_field(item.second, field);
    }
  bool_field(required(doc, "", "interrupted"), "interrupted");
  count_field(required(doc, "", "exit_code"), "exit_code");
  number_field(required(doc, "", "wall_seconds"), "wall_seconds");
  count_field(required(doc, "", "bytes_per_second"), "bytes_per_second");
}

}  // namespace

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
    check_header(document);
  else if (kind == "file")
    check_file(document);
  else if (kind == "record")
    check_record(document);
  else
    check_summary(document);
}

}  // namespace gafcheck
