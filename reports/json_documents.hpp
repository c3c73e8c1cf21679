#pragma once
// The documents of the report as JSON Lines: one object per line, the same documents, fields and
// values as the YAML stream (header, file, record, summary, diff), validated by the same schemas
// in reports/schema/. Text is what the YAML stream holds: input names escaped by escape_bytes (a
// backslash as \\, every control, non-UTF-8 or non-printable byte as \xNN, so unescape_bytes
// gives the raw bytes back) and messages and structure paths sanitised, so every string is valid,
// printable UTF-8 before nlohmann's encoder sees it (it is still told to replace, never throw).
// Map keys that YAML writes as numbers (histogram values) are JSON strings, as every JSON reader
// of the YAML stream would make them.
#include <cstdint>
#include <string>
#include <string_view>

#include "reports/yaml_record.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck {

std::string json_file_line(const FileReport& report, std::uint64_t baseline_matched);
std::string json_record_line(const FileReport& report, const RecordFacts& facts);

// A document gafcheck's YAML writers produced (header, summary, diff), as one JSON line: quoted
// scalars are strings; plain ones are resolved as YAML's core schema does (true/false, null,
// integers, floats, else strings). Used for the documents written once per run, so they cannot
// drift from the YAML ones; the per-file documents above are composed directly, for speed.
std::string json_from_yaml_document(std::string_view yaml);

}  // namespace gafcheck
