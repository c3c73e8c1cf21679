#pragma once
// Record documents: the census ledger. Every completed input of a census gets one compact,
// one-line record (whatever --per-file says) holding what its summary contribution needs —
// format, verdict, counters, survey histograms, occurrences per rule, budget hit — plus size and
// mtime, ctime, device and inode to recognise the file again. --resume and merge rebuild a summary
// from records alone.
//
// A record is a one-line flow mapping, so a record cut short by a killed process never parses.
// Its maps of numbers are flow mappings ("summary: {entries: 3, coverage: {slack: 0}}", survey
// "{widths: {8: 2, 16: 1}}", findings "{entry.alias: 2}"), composed directly: emitting hundreds
// of scalars per file through yaml-cpp took longer than checking the file. Reports of schema
// version 1 packed them into strings ("entries=3 coverage.slack=0", "widths=8:2,16:1",
// "entry.alias=2"); parse_record reads both (report_schema_check.hpp).
// The records of one input close its group of documents: member records first, the input's own
// record (no member_of) last.
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>

#include "validator/result/file_report.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck {

// What cannot be set back on a file (tar -x and rsync -t restore size and mtime, not these).
struct FileIdentity {
  std::int64_t ctime_ns = 0;
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  bool operator==(const FileIdentity&) const = default;
};

struct RecordFacts {
  std::int64_t mtime_ns = 0;
  // The worst severity among findings that count for the exit code (those not in a baseline).
  std::optional<Severity> worst;
  // Absent in records of unreadable inputs and of older gafcheck versions: such a file is checked
  // again.
  std::optional<FileIdentity> identity;
};

std::string yaml_record_document(const FileReport& report, const RecordFacts& facts);

// The mappings of a record, appended to a line as YAML flow ("{entries: 3, coverage: {slack: 0}}",
// "{widths: {8: 2}}", "{entry.alias: 2}") or as JSON, for the JSON records (json_documents.hpp).
enum class RecordSyntax { yaml, json };
void append_counters(std::string& line, const Counters& counters, RecordSyntax syntax);
void append_survey(std::string& line, const Histograms& survey, RecordSyntax syntax);
void append_rule_counts(std::string& line, const std::array<std::uint64_t, rule_count>& counts,
                        RecordSyntax syntax);
// All three as the record's fields: ", summary: {...}, survey: {...}, findings: {...}".
void append_record_maps(std::string& line, const FileReport& report, RecordSyntax syntax);
// Occurrences per rule as schema version 1 packed them ("entry.alias=2 entry.empty=1"): a line of
// text for the JUnit writer.
std::string pack_rule_counts(const std::array<std::uint64_t, rule_count>& counts);

// Counters nested as a file document's summary and a record's nest them ("coverage: {slack: 3}";
// a counter named like its group is in the group under "": counter_groups.hpp), dotted again.
// The node passed the schema check.
void read_counters(const YAML::Node& node, Counters& counters);
// A file document's or record's writer (the node passed the schema check).
WriterIdentity read_writer(const YAML::Node& node);

struct ParsedRecord {
  FileReport report;  // no findings listed: counts, counters and histograms only
  RecordFacts facts;
};

// Throws std::runtime_error naming the field when the node is not a valid record.
ParsedRecord parse_record(const YAML::Node& node);

}  // namespace gafcheck
