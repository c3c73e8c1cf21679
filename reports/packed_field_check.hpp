#pragma once
// The packed fields of a record document ("entries=3 coverage.slack=0", survey
// "widths=8:2,16:1", findings "entry.alias=2") checked against what gafcheck packs into them (the
// patterns of reports/schema/record.schema.json, names that read back as the same plain YAML
// strings, numbers that fit the integers they are read into). Hand-written: no regex recursion
// over a long line.
#include <optional>
#include <string>
#include <string_view>

namespace gafcheck {

enum class PackedKind { counters, survey, rule_counts };

// What is wrong with a packed field, or nullopt when gafcheck could have written it.
std::optional<std::string> packed_field_problem(std::string_view text, PackedKind kind);

// A rule id as written: "family.name-part" (lower case, digits; '-' after the dot).
bool packed_rule_name(std::string_view name);
// A counter name as written: words of [a-z0-9_] joined by dots, none empty, starting with a letter
// or '_', and none that YAML reads as a boolean or null ("on", "no", "null"...).
bool packed_counter_name(std::string_view name);

}  // namespace gafcheck
