#include "validator/census/census_inputs.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace gafcheck {
namespace {

std::string not_a_file_reason(mode_t mode) {
  if (S_ISDIR(mode))
    return "not read: a directory (--files-from lists files; `gafcheck census DIR` walks a "
           "directory)";
  return special_file_reason(mode);
}

}  // namespace

CensusInputs::CensusInputs(const std::vector<std::string>& roots, const FileList* list)
    : list_(list) {
  if (!list_) walk_ = std::make_unique<InputWalk>(roots);
}

std::optional<InputItem> CensusInputs::next() {
  return walk_ ? walk_->next() : next_listed();
}

void CensusInputs::exclude(std::uint64_t device, std::uint64_t inode) {
  if (walk_)
    walk_->exclude(device, inode);
  else
    excluded_.emplace_back(device, inode);
}

std::optional<InputItem> CensusInputs::next_listed() {
  while (next_ < list_->paths.size()) {
    const ListedPath& entry = list_->paths[next_++];
    InputItem item;
    item.path = entry.path;
    item.relative = entry.path;  // the shard key of a listed path: the entry as written
    if (!entry.problem.empty()) {
      item.kind = InputKind::unreadable;
      item.error = entry.problem;
      return item;
    }
    struct stat info {};
    if (::stat(entry.path.c_str(), &info) != 0) {
      const int error = errno;
      item.kind = InputKind::unreadable;
      item.error = error == ENOENT ? std::string("listed, but does not exist")
                                   : "cannot open: " + std::string(std::strerror(error));
      return item;
    }
    const std::pair<std::uint64_t, std::uint64_t> identity{info.st_dev, info.st_ino};
    if (std::find(excluded_.begin(), excluded_.end(), identity) != excluded_.end()) continue;
    return regular_file_item(std::move(item), info, not_a_file_reason);
  }
  return std::nullopt;
}

}  // namespace gafcheck
