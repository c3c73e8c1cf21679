#pragma once
// Decides an input's format from its bytes (never from its name).
#include <string_view>

#include "validator/core/byte_view.hpp"
#include "validator/core/format.hpp"

namespace gafcheck {

Format sniff_format(ByteView bytes);

// True when the bytes hold a plausible GAF layout whatever the version word says: an entry
// table that fits and a first entry header inside the file.
bool looks_like_gaf_structure(ByteView bytes);

}  // namespace gafcheck
