#pragma once
// Where a report goes. An existing regular file is never written in place (a hard link or a
// symlink to a file elsewhere keeps its content): the report is a new file renamed over the name.
// In the atomic mode (check) it is renamed into place on commit(), so readers never see half a
// report. In the journal mode (census) it is renamed into place at the first write and written as
// the run goes, so a killed census leaves every completed document where --resume finds it; the
// summary document at the end is what marks it complete. Until that first write the destination
// is untouched, so a run can create its output, confine itself (no file is created after that)
// and still refuse to start (an incompatible --resume) without having replaced anything. A device,
// FIFO or other special path (e.g. /dev/null, /dev/fd/N) is written directly and never replaced;
// a FIFO that no process reads is refused at once (a write to it would wait forever); "-", an
// empty path or /dev/stdout is standard output, /dev/stderr standard error. Each write() is one
// whole document (or group of documents), written with one call loop.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "validator/base/errors.hpp"

namespace gafcheck {

// The report (or another output) cannot be created, written, flushed or renamed into place: a
// missing directory, a read-only place, a directory given as the file, a full disk. Every
// command exits 2 for it with the reason (the output named on the command line is unusable),
// never 4: it is not a bug in gafcheck.
class OutputError : public Error {
 public:
  explicit OutputError(const std::string& message) : Error(ExitCode::usage, message) {}
  std::string diagnostic() const override {
    return std::string(what()) + " (the output cannot be written)";
  }
};

enum class OutputMode { atomic, journal };

class ReportOutput {
 public:
  // Throws OutputError with the reason when the destination cannot be opened; write() and
  // commit() throw it too.
  explicit ReportOutput(const std::string& destination, OutputMode mode = OutputMode::atomic);
  ReportOutput(const ReportOutput&) = delete;
  ReportOutput& operator=(const ReportOutput&) = delete;
  ~ReportOutput();  // without commit(), a temp file is removed

  void write(std::string_view text);
  // Flushes to disk and (atomic mode) renames the temp file over the destination.
  void commit();
  // The file being written now (the temp file until commit), for a census checkpoint.
  const std::filesystem::path& current_path() const { return current_; }
  bool is_temp() const { return temp_.has_value(); }
  // Device and inode of the file being written (temp file or destination, the same inode once
  // renamed), for a walk to leave out; nullopt for standard output and devices.
  std::optional<std::pair<std::uint64_t, std::uint64_t>> file_identity() const;

 private:
  void rename_into_place();

  int fd_ = -1;
  bool owns_fd_ = false;
  bool journal_ = false;
  bool rename_at_first_write_ = false;  // journal mode, until the first write
  std::filesystem::path destination_;
  std::optional<std::filesystem::path> temp_;
  std::filesystem::path current_;
};

}  // namespace gafcheck
