#include "validator/platform/beneath_root.hpp"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <deque>
#include <utility>
#include <vector>

#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

class WalkedDescriptor {
 public:
  explicit WalkedDescriptor(int fd) : fd_(fd) {}
  WalkedDescriptor(WalkedDescriptor&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  WalkedDescriptor& operator=(WalkedDescriptor&&) = delete;
  ~WalkedDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

void push_components(std::deque<std::string>& pending, const std::string& path) {
  std::vector<std::string> parts;
  for (std::size_t start = 0; start <= path.size();) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    if (end > start) parts.emplace_back(path, start, end - start);
    start = end + 1;
  }
  pending.insert(pending.begin(), parts.begin(), parts.end());
}

std::string shown(const std::string& name) {
  return "'" + escape_bytes(name) + "'";
}

}  // namespace

RootDirectory::RootDirectory(const std::string& root) {
  fd_ = ::open(root.empty() ? "." : root.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fd_ < 0) error_ = "--root " + escape_bytes(root) + ": " + std::strerror(errno);
}

void RootDirectory::protect(dev_t device, ino_t inode, std::string what) {
  protected_.push_back({device, inode, std::move(what)});
}

RootDirectory::~RootDirectory() {
  if (fd_ >= 0) ::close(fd_);
}

RootDirectory::Opened RootDirectory::open(const std::string& path, std::uint64_t max_size) const {
  Opened out;
  if (fd_ < 0) {
    out.error = error_;
    return out;
  }
  const auto fail = [&out](std::string why, bool missing = false) {
    out.error = std::move(why);
    out.missing = missing;
    return std::move(out);
  };
  std::vector<WalkedDescriptor> directories;  // beneath the root, innermost last
  std::deque<std::string> pending;
  push_components(pending, path);
  int links = 0;
  std::string last_link;  // the last link followed, named when the walk would leave the root
  while (!pending.empty()) {
    const std::string name = std::move(pending.front());
    pending.pop_front();
    if (name == ".") continue;
    if (name == "..") {
      if (directories.empty())
        return fail(last_link.empty() ? "it climbs above --root through '..'"
                                      : "the symbolic link " + shown(last_link) +
                                            " leads outside --root (its target climbs above it)");
      directories.pop_back();
      continue;
    }
    const int directory = directories.empty() ? fd_ : directories.back().get();
    char target[PATH_MAX];
    const ssize_t length = ::readlinkat(directory, name.c_str(), target, sizeof target);
    if (length >= 0) {
      if (++links > max_links)
        return fail("more than " + std::to_string(max_links) + " symbolic links on the way");
      const std::string followed(target, static_cast<std::size_t>(length));
      if (static_cast<std::size_t>(length) == sizeof target || followed.empty() ||
          followed.front() == '/')
        return fail("the symbolic link " + shown(name) + " points to " + shown(followed) +
                    ", outside --root (html follows a link only to a relative place beneath it)");
      push_components(pending, followed);
      last_link = name;
      continue;
    }
    if (errno != EINVAL)  // EINVAL: a name that is no symbolic link
      return fail(shown(name) + ": " + std::strerror(errno), errno == ENOENT || errno == ENOTDIR);
    if (pending.empty()) {
      struct stat status {};
      if (::fstatat(directory, name.c_str(), &status, AT_SYMLINK_NOFOLLOW) == 0)
        for (const Protected& file : protected_)
          if (status.st_dev == file.device && status.st_ino == file.inode) {
            protected_named_ = true;
            return fail(shown(name) + " is " + file.what + ": not read");
          }
      OpenedInput opened = InputFile::open_at(directory, name, max_size);
      if (!opened) return fail(opened.problem().reason);
      out.file = std::move(opened).value();
      return out;
    }
    const int next =
        ::openat(directory, name.c_str(), O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0)
      return fail(shown(name) + ": " + std::strerror(errno), errno == ENOENT || errno == ENOTDIR);
    directories.emplace_back(next);
  }
  return fail("it names a directory, not a file");
}

}  // namespace gafcheck
