#pragma once
// Reads the copies of overlapping paths: each archive that holds one is read once more and only
// those members are decoded (under the archive budgets), each loose file read within
// --max-file-size; every copy is hashed, checked and, for a sprite file, drawn as it is read.
#include <string>
#include <vector>

#include "validator/core/check_options.hpp"
#include "validator/modsets/mod_sources.hpp"
#include "validator/modsets/overlaps.hpp"

namespace gafcheck::modsets {

// Fills print for every copy of every overlap; an input that cannot be read again is named in
// unreadable.
void read_fingerprints(const ModSet& set, std::vector<Overlap>& overlaps,
                       const CheckOptions& options, std::vector<std::string>& unreadable);

}  // namespace gafcheck::modsets
