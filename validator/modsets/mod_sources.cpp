#include "validator/modsets/mod_sources.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <map>
#include <optional>
#include <utility>

#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/input/input_file.hpp"
#include "validator/input/input_walk.hpp"
#include "validator/modsets/engine_profiles.hpp"

namespace gafcheck::modsets {
namespace fs = std::filesystem;
namespace {

std::string lowercase_extension(const fs::path& path) {
  const std::string extension = path.extension().string();
  return ascii_lowercase(extension.empty() ? extension : extension.substr(1));
}

// The files listed so far, by device and inode, with the argument that reached each first. The
// game never loads one file twice: a file an argument reaches again (a folder named twice, an
// archive named beside the folder holding it, another spelling of one path) is listed once.
// Within one argument a walk reaches each directory entry once, so a file met again there is a
// hard link: two names in the game folder, which the game sees as two files, and both are listed.
class FilesReached {
 public:
  explicit FilesReached(const std::vector<std::string>& arguments) : arguments_(arguments) {}

  // Whether the file at path, reached through argument root, is listed (not reached before
  // through another argument).
  bool first_reach(std::pair<std::uint64_t, std::uint64_t> identity, const std::string& path,
                   std::size_t root) {
    const auto [at, inserted] = first_.try_emplace(identity, Reach{path, root});
    if (inserted || at->second.root == root) return true;
    Repeat& repeat = repeats_[{root, at->second.root}];
    if (repeat.count++ == 0) repeat.example = {path, at->second.path};
    return false;
  }

  // One line per argument that reached files another reached first.
  std::vector<std::string> repeats() const {
    std::vector<std::string> lines;
    for (const auto& [roots, repeat] : repeats_) {
      const auto& [path, first_path] = repeat.example;
      const std::string same = escape_bytes(path) + ", the same file as " +
                               escape_bytes(first_path) + " that " + argument(roots.second) +
                               " reached first";
      lines.push_back(argument(roots.first) + " reaches " +
                      (repeat.count == 1 ? same + ": listed once, there"
                                         : std::to_string(repeat.count) +
                                               " files listed before (the first: " + same +
                                               "): each listed once, where it was reached first"));
    }
    return lines;
  }

 private:
  std::string argument(std::size_t root) const {
    return "argument " + std::to_string(root + 1) + " '" + escape_bytes(arguments_[root]) + "'";
  }
  struct Reach {
    std::string path;
    std::size_t root = 0;
  };
  struct Repeat {
    std::uint64_t count = 0;
    std::pair<std::string, std::string> example;
  };
  const std::vector<std::string>& arguments_;
  std::map<std::pair<std::uint64_t, std::uint64_t>, Reach> first_;
  std::map<std::pair<std::size_t, std::size_t>, Repeat> repeats_;  // (root, root reached first)
};

// Charges copies to --max-heap before they are kept; past the budget, names where listing stopped.
bool charge_listing(ModSet& set, const std::string& source, std::uint64_t copies,
                    std::uint64_t bytes, const CheckOptions& options) {
  const std::uint64_t limit = options.limits[BudgetKind::heap];
  if (set.listed_bytes + bytes <= limit) {
    set.listed_bytes += bytes;
    return true;
  }
  set.listing_stopped = true;
  set.unreadable.push_back(
      escape_bytes(source) + ": listing stops here: its " + std::to_string(copies) +
      (copies == 1 ? " copy" : " copies") + " would bring what the listing holds to " +
      std::to_string(set.listed_bytes + bytes) + " bytes, over --max-heap " +
      std::to_string(limit) +
      " (conflicts holds every copy of the mod set at once); it and every source after it are "
      "not listed, so no verdict covers them: raise --max-heap to list them");
  return false;
}

// The members of one archive become suppliers; an archive that cannot be read is named.
void list_archive(ModSet& set, FilesReached& reached, ModArchive archive,
                  const CheckOptions& options) {
  // Only the header and the directory it points at are read: listing costs the directories.
  const OpenedInput file =
      InputFile::open_ranges(archive.disk, options.limits[BudgetKind::file_size],
                             hpi::index_head_size, hpi::directory_ranges);
  if (!file) {
    set.unreadable.push_back(escape_bytes(archive.disk) + ": " + file.problem().reason);
    return;
  }
  if (!reached.first_reach(file->identity(), archive.disk, archive.root)) return;
  const hpi::MemberReader reader(file->view(), options.limits);
  if (!reader.is_archive()) {
    set.unreadable.push_back(escape_bytes(archive.disk) + ": not an HPI-family archive");
    return;
  }
  // Members missing from a directory that could not be walked whole would make wrong winners.
  if (!reader.index().walk_complete)
    set.unreadable.push_back(escape_bytes(archive.disk) +
                             ": its directory could not be read whole (a budget or damage: "
                             "gafcheck check says which)");
  archive.footer_missing = reader.index().footer_missing;
  const std::size_t at = set.archives.size();
  const auto& members = reader.members();
  std::vector<Supplier> copies;
  std::uint64_t bytes = 0;
  for (std::size_t m = 0; m < members.size(); ++m) {
    copies.push_back(Supplier{.path = members[m].path,
                              .folded = folded_path(members[m].path),
                              .archive = at,
                              .member = m,
                              .root = archive.root,
                              .size = members[m].size});
    bytes += listed_copy_bytes(copies.back());
  }
  if (!charge_listing(set, archive.disk, copies.size(), bytes, options)) return;
  set.archives.push_back(std::move(archive));
  std::move(copies.begin(), copies.end(), std::back_inserter(set.suppliers));
}

// Why an entry of the folder that is not a regular file supplies nothing we could list: the
// game would open it (a link is followed, a FIFO blocks it), so leaving it out unnamed could hide
// the copy the game loads.
std::optional<std::string> not_listed(const InputItem& item) {
  if (item.kind == InputKind::unreadable) return item.error.value_or("cannot be read");
  if (item.kind == InputKind::symlink_not_followed)
    return "a symlink, not followed (the game would read what it points to: the copies it "
           "supplies are not listed)";
  return std::nullopt;
}

// The walk of the house (input/input_walk.hpp): links are never followed, and every entry that
// is not a regular file comes back with why, so that each is named rather than skipped.
void list_folder(ModSet& set, FilesReached& reached, const std::string& folder, std::size_t root,
                 const CheckOptions& options) {
  InputWalk walk({folder});
  while (const std::optional<InputItem> item = walk.next()) {
    if (const auto why = not_listed(*item)) {
      set.unreadable.push_back(escape_bytes(item->path) + ": " + *why);
      continue;
    }
    const fs::path file(item->path);
    if (is_archive_extension(lowercase_extension(file))) {
      list_archive(set, reached,
                   ModArchive{.disk = item->path,
                              .display = item->path,
                              .folded_name = ascii_lowercase(file.filename().string()),
                              .in_subfolder = item->relative.find('/') != std::string::npos,
                              .root = root},
                   options);
      if (set.listing_stopped) return;
      // An archive is a source, never a loose file (below the top of the folder, only for the
      // engines that search subfolders).
      continue;
    }
    // A loose file is not opened to list it: the walk's lstat (links are not followed, so it is
    // the file's own) says which file it is.
    if (!reached.first_reach({item->device, item->inode}, item->path, root)) continue;
    Supplier copy{.path = item->relative,
                  .folded = folded_path(item->relative),
                  .disk = item->path,
                  .root = root,
                  .size = item->size};
    if (!charge_listing(set, item->path, 1, listed_copy_bytes(copy), options)) return;
    set.suppliers.push_back(std::move(copy));
  }
}

}  // namespace

std::uint64_t listed_copy_bytes(const Supplier& copy) {
  constexpr std::uint64_t comparing_state = 448;
  return sizeof(Supplier) + copy.path.size() + copy.folded.size() + copy.disk.size() +
         comparing_state;
}

std::string folded_path(std::string_view path) {
  std::string folded = ascii_lowercase(path);
  std::replace(folded.begin(), folded.end(), '\\', '/');
  return folded;
}

ModSet list_mod_set(const std::vector<std::string>& arguments, const CheckOptions& options) {
  ModSet set;
  FilesReached reached(arguments);
  for (std::size_t root = 0; root < arguments.size() && !set.listing_stopped; ++root) {
    const fs::path argument(arguments[root]);
    std::error_code error;
    if (fs::is_directory(argument, error)) {
      list_folder(set, reached, arguments[root], root, options);
    } else if (fs::exists(argument, error)) {
      list_archive(set, reached,
                   ModArchive{.disk = arguments[root],
                              .display = arguments[root],
                              .folded_name = ascii_lowercase(argument.filename().string()),
                              .root = root},
                   options);
    } else {
      // Not "no such file" for a link loop or a path that cannot be searched: say what failed.
      set.unreadable.push_back(escape_bytes(arguments[root]) + ": " +
                               (error ? error.message() : "no such file or directory"));
    }
  }
  set.repeated = reached.repeats();
  return set;
}

}  // namespace gafcheck::modsets
