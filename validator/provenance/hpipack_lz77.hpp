#pragma once
// HPIPack's LZ77 chunk encoder, rebuilt from the description of its source (docs/guide/identify.md,
// "HPIPack's LZ77"): the encoder is deterministic, so re-encoding a chunk's decoded bytes and
// comparing them with the stored body is the strongest basis identify has for HPIPack.
//
// Its match search is not a longest-match search over the window: the positions of the last 4,095
// bytes sit in a balanced (AVL) tree ordered by the 17 bytes that start there (as signed chars,
// then by position), and the match is the longest agreement met on the one path a search for the
// current position walks (a later node of equal length wins; a position at window offset 0xFFF is
// never used, its reference would read as the end marker). The exact tree shape therefore decides
// the output, and the tree below makes the same insertion and deletion choices as the source's.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace gafcheck::provenance {

// The chunk body (before the chunk obfuscation) HPIPack writes for `chunk` (1 to 65,536 bytes).
// With an input limit below the chunk's size, only the groups of eight items whole before the
// encoder reaches that input position: a prefix of the body, which depends on no byte past the
// limit but the 17 a match may look ahead (the whole chunk is still what is given).
std::vector<std::uint8_t> encode_chunk_as_hpipack(std::span<const std::uint8_t> chunk,
                                                  std::size_t input_limit = SIZE_MAX);

}  // namespace gafcheck::provenance
