#include "validator/modsets/mod_sources.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>

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

// The members of one archive become suppliers; an archive that cannot be read is named.
void list_archive(ModSet& set, ModArchive archive, const CheckOptions& options) {
  // Only the header and the directory it points at are read: listing costs the directories.
  const OpenedInput file =
      InputFile::open_ranges(archive.disk, options.limits[BudgetKind::file_size],
                             hpi::index_head_size, hpi::directory_ranges);
  if (!file) {
    set.unreadable.push_back(escape_bytes(archive.disk) + ": " + file.problem().reason);
    return;
  }
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
  const std::size_t at = set.archives.size();
  set.archives.push_back(std::move(archive));
  const auto& members = reader.members();
  for (std::size_t m = 0; m < members.size(); ++m)
    set.suppliers.push_back(Supplier{.path = members[m].path,
                                     .folded = folded_path(members[m].path),
                                     .archive = at,
                                     .member = m,
                                     .root = set.archives[at].root,
                                     .size = members[m].size});
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
void list_folder(ModSet& set, const std::string& folder, std::size_t root,
                 const CheckOptions& options) {
  InputWalk walk({folder});
  while (const std::optional<InputItem> item = walk.next()) {
    if (const auto why = not_listed(*item)) {
      set.unreadable.push_back(escape_bytes(item->path) + ": " + *why);
      continue;
    }
    const fs::path file(item->path);
    if (is_archive_extension(lowercase_extension(file))) {
      list_archive(set,
                   ModArchive{.disk = item->path,
                              .display = item->path,
                              .folded_name = ascii_lowercase(file.filename().string()),
                              .in_subfolder = item->relative.find('/') != std::string::npos,
                              .root = root},
                   options);
      // An archive is a source, never a loose file (below the top of the folder, only for the
      // engines that search subfolders).
      continue;
    }
    set.suppliers.push_back(Supplier{.path = item->relative,
                                     .folded = folded_path(item->relative),
                                     .disk = item->path,
                                     .root = root,
                                     .size = item->size});
  }
}

}  // namespace

std::string folded_path(std::string_view path) {
  std::string folded = ascii_lowercase(path);
  std::replace(folded.begin(), folded.end(), '\\', '/');
  return folded;
}

ModSet list_mod_set(const std::vector<std::string>& arguments, const CheckOptions& options) {
  ModSet set;
  for (std::size_t root = 0; root < arguments.size(); ++root) {
    const fs::path argument(arguments[root]);
    std::error_code error;
    if (fs::is_directory(argument, error)) {
      list_folder(set, arguments[root], root, options);
    } else if (fs::exists(argument, error)) {
      list_archive(set,
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
  return set;
}

}  // namespace gafcheck::modsets
