#pragma once
// The levels diff walks: a directory's files (every regular file below it, by relative path) or an
// archive's members (by member path), each loaded on demand through the same readers as check
// (a member with its damage, never passed off as sound).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "validator/core/check_options.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/input/input_loader.hpp"

namespace gafcheck::compare {

struct LevelItem {
  std::string path;    // as shown (relative to the directory, or the member path)
  std::string folded;  // as the game matches it: A-Z folded, '\' as '/'
  std::uint64_t size = 0;
  std::string error;  // why it cannot be read (from listing it)
};

class Level {
 public:
  virtual ~Level() = default;
  const std::vector<LevelItem>& items() const { return items_; }
  virtual LoadedInput load(std::size_t item) const = 0;

 protected:
  std::vector<LevelItem> items_;
};

class DirectoryLevel : public Level {
 public:
  DirectoryLevel(const std::string& root, const CheckOptions& options);
  LoadedInput load(std::size_t item) const override;
  // Symbolic links below the root: never followed, so never compared (relative paths).
  const std::vector<std::string>& not_followed() const { return not_followed_; }

 private:
  std::string root_;
  std::vector<std::string> not_followed_;
  std::vector<std::string> disk_paths_;
  const CheckOptions& options_;
};

class ArchiveLevel : public Level {
 public:
  // archive must outlive the level.
  ArchiveLevel(ByteView archive, const std::string& label, const CheckOptions& options);
  // The directory was read whole: every member is listed.
  bool complete() const { return reader_.is_archive() && reader_.index().walk_complete; }
  // The engine loads none of its members: retail TA refuses a v1 archive without the copyright
  // footer (docs/format/hpi.md §1); the other engines are not known to check it.
  bool refused_by(Game game) const { return game == Game::ta && reader_.index().footer_missing; }
  LoadedInput load(std::size_t item) const override;

 private:
  std::string label_;
  hpi::MemberReader reader_;
};

}  // namespace gafcheck::compare
