#pragma once
// Text for the JSON writers (SARIF, Code Quality). Names and messages hold whatever bytes an input
// gave them, and nlohmann::json throws on invalid UTF-8 when it dumps: everything that reaches a
// json value goes through these first, with the escaping of the YAML report, so that one name
// reads the same in every format and dump() can never throw.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace gafcheck {

// An input path (raw bytes): escape_bytes, as the YAML report shows it.
std::string json_name(std::string_view raw);
// A path another tool opens (Code Quality's location.path): the name's own bytes whenever JSON
// can carry them (valid UTF-8: the JSON encoder escapes quotes, backslashes and control
// characters itself, and a reader decodes them back to the name); a name that is not valid UTF-8
// cannot be a JSON string and is escaped as in every report.
std::string json_path(std::string_view raw);
// A message or structure path gafcheck composed (input parts already escaped): sanitize_text.
std::string json_text(std::string_view text);

// A relative URI reference for a path of raw bytes: every byte but the RFC 3986 unreserved
// characters and '/' is percent-encoded, so any name (a space, '!', ':', 0xE9, a newline) is a
// valid reference that decodes to exactly those bytes.
std::string uri_reference(std::string_view raw);

// Compact JSON; invalid UTF-8 (which the helpers above never let in) is replaced, never thrown.
std::string dump_json(const nlohmann::json& value);

}  // namespace gafcheck
