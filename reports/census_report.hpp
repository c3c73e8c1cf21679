#pragma once
// Reads a census report back group by group: each input's file documents followed by its records
// (members first, the input's own record last). --resume and merge stream old reports through it
// with memory bounded by one group, since groups are in path order.
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

#include "reports/carried_document.hpp"
#include "reports/report_reader.hpp"
#include "reports/yaml_record.hpp"
#include "reports/yaml_report.hpp"

namespace gafcheck {

struct RecordGroup {
  std::string path;  // the input's path on disk (raw bytes)
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::optional<FileIdentity> identity;
  std::string sha256;  // the input's own record's, empty when it was not hashed
  bool unreadable = false;
  // The group's file documents, parsed (carried_document.hpp): the writers render them again
  // with the records, so none of the old report's text is carried over.
  std::vector<ParsedFileDocument> files;
  bool printable =
      true;  // the old text was UTF-8 without control characters (printable_report_text)
  std::vector<ParsedRecord> records;  // members first, the input's own record last
};

// What a report header says, parsed back.
struct ReadHeader {
  ReportHeader header;
  std::string version;
  std::string catalog_sha256;
};

// Throws std::runtime_error naming what is missing.
ReadHeader parse_report_header(const YAML::Node& node);

class CensusReportReader {
 public:
  // Opens the report and reads its header. Throws std::runtime_error when it cannot be read or
  // is not a census report.
  explicit CensusReportReader(const std::string& path);

  const ReadHeader& header() const { return header_; }
  // The next complete group, or nullopt when the groups end (at the summary or the end of the
  // file; a group cut short by a killed writer is dropped).
  std::optional<RecordGroup> next_group();
  // After next_group() returned nullopt: the summary, when the report has a complete one.
  const std::optional<YAML::Node>& summary() const { return summary_; }
  const std::string& path() const { return stream_.path(); }

 private:
  void check_file_documents(const RecordGroup& group, std::vector<std::string>& file_paths) const;

  ReportStream stream_;
  ReadHeader header_;
  std::optional<YAML::Node> summary_;
  bool ended_ = false;
};

}  // namespace gafcheck
