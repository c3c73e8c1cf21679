#pragma once
// The HPI LZ77 variant (docs/format/hpi.md §4): a 4,096-byte window whose write cursor starts at 1;
// a tag byte gives 8 flags, least significant first; flag 0 copies one literal byte, flag 1 reads a
// u16 v and copies (v & 0xF) + 2 bytes from window offset v >> 4; offset 0 ends the stream.
// No library implements it. Every input read and output write is bounds-checked.
#include <cstdint>
#include <span>

#include "validator/hpi/stream_result.hpp"

namespace gafcheck::hpi {

// Decodes in into out, never writing past out.size(); out.size() is what the stream must produce.
StreamResult lz77_decode(std::span<const std::uint8_t> in, std::span<std::uint8_t> out);

}  // namespace gafcheck::hpi
