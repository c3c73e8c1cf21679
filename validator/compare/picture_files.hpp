#pragma once
// gafcheck diff --images DIR: the old, new and difference PNGs of each changed frame whose
// pictures were taken (frame_pictures.hpp), written below DIR as
//   FILE/ENTRY/frame-N.old.png, frame-N.new.png, frame-N.difference.png
// FILE is "INDEX-BASENAME" (the file's place among the diff's files and the last component of
// its path), ENTRY "INDEX-NAME" (the entry's place among the file's entry changes and its name),
// both reduced to safe bytes as render names its folders (render/output_names.hpp); N is the
// frame's place in the new entry.
#include <cstdint>
#include <string>
#include <vector>

#include "validator/compare/content_diff.hpp"
#include "validator/platform/safe_directory.hpp"

namespace gafcheck::compare {

struct PictureFile {
  std::string path;  // below DIR
  const std::vector<std::uint8_t>* png = nullptr;
};

std::vector<PictureFile> picture_files(const ContentDiff& diff);

// Writes the pictures, replacing older pictures of the same names. Every name is checked first:
// one that is a protected input (SafeDirectory::protect), a symbolic link or not a regular file
// refuses the whole set with a UsageError before anything is written. Returns how many were
// written.
std::uint64_t write_pictures(const SafeDirectory& target, const std::string& directory,
                             const std::vector<PictureFile>& files);

}  // namespace gafcheck::compare
