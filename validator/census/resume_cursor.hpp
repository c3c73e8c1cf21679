#pragma once
// --resume OLD: walks an old census report alongside the new walk. Both are in path order, so the
// old report is read one group at a time, however large it is. A group is taken over when its file
// is unchanged and readable; groups of files that are gone are dropped; everything else is checked
// again. Unchanged means the same path, size, modification time, status change time, device and
// inode: tar -x and rsync -t set size and mtime back, never the ctime nor the inode. With
// verify_hash the file is also hashed again and must match the recorded SHA-256 (a group without
// one is checked again).
#include <optional>
#include <string>

#include "reports/census_report.hpp"
#include "validator/input/input_walk.hpp"

namespace gafcheck {

class ResumeCursor {
 public:
  // Throws std::runtime_error when the report cannot be read or is not a census report.
  explicit ResumeCursor(const std::string& report_path, bool verify_hash = false,
                        std::uint64_t max_file_size = 0);

  const ReadHeader& header() const { return reader_.header(); }
  // The old group for this walk item, when it can be taken over.
  std::optional<RecordGroup> take(const InputItem& item);
  std::uint64_t taken() const { return taken_; }

 private:
  CensusReportReader reader_;
  std::optional<RecordGroup> next_;
  std::uint64_t taken_ = 0;
  bool verify_hash_ = false;
  std::uint64_t max_file_size_ = 0;
};

// Why an old report cannot be resumed by (or merged with) a run with this header, or nullopt.
// `ignore_shard` for merge, whose inputs are the shards of one census.
std::optional<std::string> incompatibility(const ReadHeader& old, const ReportHeader& current,
                                           bool ignore_shard);

}  // namespace gafcheck
