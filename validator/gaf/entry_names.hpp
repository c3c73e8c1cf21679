#pragma once
#include <string>
#include <string_view>

#include "validator/core/walk_context.hpp"
#include "validator/gaf/gaf_index.hpp"

namespace gafcheck::gaf {

// The name bytes up to the first NUL (all 32 when there is none), escaped for display.
std::string entry_display_name(const EntryRecord& entry);

// The name as the game compares it: bytes up to the first NUL with only A-Z folded to a-z.
std::string game_folded_name(const EntryRecord& entry);

// entry.name-unterminated, entry.name-trailing-bytes, entry.name-duplicate.
void check_entry_names(WalkContext& context, const GafIndex& index);

// Registers the pointer to layer `layer` of the layer table at table_path (a subframe header);
// defined with the entry reader, which owns reaching.
std::uint32_t reach_layer_frame(GafIndex& index, std::uint64_t header_offset,
                                std::uint64_t pointer_site, std::string_view table_path,
                                std::uint64_t layer);

}  // namespace gafcheck::gaf
