#pragma once
// An input's name in its two parts. Reports show an archive member as "archive!member", but '!'
// is an ordinary byte in a real file name (textures!unit.gaf is a file in the current
// directory, not a member of an archive named "textures"), so nothing may split that display
// string again: rules that look at names (storage context, extension, TSF image lookup) use the
// parts: the path of a file on disk, and for a member its path inside the innermost archive.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace gafcheck {

struct InputName {
  std::string display;                // the path the report shows
  std::optional<std::string> member;  // the path inside the innermost archive, for a member

  static InputName file(std::string path) { return {std::move(path), std::nullopt}; }
  // A member of the archive this names.
  InputName member_named(std::string_view member_path) const {
    return {display + "!" + std::string(member_path), std::string(member_path)};
  }
  bool is_member() const { return member.has_value(); }
  // The path the engine finds these bytes under, whose directories and file name rules look
  // at: the member path for a member, the path on disk for a file.
  std::string_view engine_path() const { return member ? *member : display; }
};

}  // namespace gafcheck
