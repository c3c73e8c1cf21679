#pragma once
// Record documents: the census ledger. Every completed input of a census gets one compact,
// one-line record (whatever --per-file says) holding what its summary contribution needs —
// format, verdict, counters, survey histograms, occurrences per rule, budget hit — plus size and
// mtime, ctime, device and inode to recognise the file again. --resume and merge rebuild a summary
// from records alone.
//
// A record is a one-line flow mapping, so a record cut short by a killed process never parses.
// Its maps of numbers are packed into one string each ("entries=3 frames=7", survey
// "widths=8:2,16:1 heights=4:3", findings "entry.alias=2"): emitting hundreds of scalars per
// file through yaml-cpp took longer than checking the file.
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

// The packed fields of a record ("entries=3 frames=7", "widths=8:2,16:1", "entry.alias=2"), for
// the other formats' records (json_documents.hpp).
std::string pack_counters(const Counters& counters);
std::string pack_survey(const Histograms& survey);
std::string pack_rule_counts(const std::array<std::uint64_t, rule_count>& counts);
// FileReport::findings_hidden as "info=3 warning=1" (severities with none left out): what the
// display threshold hid, which --resume and merge add to the summary they rebuild.
std::string pack_hidden(const FileReport& report);

struct ParsedRecord {
  FileReport report;  // no findings listed: counts, counters and histograms only
  RecordFacts facts;
};

// Throws std::runtime_error naming the field when the node is not a valid record.
ParsedRecord parse_record(const YAML::Node& node);

}  // namespace gafcheck
