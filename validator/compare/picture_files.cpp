#include "validator/compare/picture_files.hpp"

#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"
#include "validator/render/output_names.hpp"

namespace gafcheck::compare {

std::vector<PictureFile> picture_files(const ContentDiff& diff) {
  std::vector<PictureFile> files;
  for (std::size_t f = 0; f < diff.files.size(); ++f) {
    const FileDiff& file = diff.files[f];
    if (!file.sprite) continue;
    const std::string file_folder = render::input_directory(f, file.path);
    for (std::size_t e = 0; e < file.sprite->entries.size(); ++e) {
      const EntryDiff& entry = file.sprite->entries[e];
      const std::string folder =
          file_folder + "/" + std::to_string(e) + "-" + render::sanitized_name(entry.name) + "/";
      for (const FrameDiff& frame : entry.frames) {
        if (!frame.pictures) continue;
        const std::string stem =
            folder + "frame-" + std::to_string(frame.new_index.value_or(0)) + ".";
        files.push_back({stem + "old.png", &frame.pictures->old_png});
        files.push_back({stem + "new.png", &frame.pictures->new_png});
        files.push_back({stem + "difference.png", &frame.pictures->difference_png});
      }
    }
  }
  return files;
}

std::uint64_t write_pictures(const SafeDirectory& target, const std::string& directory,
                             const std::vector<PictureFile>& files) {
  for (const PictureFile& file : files)
    if (const auto replaceable = target.check_replaceable(file.path); !replaceable)
      throw UsageError{"refusing to write pictures into " + escape_bytes(directory) + ": " +
                       file.path + ": " + replaceable.problem().message +
                       "; nothing was written (choose another --images)"};
  for (const PictureFile& file : files)
    if (const auto written = target.write(file.path, *file.png, true); !written)
      throw UsageError{"cannot write " + file.path + " in " + escape_bytes(directory) + ": " +
                       written.problem().message};
  return files.size();
}

}  // namespace gafcheck::compare
