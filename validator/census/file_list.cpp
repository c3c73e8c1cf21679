#include "validator/census/file_list.hpp"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "validator/base/errors.hpp"
#include "validator/census/run_options.hpp"
#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_walk.hpp"

namespace gafcheck {
namespace {

constexpr std::size_t longest_path = PATH_MAX - 1;  // PATH_MAX counts the terminating NUL

class ListReader {
 public:
  ListReader(const FileListOptions& options, FileList& list) : options_(options), list_(list) {}

  void add(std::string_view bytes) {
    while (!bytes.empty()) {
      const auto end = bytes.find(options_.separator);
      const std::string_view part = bytes.substr(0, end);
      length_ += part.size();
      if (current_.size() < longest_path)
        current_.append(part.substr(0, longest_path - current_.size()));
      if (!part.empty()) last_byte_ = part.back();
      if (end == std::string_view::npos) return;
      finish_entry();
      bytes.remove_prefix(end + 1);
    }
  }

  void finish() {
    if (length_ > 0) finish_entry();
  }

 private:
  void finish_entry() {
    std::uint64_t length = length_;
    // A list written on Windows: "name\r\n". Only the CR right before the newline goes.
    if (options_.separator == '\n' && length > 0 && last_byte_ == '\r') {
      --length;
      if (current_.size() > length) current_.pop_back();
    }
    if (length > 0) keep(length);
    current_.clear();
    length_ = 0;
    last_byte_ = 0;
  }

  void keep(std::uint64_t length) {
    ++list_.entries;
    ListedPath entry{std::move(current_), {}};
    current_ = {};
    if (length > longest_path)
      entry.problem = "the listed path is " + std::to_string(length) +
                      " bytes long, longer than any path can be (PATH_MAX " +
                      std::to_string(PATH_MAX) + "); not opened (reported by its first " +
                      std::to_string(longest_path) + " bytes)";
    else if (entry.path.find('\0') != std::string::npos)
      entry.problem =
          "the listed path holds a NUL byte, which no path can (a NUL-separated list needs -0)";
    if (options_.shard && !options_.shard->contains(entry.path)) return;
    held_ += entry.path.size() + sizeof(ListedPath);
    if (held_ > options_.max_bytes)
      throw UsageError{"--files-from " + escape_bytes(options_.name) + ": the paths " +
                       (options_.shard ? "of shard " + options_.shard->text() + " " : "") +
                       "hold more than --max-list-size " + std::to_string(options_.max_bytes) +
                       " bytes; raise it, or split the census with --shard (each shard keeps "
                       "only its own paths)"};
    list_.paths.push_back(std::move(entry));
  }

  const FileListOptions& options_;
  FileList& list_;
  std::string current_;
  std::uint64_t length_ = 0;
  char last_byte_ = 0;
  std::uint64_t held_ = 0;
};

}  // namespace

FileList read_file_list(const FileListOptions& options) {
  FileList list;
  list.identity.list = options.name;
  list.identity.separator = options.separator == '\0' ? "nul" : "newline";
  const bool standard_input = options.name == "-";
  const int fd = standard_input ? STDIN_FILENO : ::open(options.name.c_str(), O_RDONLY | O_CLOEXEC);
  const auto fail = [&](int error) {
    if (!standard_input && fd >= 0) ::close(fd);
    throw UsageError{"--files-from " + escape_bytes(options.name) +
                     ": cannot be read: " + std::strerror(error)};
  };
  if (fd < 0) fail(errno);
  Sha256Stream hash;
  ListReader reader(options, list);
  std::string buffer(std::size_t{1} << 16, '\0');
  while (true) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) fail(errno);
    if (got == 0) break;
    const std::string_view bytes(buffer.data(), static_cast<std::size_t>(got));
    hash.add(bytes);
    reader.add(bytes);
  }
  if (!standard_input) ::close(fd);
  reader.finish();
  list.identity.sha256 = hash.hex();
  // In place: a stable sort would allocate a second copy of the list.
  std::sort(list.paths.begin(), list.paths.end(),
            [](const ListedPath& a, const ListedPath& b) { return path_less(a.path, b.path); });
  list.paths.erase(
      std::unique(list.paths.begin(), list.paths.end(),
                  [](const ListedPath& a, const ListedPath& b) { return a.path == b.path; }),
      list.paths.end());
  return list;
}

std::vector<std::string> listed_read_paths(const FileList& list) {
  std::vector<std::string> paths;
  for (const ListedPath& entry : list.paths) {
    if (!entry.problem.empty()) continue;
    const auto slash = entry.path.find_last_of('/');
    if (slash == std::string::npos)
      paths.emplace_back(".");
    else
      paths.push_back(slash == 0 ? std::string("/") : entry.path.substr(0, slash));
    struct stat info {};
    if (::lstat(entry.path.c_str(), &info) == 0 && S_ISLNK(info.st_mode))
      paths.push_back(entry.path);
  }
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  return paths;
}

}  // namespace gafcheck
