#pragma once
// Where the images a TSF names are looked for: next to the script (docs/format/gaf.md §8). Names
// are classified first, so a name that leaves the script's directory is never looked up.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace gafcheck::tsf {

enum class ImagePathKind {
  relative,       // a name inside the script's directory (may have subdirectories)
  empty,          // nothing after the '='
  absolute,       // starts with / or \ or a drive letter
  parent_escape,  // has a ".." component
  unusable,       // control bytes: no file on the game's file system has such a name
};

ImagePathKind classify_image_path(std::string_view name);

struct ImageProbe {
  bool found = false;
  std::string matched;  // the name that exists (differs from the asked one in case only)
};

class ImageLookup {
 public:
  virtual ~ImageLookup() = default;
  // Looks up a relative name (classified relative; \ separators allowed).
  virtual ImageProbe probe(std::string_view relative_name) = 0;
  // Where names are looked up, for messages.
  virtual std::string where() const = 0;
};

// Looks names up in a directory on disk component by component, ignoring ASCII case as the
// game's file systems (Windows, HPI archives) do: "Images\\Title.JPG" finds images/title.jpg.
// A component not found as written is matched against its directory's listing (read once per
// directory, at most max_listing entries; when several names fold alike the least one wins).
class DirectoryImageLookup final : public ImageLookup {
 public:
  static constexpr std::size_t max_listing = 65536;

  explicit DirectoryImageLookup(std::filesystem::path directory)
      : directory_(std::move(directory)) {}
  ImageProbe probe(std::string_view relative_name) override;
  std::string where() const override;

 private:
  // Case-folded name -> name on disk, for the entries of one directory.
  using Listing = std::unordered_map<std::string, std::string>;
  const Listing& listing(const std::filesystem::path& directory);

  std::filesystem::path directory_;
  std::unordered_map<std::string, Listing> listings_;  // by directory path
};

// The lookup for a script known by its display path: its directory when that exists on disk,
// nullptr otherwise (archive members "a.ufo!x.tsf" and in-memory inputs are not looked up here).
std::unique_ptr<ImageLookup> sibling_image_lookup(std::string_view display_path);

}  // namespace gafcheck::tsf
