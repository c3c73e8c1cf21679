#include "reports/report_output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace gafcheck {
namespace {

OutputError system_error(const std::string& what, const std::filesystem::path& path) {
  return OutputError(what + " " + path.string() + ": " + std::strerror(errno));
}

// A FIFO (or a pipe named as /dev/fd/N) is opened without waiting for a reader: with none, a
// blocking open would wait forever, so it fails (ENXIO) and is refused. With a reader, the
// descriptor is made blocking again so that writes wait for the reader as they do on stdout.
int open_special(const std::filesystem::path& destination, bool fifo) {
  const int fd = ::open(destination.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0 && errno == ENXIO && fifo)
    throw OutputError("report path " + destination.string() +
                      " is a FIFO that no process is reading: writing to it would wait forever "
                      "(start its reader first, or choose another output)");
  if (fd < 0) throw system_error("cannot open report", destination);
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
    const OutputError error = system_error("cannot clear O_NONBLOCK on report", destination);
    ::close(fd);
    throw error;
  }
  return fd;
}

}  // namespace

ReportOutput::ReportOutput(const std::string& destination, OutputMode mode) {
  if (destination.empty() || destination == "-" || destination == "/dev/stdout") {
    fd_ = STDOUT_FILENO;
    current_ = "/dev/stdout";
    return;
  }
  if (destination == "/dev/stderr") {
    fd_ = STDERR_FILENO;
    current_ = destination;
    return;
  }
  destination_ = destination;
  struct stat info {};
  const bool exists = ::stat(destination.c_str(), &info) == 0;
  if (exists && !S_ISREG(info.st_mode)) {
    if (S_ISDIR(info.st_mode)) throw OutputError("report path " + destination + " is a directory");
    fd_ = open_special(destination_, S_ISFIFO(info.st_mode));
    owns_fd_ = true;
    current_ = destination_;
    // Replaced by a regular file between stat and open: never written in place.
    if (::fstat(fd_, &info) != 0 || S_ISREG(info.st_mode)) {
      ::close(fd_);
      throw OutputError("report path " + destination + " changed while it was opened");
    }
    return;
  }
  // A regular file is never written in place (it may be a hard link, or a symlink, to a file
  // elsewhere): the report goes to a new file beside it that is renamed over the name, at
  // commit() (atomic) or at once (journal: the new file is the report, written as the run goes).
  const std::filesystem::path parent =
      destination_.has_parent_path() ? destination_.parent_path() : std::filesystem::path(".");
  std::string pattern =
      (parent / ("." + destination_.filename().string() + ".tmp-XXXXXX")).string();
  fd_ = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd_ < 0) throw system_error("cannot create a temp file for report", destination_);
  ::fchmod(fd_, 0644);
  owns_fd_ = true;
  temp_ = pattern;
  current_ = pattern;
  journal_ = mode == OutputMode::journal;
  rename_at_first_write_ = journal_;
}

ReportOutput::~ReportOutput() {
  if (owns_fd_ && fd_ >= 0) ::close(fd_);
  if (temp_) ::unlink(temp_->c_str());
}

void ReportOutput::write(std::string_view text) {
  if (rename_at_first_write_) {
    rename_into_place();
    rename_at_first_write_ = false;
  }
  while (!text.empty()) {
    const ssize_t written = ::write(fd_, text.data(), text.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      throw system_error("cannot write report", current_);
    }
    text.remove_prefix(static_cast<std::size_t>(written));
  }
}

void ReportOutput::commit() {
  if (journal_ && ::fsync(fd_) != 0) throw system_error("cannot flush report", current_);
  if (!temp_) return;
  if (::fsync(fd_) != 0) throw system_error("cannot flush report", *temp_);
  rename_into_place();
}

std::optional<std::pair<std::uint64_t, std::uint64_t>> ReportOutput::file_identity() const {
  struct stat info {};
  if (!owns_fd_ || ::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  return std::pair<std::uint64_t, std::uint64_t>{info.st_dev, info.st_ino};
}

void ReportOutput::rename_into_place() {
  if (::rename(temp_->c_str(), destination_.c_str()) != 0)
    throw system_error("cannot rename report into place at", destination_);
  temp_.reset();
  current_ = destination_;
}

}  // namespace gafcheck
