#pragma once
// The census's inputs in path order: the walk of its directory roots, or the entries of its
// --files-from list. A listed entry is taken like a file found by the walk (picked by extension
// or content, --ext applies), so `find DIR -type f | gafcheck census --files-from -` checks what
// `gafcheck census DIR` checks; symlinks are followed (find lists what the user chose), and an
// entry that does not exist, is a directory or a special file is an input with an error.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "validator/census/file_list.hpp"
#include "validator/input/input_walk.hpp"

namespace gafcheck {

class CensusInputs {
 public:
  // list: when set, its entries (which must outlive this); else the walk of roots.
  CensusInputs(const std::vector<std::string>& roots, const FileList* list);

  std::optional<InputItem> next();
  // Leaves the run's own report out (device, inode), as InputWalk::exclude.
  void exclude(std::uint64_t device, std::uint64_t inode);

 private:
  std::optional<InputItem> next_listed();

  std::unique_ptr<InputWalk> walk_;
  const FileList* list_ = nullptr;
  std::size_t next_ = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> excluded_;
};

}  // namespace gafcheck
