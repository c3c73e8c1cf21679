#include "reports/report_schema_check.hpp"

#include "reports/field_checks.hpp"

namespace gafcheck {

// The tables of fields are generated from reports/schema/*.json (reports/gen/schema_tables.py).

std::string checked_document_kind(const YAML::Node& document) {
  // An empty document is what a report cut right after a "---" line ends with: every field of it
  // is missing (a reader drops it when it is the last).
  if (document.IsNull()) throw SchemaViolation("it is empty", true);
  if (!document.IsMap()) throw SchemaViolation("it is not a mapping");
  const YAML::Node kind = document["kind"];
  if (!kind) throw SchemaViolation("it has no kind");
  field_checks::enum_field(kind, "kind", {"header", "file", "record", "summary"});
  return kind.Scalar();
}

void check_document_fields(const YAML::Node& document, const std::string& kind,
                           unsigned schema_version) {
  field_checks::check_fields(document, "", field_checks::document_fields(kind, schema_version));
}

unsigned header_schema_version(const YAML::Node& header) {
  const YAML::Node version = header["schema_version"];
  return version ? version.as<unsigned>() : 1;
}

}  // namespace gafcheck
