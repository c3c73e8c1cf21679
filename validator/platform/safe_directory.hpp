#pragma once
// Writes files (extracted members, rendered pictures, rebuilt files) under one directory without
// ever leaving it: every directory and file is created relative to a directory file descriptor,
// one path component at a time, opened with O_NOFOLLOW (a symlink in the way fails the file,
// nothing is written through it), and an existing file is replaced only when forced (and only if
// it is a regular file), by a new file renamed over it: its inode, which a hard link may share
// with a file elsewhere, is never written.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "validator/base/result.hpp"

namespace gafcheck {

class SafeDirectory {
 public:
  // Opens (creating it if missing, one level) the target directory; the problem says why it
  // cannot be used (a symlink, not a directory, no permission).
  static Result<SafeDirectory> open(const std::string& path);

  SafeDirectory(SafeDirectory&& other) noexcept
      : fd_(other.fd_), protected_(std::move(other.protected_)) {
    other.fd_ = -1;
  }
  SafeDirectory& operator=(SafeDirectory&& other) noexcept;
  SafeDirectory(const SafeDirectory&) = delete;
  ~SafeDirectory();

  // Writes bytes at member_path ('/'-separated, already checked safe) below the directory, or
  // says why it was refused.
  Result<void> write(std::string_view member_path, std::span<const std::uint8_t> bytes,
                     bool force) const;

  // The directory at path ('/'-separated, already checked safe) below this one, created and
  // opened one component at a time as write() does. Files written into it by name need no path
  // walk: a writer of many files per folder keeps it open.
  Result<SafeDirectory> open_below(std::string_view path) const;

  // The file with this device and inode is an input of the run (by default: the archive being
  // extracted; what names it otherwise): --force never replaces it, whatever name a member or
  // image gives it. Every file protected so far stays protected.
  void protect(std::uint64_t device, std::uint64_t inode,
               std::string what = "the archive being extracted");

  // Whether a file at member_path ('/'-separated, already checked safe) could be written with
  // --force: it does not exist or could be replaced; the problem says why not (a protected
  // input, a symbolic link, not a regular file). Nothing is created.
  Result<void> check_replaceable(std::string_view member_path) const;

  struct ProtectedFile {
    std::uint64_t device = 0, inode = 0;
    std::string what;
  };

 private:
  explicit SafeDirectory(int fd) : fd_(fd) {}
  const std::vector<ProtectedFile>& protected_files() const;
  int fd_ = -1;
  // Shared with the directories opened below (render opens one per entry folder and protects
  // every input: a copy each would be thousands of names per folder); protect() copies it first
  // when it is shared, so a directory opened before keeps the list it was opened with.
  std::shared_ptr<std::vector<ProtectedFile>> protected_;
};

// The directory a command writes its outputs into, or a UsageError "cannot ACTION PATH: why".
SafeDirectory open_output_directory(const std::string& path, std::string_view action);

}  // namespace gafcheck
