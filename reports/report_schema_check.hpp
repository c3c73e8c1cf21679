#pragma once
// Checks a document read back from a report against what gafcheck writes for its kind, as
// reports/schema/*.json say: one table of fields per kind and per nested mapping (findings,
// archive members, counter groups, census settings...), so a key gafcheck does not write is refused
// at every level; enums are one of their values, counts are plain non-negative integers, strings
// are strings, a record's packed fields match their patterns. Not a JSON-schema engine: the
// tables are generated at build time from the subset of JSON Schema the report schemas use
// (reports/gen/schema_tables.py), so every field a schema requires is required.
#include <yaml-cpp/yaml.h>

#include <string>

#include "validator/base/errors.hpp"

namespace gafcheck {

// The version of reports/schema/*.json the reports gafcheck writes follow; the header says it
// (schema_version). Readers (diff, merge, census --resume, --baseline) accept every version up to
// this one, each document checked against its version's schema, and refuse a newer one.
//   1: the header has no schema_version; a census record packs its summary, survey and findings
//      into strings ("entries=3 frames=7"; reports/schema/record.v1.schema.json).
//   2: those three are mappings: counters as a file document's summary, histograms by name,
//      occurrences by rule id.
inline constexpr unsigned report_schema_version = 2;

// The document does not hold what gafcheck writes; the message names the field.
// The report reader turns it into a ReportError (exit 3) that names the document.
struct SchemaViolation : Error {
  SchemaViolation(const std::string& reason, bool field_missing = false)
      : Error(ExitCode::unreadable, reason), missing(field_missing) {}
  bool missing;  // a required field is absent (as in a document cut short at a line end)
};

// The document's kind (header, file, record or summary). Throws SchemaViolation.
std::string checked_document_kind(const YAML::Node& document);

// Throws SchemaViolation naming the first field that is missing or of the wrong type, as the
// schema of the kind in the report's schema version says.
void check_document_fields(const YAML::Node& document, const std::string& kind,
                           unsigned schema_version = report_schema_version);

// The schema version a header document (checked) says: 1 when it says none.
unsigned header_schema_version(const YAML::Node& header);

}  // namespace gafcheck
