#pragma once
// What check reads from a file's name besides its bytes: the extension (which decides the format
// of short or ambiguous bytes, whether a .taf is paletted or truecolor, and the extension
// findings) and the storage context (frames the engine reads as plain arrays: textures/,
// vismasks.gaf). Equal bytes under equal name contexts get equal findings, so archive members are
// checked once per content and name context, never once per content: the same bytes named .gaf
// and named .dat are a GAF the game loads and a file it never opens as one.
#include <compare>
#include <string>
#include <string_view>

namespace gafcheck {

struct NameContext {
  // Lower case (".gaf"), when it is one the detector knows (known_extension_names); any other
  // extension reads as none, so that names cannot make more than a few contexts of one content.
  std::string extension;
  bool raw_arrays = false;
  auto operator<=>(const NameContext&) const = default;
};

// The context of a path as the engine finds the file (a member's path inside its archive).
NameContext name_context(std::string_view engine_path);

}  // namespace gafcheck
