#pragma once
// A document carried from an old report into a new one (merge, census --resume) is not copied: it
// is parsed into gafcheck's own structures and written again by gafcheck's own writers
// (yaml_report.hpp, yaml_record.hpp). So no byte of the old text reaches the new report, and the
// new report holds only the fields the schemas list, with values of their types, whatever the old
// one held (report_schema_check.hpp refuses unknown fields and wrong types before this runs).
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>

#include "reports/yaml_record.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck {

struct ParsedFileDocument {
  FileReport report;  // findings, members and counters as listed; no survey (not in documents)
  std::uint64_t baseline_matched = 0;
};

// A file document that passed check_document_fields. Throws std::runtime_error naming the field
// when it names what this build does not know (a rule id).
ParsedFileDocument parse_file_document(const YAML::Node& node);

// The document written again: a file document through yaml_file_document, a record through
// yaml_record_document. Throws std::runtime_error as parse_file_document and parse_record do.
std::string reemitted_file_document(const YAML::Node& node);
std::string reemitted_record_document(const ParsedRecord& record);

}  // namespace gafcheck
