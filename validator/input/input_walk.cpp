#include "validator/input/input_walk.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "validator/core/text.hpp"
#include "validator/input/resolved_paths.hpp"

namespace gafcheck {
// Named, not anonymous: InputWalk::State holds them, and a type with internal linkage inside a
// class declared in a header is an error in unity builds (-Wsubobject-linkage).
namespace input_walk_parts {

// What lstat said about one directory entry; kept small because a listing is held in memory
// while the walk is below it.
struct Listed {
  std::string name;
  int error = 0;  // errno of lstat, 0 when it succeeded
  mode_t mode = 0;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::int64_t ctime_ns = 0;
  dev_t device = 0;
  ino_t inode = 0;
};

struct Directory {
  std::string path;
  std::string relative;
  dev_t device = 0;
  ino_t inode = 0;
  std::vector<Listed> entries;
  std::size_t next = 0;
};

struct Root {
  std::string path;
  std::string canonical;  // empty when it cannot be resolved
};

}  // namespace input_walk_parts
using input_walk_parts::Directory;
using input_walk_parts::Listed;
using input_walk_parts::Root;

namespace {

std::int64_t nanoseconds(const struct timespec& time) {
  return static_cast<std::int64_t>(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

std::string join(const std::string& parent, const std::string& name) {
  if (parent.empty()) return name;
  if (parent.back() == '/') return parent + name;
  return parent + "/" + name;
}

std::string errno_text(int error) {
  return std::strerror(error);
}

std::string link_target(const std::string& path) {
  char buffer[PATH_MAX];
  const ssize_t length = ::readlink(path.c_str(), buffer, sizeof buffer);
  if (length < 0) return "?";
  return escape_bytes(std::string_view(buffer, static_cast<std::size_t>(length)));
}

// Sorted by path_less, without duplicates, and without roots inside other roots (their files
// are reached through the outer root).
std::vector<Root> prepare_roots(const std::vector<std::string>& given) {
  std::vector<Root> roots;
  for (std::string path : given) {
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    roots.push_back({path, resolved_path(path)});
  }
  std::sort(roots.begin(), roots.end(),
            [](const Root& a, const Root& b) { return path_less(a.path, b.path); });
  std::vector<Root> kept;
  for (const Root& root : roots) {
    const bool covered = std::any_of(kept.begin(), kept.end(), [&](const Root& other) {
      if (other.path == root.path) return true;
      if (root.canonical.empty() || other.canonical.empty()) return false;
      return root.canonical == other.canonical || is_inside(root.canonical, other.canonical);
    });
    if (covered) continue;
    // A root inside a later root is dropped too: the later root reaches it.
    kept.erase(std::remove_if(kept.begin(), kept.end(),
                              [&](const Root& other) {
                                return !root.canonical.empty() &&
                                       is_inside(other.canonical, root.canonical);
                              }),
               kept.end());
    kept.push_back(root);
  }
  return kept;
}

}  // namespace

InputItem regular_file_item(InputItem item, const struct stat& info,
                            std::string (*why_not)(mode_t mode)) {
  if (!S_ISREG(info.st_mode)) {
    item.kind = InputKind::unreadable;
    item.error = why_not(info.st_mode);
    return item;
  }
  item.size = static_cast<std::uint64_t>(info.st_size);
  item.mtime_ns = nanoseconds(info.st_mtim);
  item.ctime_ns = nanoseconds(info.st_ctim);
  item.device = static_cast<std::uint64_t>(info.st_dev);
  item.inode = static_cast<std::uint64_t>(info.st_ino);
  return item;
}

bool path_less(std::string_view a, std::string_view b) {
  const std::size_t common = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (a[i] == b[i]) continue;
    const int left = a[i] == '/' ? 0 : static_cast<unsigned char>(a[i]) + 1;
    const int right = b[i] == '/' ? 0 : static_cast<unsigned char>(b[i]) + 1;
    return left < right;
  }
  return a.size() < b.size();
}

struct InputWalk::State {
  std::vector<Root> roots;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> excluded;  // (device, inode)
  std::size_t next_root = 0;
  std::vector<Directory> stack;

  // Lists a directory into a new stack frame; returns the reason when it cannot be listed.
  std::optional<std::string> enter(const std::string& path, const std::string& relative,
                                   dev_t device, ino_t inode) {
    for (const Directory& ancestor : stack) {
      if (ancestor.device == device && ancestor.inode == inode)
        return "directory loop: this directory is its own ancestor " + escape_bytes(ancestor.path) +
               " (a bind mount?); not walked again";
    }
    DIR* handle = ::opendir(path.c_str());
    if (!handle) {
      const int error = errno;
      if (error == ENOENT) return "cannot list directory: it vanished during the walk";
      return "cannot list directory: " + errno_text(error);
    }
    Directory directory{path, relative, device, inode, {}, 0};
    const int descriptor = ::dirfd(handle);
    errno = 0;
    while (const dirent* entry = ::readdir(handle)) {
      const std::string name = entry->d_name;
      if (name == "." || name == "..") continue;
      Listed listed;
      listed.name = name;
      struct stat info {};
      if (::fstatat(descriptor, entry->d_name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
        listed.error = errno;
      } else {
        listed.mode = info.st_mode;
        listed.size = static_cast<std::uint64_t>(info.st_size);
        listed.mtime_ns = nanoseconds(info.st_mtim);
        listed.ctime_ns = nanoseconds(info.st_ctim);
        listed.device = info.st_dev;
        listed.inode = info.st_ino;
      }
      directory.entries.push_back(std::move(listed));
      errno = 0;
    }
    const int read_error = errno;
    ::closedir(handle);
    if (read_error != 0) return "cannot list directory: " + errno_text(read_error);
    std::sort(directory.entries.begin(), directory.entries.end(),
              [](const Listed& a, const Listed& b) { return a.name < b.name; });
    stack.push_back(std::move(directory));
    return std::nullopt;
  }

  InputItem symlink_item(InputItem item) const {
    struct stat target {};
    if (::stat(item.path.c_str(), &target) != 0) {
      const int error = errno;
      item.kind = InputKind::unreadable;
      if (error == ELOOP)
        item.error = "symlink loop: the chain of links from here never resolves (to " +
                     link_target(item.path) + ")";
      else if (error == ENOENT)
        item.error = "dangling symlink: its target " + link_target(item.path) + " does not exist";
      else
        item.error =
            "cannot follow symlink to " + link_target(item.path) + ": " + errno_text(error);
      return item;
    }
    if (S_ISDIR(target.st_mode)) {
      for (const Directory& ancestor : stack) {
        if (ancestor.device == target.st_dev && ancestor.inode == target.st_ino) {
          item.kind = InputKind::unreadable;
          item.error = "symlink loop: links to " + link_target(item.path) +
                       ", its own ancestor directory " + escape_bytes(ancestor.path) +
                       "; not followed";
          return item;
        }
      }
    }
    item.kind = InputKind::symlink_not_followed;
    return item;
  }

  bool is_excluded(std::uint64_t device, std::uint64_t inode) const {
    return std::find(excluded.begin(), excluded.end(), std::pair{device, inode}) != excluded.end();
  }

  std::optional<InputItem> next_in_directory() {
    while (!stack.empty()) {
      Directory& top = stack.back();
      if (top.next == top.entries.size()) {
        stack.pop_back();
        continue;
      }
      const Listed listed = top.entries[top.next++];
      if (is_excluded(listed.device, listed.inode) && listed.error == 0) continue;
      InputItem item;
      item.path = join(top.path, listed.name);
      item.relative = top.relative.empty() ? listed.name : top.relative + "/" + listed.name;
      if (listed.error != 0) {
        item.kind = InputKind::unreadable;
        item.error = listed.error == ENOENT ? "vanished while its directory was being listed"
                                            : "cannot stat: " + errno_text(listed.error);
        return item;
      }
      if (S_ISDIR(listed.mode)) {
        if (auto error = enter(item.path, item.relative, listed.device, listed.inode)) {
          item.kind = InputKind::unreadable;
          item.error = std::move(error);
          return item;
        }
        continue;
      }
      if (S_ISLNK(listed.mode)) return symlink_item(std::move(item));
      if (!S_ISREG(listed.mode)) {
        item.kind = InputKind::unreadable;
        item.error = special_file_reason(listed.mode);
        return item;
      }
      item.size = listed.size;
      item.mtime_ns = listed.mtime_ns;
      item.ctime_ns = listed.ctime_ns;
      item.device = static_cast<std::uint64_t>(listed.device);
      item.inode = static_cast<std::uint64_t>(listed.inode);
      return item;
    }
    return std::nullopt;
  }

  std::optional<InputItem> next_root_item() {
    while (next_root < roots.size()) {
      const Root& root = roots[next_root++];
      InputItem item;
      item.path = root.path;
      item.named = true;
      const auto slash = root.path.find_last_of('/');
      item.relative = slash == std::string::npos ? root.path : root.path.substr(slash + 1);
      struct stat info {};
      if (::stat(root.path.c_str(), &info) != 0) {
        item.kind = InputKind::unreadable;
        item.error = "cannot open: " + errno_text(errno);
        return item;
      }
      if (S_ISDIR(info.st_mode)) {
        if (auto error = enter(root.path, "", info.st_dev, info.st_ino)) {
          item.kind = InputKind::unreadable;
          item.error = std::move(error);
          return item;
        }
        return std::nullopt;  // the caller walks the new directory
      }
      return regular_file_item(std::move(item), info);
    }
    return std::nullopt;
  }
};

InputWalk::InputWalk(const std::vector<std::string>& roots) : state_(std::make_unique<State>()) {
  state_->roots = prepare_roots(roots);
}

InputWalk::~InputWalk() = default;

std::optional<InputItem> InputWalk::next() {
  while (true) {
    if (auto item = state_->next_in_directory()) return item;
    if (state_->next_root == state_->roots.size()) return std::nullopt;
    if (auto item = state_->next_root_item()) return item;
  }
}

void InputWalk::exclude(std::uint64_t device, std::uint64_t inode) {
  state_->excluded.emplace_back(device, inode);
}

std::vector<InputItem> collect_inputs(const std::vector<std::string>& roots) {
  std::vector<InputItem> items;
  InputWalk walk(roots);
  while (auto item = walk.next())
    if (item->kind != InputKind::symlink_not_followed) items.push_back(std::move(*item));
  return items;
}

std::string special_file_reason(mode_t mode) {
  if (S_ISFIFO(mode)) return "not read: a FIFO";
  if (S_ISSOCK(mode)) return "not read: a socket";
  if (S_ISBLK(mode)) return "not read: a block device";
  if (S_ISCHR(mode)) return "not read: a character device";
  return "not read: not a regular file";
}

}  // namespace gafcheck
