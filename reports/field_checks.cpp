#include "reports/field_checks.hpp"

#include <algorithm>
#include <csignal>
#include <regex>

#include "reports/packed_field_check.hpp"
#include "validator/base/exit_code.hpp"
#include "validator/core/budget.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::field_checks {

[[noreturn]] void violation(const std::string& field, const std::string& problem) {
  throw SchemaViolation("field '" + field + "' " + problem);
}

[[noreturn]] void missing_field(const std::string& field, bool where_a_cut_would_stop) {
  throw SchemaViolation("field '" + field + "' is missing", where_a_cut_would_stop);
}

std::string shown(const std::string& text) {
  return escape_bytes(std::string_view(text).substr(0, 64));
}

namespace {

bool plain(const YAML::Node& node) {
  return node.Tag() == "?";
}

// Whether yaml-cpp reads the scalar as a T: digits that pass all_digits may still be out of range.
template <typename T>
bool reads_as(const YAML::Node& node) {
  try {
    (void)node.as<T>();
    return true;
  } catch (const YAML::Exception&) {
    return false;
  }
}

bool all_digits(const std::string& text, std::size_t from) {
  return text.size() > from && std::all_of(text.begin() + static_cast<std::ptrdiff_t>(from),
                                           text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string child(const std::string& parent, const std::string& key) {
  return parent.empty() ? shown(key) : parent + "." + shown(key);
}

// A plain scalar that YAML reads as something other than a string (null, boolean, number).
bool typed_plain(const std::string& text) {
  static const std::regex typed(
      "~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|"
      "OFF|[-+]?(\\.[0-9]+|[0-9][0-9_]*(\\.[0-9_]*)?)([eE][-+]?[0-9]+)?|0x[0-9a-fA-F_]+|"
      "0o[0-7]+|[-+]?\\.(inf|Inf|INF)|\\.(nan|NaN|NAN)");
  if (!text.empty() &&
      std::string_view("~nNtTfFyYoO+-.0123456789").find(text[0]) == std::string_view::npos)
    return false;        // the common case, without a regex
  if (text.size() > 64)  // no regex over long text (libstdc++ recurses per character)
    return text.find_first_not_of("0123456789_+-.eE") == std::string::npos;
  return text.empty() || std::regex_match(text, typed);
}

void map_of(const YAML::Node& node, const std::string& field) {
  if (!node.IsMap()) violation(field, "is not a mapping");
}

const Values formats = {"gaf", "taf-truecolor", "taf-paletted", "ta3d-gaf",
                        "hpi", "tsf",           "unknown",      "unreadable"};
const Values verdicts = {"clean", "warnings", "errors", "rejected"};

}  // namespace

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
      node.Scalar().size() > 20 || !reads_as<std::uint64_t>(node))
    violation(field, "is not a count (a non-negative integer)");
}

void positive_field(const YAML::Node& node, const std::string& field) {
  count_field(node, field);
  if (node.as<std::uint64_t>() == 0) violation(field, "is 0 (gafcheck writes it only when > 0)");
}

void integer_field(const YAML::Node& node, const std::string& field) {
  const std::string& text = node.IsScalar() ? node.Scalar() : std::string();
  if (!node.IsScalar() || !plain(node) || !all_digits(text, text.rfind('-', 0) == 0 ? 1 : 0) ||
      text.size() > 20 || !reads_as<std::int64_t>(node))
    violation(field, "is not an integer");
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

void true_field(const YAML::Node& node, const std::string& field) {
  bool_field(node, field);
  if (!node.as<bool>()) violation(field, "is false (gafcheck writes it only as true)");
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

void decimal_text_field(const YAML::Node& node, const std::string& field) {
  static const std::regex decimal("[0-9]{1,20}");
  string_field(node, field);
  if (!std::regex_match(node.Scalar(), decimal)) violation(field, "is not a decimal number");
}

void strings_field(const YAML::Node& node, const std::string& field) {
  if (!node.IsSequence()) violation(field, "is not a list");
  std::size_t index = 0;
  for (const auto& item : node) string_field(item, field + "[" + std::to_string(index++) + "]");
}

// A writer killed at a line end leaves its last mapping or list item without the fields it had
// not written yet; anything followed by more of the document was written whole, so a field
// missing there is a hole, never a cut (SchemaViolation::missing is false).
template <typename CheckPart>
void check_part(bool last, CheckPart&& check) {
  try {
    check();
  } catch (const SchemaViolation& refused) {
    if (refused.missing && !last) throw SchemaViolation(refused.what(), false);
    throw;
  }
}

void list_of(const YAML::Node& node, const std::string& field, Check item) {
  if (!node.IsSequence()) violation(field, "is not a list");
  std::size_t index = 0;
  for (const auto& element : node) {
    const std::string name = field + "[" + std::to_string(index++) + "]";
    check_part(index == node.size(), [&] { item(element, name); });
  }
}

// The mapping holds the listed keys (the required ones at least) and nothing else.
void check_fields(const YAML::Node& node, const std::string& field, std::span<const Field> fields) {
  map_of(node, field);
  // The fields are listed in the order gafcheck writes them: a required one missing before the
  // last one present is a hole, not where a killed writer stopped.
  std::size_t furthest = 0;
  std::size_t seen = 0;
  for (const auto& item : node) {
    const std::string& key = item.first.Scalar();
    const auto known = std::find_if(fields.begin(), fields.end(),
                                    [&key](const Field& spec) { return spec.key == key; });
    if (known == fields.end()) violation(child(field, key), "is not a field gafcheck writes");
    furthest = std::max(furthest, static_cast<std::size_t>(known - fields.begin()) + 1);
    const bool last = ++seen == node.size();
    // A writer killed just after "key:" and its line end leaves the key with no value: as good
    // as missing when it is the last thing written, a hole anywhere else (check_part).
    if (item.second.IsNull()) check_part(last, [&] { missing_field(child(field, key), true); });
    check_part(last, [&] { known->check(item.second, child(field, key)); });
  }
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (fields[i].required && !node[std::string(fields[i].key)])
      missing_field(child(field, std::string(fields[i].key)), i >= furthest);
}

// A mapping whose keys are names (each checked by `key`) and whose values `value` checks.
void map_field(const YAML::Node& node, const std::string& field,
               bool (*key)(const YAML::Node& name), const char* key_is, Check value) {
  map_of(node, field);
  std::size_t seen = 0;
  for (const auto& item : node) {
    const std::string name = child(field, item.first.Scalar());
    if (!key(item.first)) violation(name, "is not " + std::string(key_is));
    check_part(++seen == node.size(), [&] { value(item.second, name); });
  }
}

bool any_key(const YAML::Node& name) {
  return !(plain(name) && typed_plain(name.Scalar()));
}
bool environment_variable_key(const YAML::Node& name) {
  static const std::regex variable("[A-Z][A-Z0-9_]{0,63}");
  return std::regex_match(name.Scalar(), variable) && any_key(name);
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

void rule_id_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (!packed_rule_name(node.Scalar())) violation(field, "is not a rule id");
}

void budget_name_field(const YAML::Node& node, const std::string& field) {
  string_field(node, field);
  if (!budget_key(node))
    violation(field, "is '" + shown(node.Scalar()) + "', not a budget gafcheck has");
}

void carried_section_field(const YAML::Node& node, const std::string& field) {
  if (!node.IsMap()) violation(field, "is not a mapping");
}

void exit_code_field(const YAML::Node& node, const std::string& field) {
  count_field(node, field);
  const std::uint64_t code = node.as<std::uint64_t>();
  const bool interrupted = code == std::uint64_t(interrupted_exit_status(SIGINT)) ||
                           code == std::uint64_t(interrupted_exit_status(SIGTERM));
  if (code > std::uint64_t(exit_status(exit_code_specs.back().code)) && !interrupted)
    violation(field, "is not an exit status gafcheck has (0 to 5, or 130 and 143 interrupted)");
}

void schema_version_field(const YAML::Node& node, const std::string& field) {
  count_field(node, field);
  if (node.as<std::uint64_t>() == 0 || node.as<std::uint64_t>() > report_schema_version)
    violation(field, "is " + node.Scalar() +
                         ", a report schema version this gafcheck does not read (1 to " +
                         std::to_string(report_schema_version) + ")");
}

void both_or_neither(const YAML::Node& node, const std::string& field, const char* first,
                     const char* second) {
  if (bool(node[first]) != bool(node[second]))
    violation(field, "has only one of '" + std::string(first) + "' and '" + second + "'");
}

}  // namespace gafcheck::field_checks
