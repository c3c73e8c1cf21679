#pragma once
// Archives that multiply work, memory or report size when a validator checks per member what it
// must check per archive: many directory entries aimed at one member's data,
// archives of archives aimed the same way, members with the same content at other offsets, and
// one large zlib member shared by several entries. Used by the unit tests at small scale and by
// gafcheck-make-hostile-archives (bench/archive_multipliers.sh, corpus/crashers) at full scale.
#include <cstdint>
#include <string>
#include <vector>

#include "corpus/builder/hpi_builder.hpp"

namespace gafcheck::builder {

// A GAF whose entry table has `slots` slots all pointing at its one entry: slots - 1 entry.alias
// findings (10,000 slots: about 40 KB).
std::vector<std::uint8_t> aliased_slots_gaf(std::uint32_t slots);

// A GAF header (one entry slot, version 0x00010100) followed by zeros up to size bytes.
std::vector<std::uint8_t> gaf_header_then_zeros(std::size_t size);

// An archive of `entries` members "m0.EXT" ... whose file records all point at the stored bytes
// of m0 (same data offset, size and method); m0 holds data.
BuiltFile aliased_entries_archive(const std::vector<std::uint8_t>& data, std::uint32_t entries,
                                  HpiMethod method, const std::string& extension);

// The same with the members' names given: the first holds data, the others point at its stored
// bytes.
BuiltFile aliased_entries_archive(const std::vector<std::uint8_t>& data,
                                  const std::vector<std::string>& names, HpiMethod method);

// An archive of `entries` members "m0.EXT" ... each holding its own copy of data (the same
// content at different offsets).
BuiltFile same_content_archive(const std::vector<std::uint8_t>& data, std::uint32_t entries,
                               HpiMethod method, const std::string& extension);

// levels archives nested inside each other, each of `entries` entries aimed at one member: the
// innermost archive's member is gaf; an inner archive is stored zlib-compressed in its outer one.
BuiltFile nested_aliased_archives(const std::vector<std::uint8_t>& gaf, std::uint32_t entries,
                                  std::uint32_t levels);

}  // namespace gafcheck::builder
