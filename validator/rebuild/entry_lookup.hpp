#pragma once
// Which entries keep their name in a rebuilt file. The game finds an entry by name: the first
// whose name equals the one asked for, A-Z folded (docs/format/gaf.md §2). A name whose 32 bytes
// hold no NUL is never found, because the comparison runs on into the entry's frame table; the
// rebuild writes it cut to 31 bytes and terminated. So an entry is left out when an earlier entry
// has its name (the game finds that one), and an unterminated one is also left out when its cut
// name equals any other entry's: written, it would take that name, or share it, where the game
// finds the other entry.
#include <optional>
#include <string>
#include <vector>

#include "validator/gaf/gaf_index.hpp"

namespace gafcheck::rebuild {

// For each candidate (the entries the game loads and reads, in slot order): nullopt when it keeps
// its name, else why it is left out.
std::vector<std::optional<std::string>> left_out_by_name(
    const std::vector<const gaf::EntryRecord*>& candidates);

}  // namespace gafcheck::rebuild
