#pragma once
// Turns the paths given on the command line into the inputs to check, in one deterministic order
// (path_less), as a stream: memory is bounded by the directory listings on the current path, not
// by the size of the tree.
//
// Symlinks inside a walked directory are never followed: a target inside the roots is reached by
// its own path anyway (so nothing is checked twice), and the walk never leaves the roots. A link
// that cannot be resolved (dangling, or a chain of links that never ends) and a link back to one
// of its own ancestors (a directory loop) become inputs with an error; every other link is an item
// of kind symlink_not_followed, for the census to count. Unreadable directories, special files and
// entries that vanish while being listed are inputs with an error. Paths given on the command
// line are taken as given (a root that is a symlink is followed).
#include <sys/stat.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gafcheck {

enum class InputKind { file, unreadable, symlink_not_followed };

struct InputItem {
  std::string path;
  std::optional<std::string> error;  // set when the input cannot be read at all
  InputKind kind = InputKind::file;
  std::uint64_t size = 0;     // from lstat, for files
  std::int64_t mtime_ns = 0;  // modification time in nanoseconds since the epoch, for files
  std::string relative;       // the path inside its root (a root that is a file: its name)
  bool named = false;         // given on the command line itself (a root), not found by walking one
  // What a copy, tar -x or rsync -t cannot set back, for --resume to recognise a file: the
  // status change time, and device and inode.
  std::int64_t ctime_ns = 0;
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
};

// Why an input of this mode (neither a regular file nor a directory) is not read: the item's
// error.
std::string special_file_reason(mode_t mode);

// The item as stat or lstat described it: a regular file's size, times, device and inode, or for
// anything else unreadable, with why_not(its mode) as the error.
InputItem regular_file_item(InputItem item, const struct stat& info,
                            std::string (*why_not)(mode_t mode) = special_file_reason);

// The order of every report: paths compared byte by byte, component by component ('/' sorts
// before any other byte), which is the order of a depth-first walk with sorted listings.
bool path_less(std::string_view a, std::string_view b);

class InputWalk {
 public:
  explicit InputWalk(const std::vector<std::string>& roots);
  InputWalk(const InputWalk&) = delete;
  InputWalk& operator=(const InputWalk&) = delete;
  ~InputWalk();

  // The next item in path order, or nullopt when the walk is complete.
  std::optional<InputItem> next();

  // Leaves the file with this device and inode out of the walk from now on, silently: the run's
  // own report (or its temp file), which may lie inside a root.
  void exclude(std::uint64_t device, std::uint64_t inode);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Every item of the walk but symlink_not_followed ones, in order (for check's few inputs).
std::vector<InputItem> collect_inputs(const std::vector<std::string>& roots);

}  // namespace gafcheck
