#pragma once
// Reads the copies of overlapping paths: each archive that holds one is opened once (listing read
// only its directory) and those members are decoded in the order of their data, members that
// share stored bytes once (under the archive budgets); each loose file is read within
// --max-file-size. Every copy is hashed; each distinct content is checked and, for a sprite file,
// drawn once, however many copies hold it.
#include <string>
#include <vector>

#include "validator/core/check_options.hpp"
#include "validator/modsets/mod_sources.hpp"
#include "validator/modsets/overlaps.hpp"

namespace gafcheck::modsets {

// Fills print for every copy of every overlap; an input that cannot be read again (or no longer
// lists what was listed) is named in unreadable. counts says what was read.
void read_fingerprints(const ModSet& set, std::vector<Overlap>& overlaps,
                       const CheckOptions& options, std::vector<std::string>& unreadable,
                       ReadCounts& counts);

}  // namespace gafcheck::modsets
