#include "validator/modsets/mod_sources.hpp"

#include <algorithm>
#include <filesystem>

#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"
#include "validator/hpi/member_reader.hpp"
#include "validator/input/input_file.hpp"
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

void list_folder(ModSet& set, const fs::path& folder, std::size_t root,
                 const CheckOptions& options) {
  std::vector<fs::path> files;
  std::error_code error;
  for (fs::recursive_directory_iterator walk(folder, error), end; !error && walk != end;
       walk.increment(error))
    if (walk->is_regular_file(error) && !walk->is_symlink(error)) files.push_back(walk->path());
  if (error) set.unreadable.push_back(escape_bytes(folder.string()) + ": " + error.message());
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    const std::string relative = file.lexically_relative(folder).generic_string();
    const bool in_subfolder = relative.find('/') != std::string::npos;
    if (is_archive_extension(lowercase_extension(file))) {
      list_archive(set,
                   ModArchive{.disk = file.string(),
                              .display = (folder / relative).string(),
                              .folded_name = ascii_lowercase(file.filename().string()),
                              .in_subfolder = in_subfolder,
                              .root = root},
                   options);
      // An archive is a source, never a loose file (below the top of the folder, only for the
      // engines that search subfolders).
      continue;
    }
    std::error_code size_error;
    const auto size = fs::file_size(file, size_error);
    set.suppliers.push_back(Supplier{.path = relative,
                                     .folded = folded_path(relative),
                                     .disk = file.string(),
                                     .root = root,
                                     .size = size_error ? 0 : size});
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
      list_folder(set, argument, root, options);
    } else if (fs::exists(argument, error)) {
      list_archive(set,
                   ModArchive{.disk = arguments[root],
                              .display = arguments[root],
                              .folded_name = ascii_lowercase(argument.filename().string()),
                              .root = root},
                   options);
    } else {
      set.unreadable.push_back(escape_bytes(arguments[root]) + ": no such file or directory");
    }
  }
  return set;
}

}  // namespace gafcheck::modsets
