#pragma once
// Everything check reads from an archive member's name besides its bytes: the extension (which
// decides the format of short or ambiguous bytes, whether a .taf is paletted or truecolor, the
// extension findings, and the GAF checks of a script or archive named .gaf) and the storage
// context (why the engine reads frames as plain arrays: a textures directory, or vismasks.gaf).
// A member's checks never read more of its path (a script's images are looked up only on disk).
// Equal bytes under equal name contexts get equal findings, so archive members are checked once
// per content and name context, never once per content: the same bytes named .gaf and named .dat
// are a GAF the game loads and a file it never opens as one, and the same texture bytes at
// textures/unit.gaf and anims/vismasks.gaf are each storage.raw-required for their own reason.
// A rule that comes to read more of a member's path must add it here.
#include <compare>
#include <string>
#include <string_view>

#include "validator/pixels/raw_array_reader.hpp"

namespace gafcheck {

struct NameContext {
  // Lower case (".gaf"), when it is one the detector knows (known_extension_names); any other
  // extension reads as none, so that names cannot make more than a few contexts of one content.
  std::string extension;
  // Why the engine reads its frames as plain arrays, if it does (storage.raw-required).
  pixels::RawArrayReader raw_arrays = pixels::RawArrayReader::none;
  auto operator<=>(const NameContext&) const = default;
};

// The context of a path as the engine finds the file (a member's path inside its archive).
NameContext name_context(std::string_view engine_path);

}  // namespace gafcheck
