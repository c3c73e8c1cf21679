#pragma once
// Files a report names, looked up beneath a root directory without ever leaving it, whatever the
// kernel offers and whether or not the sandbox is on: `gafcheck html --root DIR` reads a report
// that may be forged, so neither a '..' nor a symbolic link under DIR may lead it elsewhere.
//
// The path is walked one component at a time from a descriptor of the root, each directory opened
// relative to the last with O_NOFOLLOW, and the file itself opened the same way. A symbolic link
// met on the way is read and followed by this walk (so it is checked like the rest): a relative
// target stays usable as long as it never climbs above the root; an absolute target, a climb out
// of the root and more than max_links links are refused, and the refusal says which link.
// openat2(RESOLVE_BENEATH) would do the same in the kernel, but seccomp cannot see its flags (an
// openat2 allowed is an open for writing allowed), so the walk uses only openat and readlinkat.
#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "validator/input/input_file.hpp"

namespace gafcheck {

class RootDirectory {
 public:
  static constexpr int max_links = 40;  // as the kernel's ELOOP limit

  // Opens the root itself (following links: the user named it). Call before the sandbox.
  explicit RootDirectory(const std::string& root);
  RootDirectory(const RootDirectory&) = delete;
  RootDirectory& operator=(const RootDirectory&) = delete;
  ~RootDirectory();

  struct Opened {
    std::optional<InputFile> file;
    std::string error;     // why not: missing, unreadable, or refused
    bool missing = false;  // nothing of that name (a component does not exist, or is no directory)
  };
  // Reads the regular file `path` names beneath the root (a leading '/' is beneath it too).
  Opened open(const std::string& path, std::uint64_t max_size) const;

  // A file (by device and inode) that must never be read as one the report names: the page
  // being written, which a report naming it would otherwise have drawn and then replaced.
  void protect(dev_t device, ino_t inode, std::string what);
  // Whether a protected file was named (and refused) since the root was opened.
  bool protected_named() const { return protected_named_; }

 private:
  struct Protected {
    dev_t device;
    ino_t inode;
    std::string what;
  };
  int fd_ = -1;
  std::string error_;  // why the root cannot be opened
  std::vector<Protected> protected_;
  mutable bool protected_named_ = false;
};

}  // namespace gafcheck
