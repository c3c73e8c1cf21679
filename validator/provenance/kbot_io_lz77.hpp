#pragma once
// kbot-io's LZ77 chunk encoder (formats/hpi/common/lz77.go in coreprime/kbot-io, described in
// docs/guide/identify.md): deterministic, so identify re-runs it on a chunk's decoded bytes and
// compares the result with the stored body.
//
// Matches come from a hash chain of two-byte keys, newest first, at most 64 candidates, within
// 4,095 bytes; the first strictly longest one wins and a full-length one (17 bytes, or what is
// left) ends the search; a candidate whose window offset would be 0 (the end marker) is passed
// over. A match may run into the bytes it copies, as the decoder's window does.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace gafcheck::provenance {

// The chunk body kbot-io writes for `chunk`. With an input limit below the chunk's size, only the
// groups of eight items whole before the encoder reaches that input position: a prefix of the
// body (the whole chunk is still what is given).
std::vector<std::uint8_t> encode_chunk_as_kbot_io(std::span<const std::uint8_t> chunk,
                                                  std::size_t input_limit = SIZE_MAX);

}  // namespace gafcheck::provenance
