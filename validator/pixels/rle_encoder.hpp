#pragma once
// The canonical RLE encoder for GAF rows (docs/format/gaf.md §3.2). Every choice it makes is here:
//
// - A row with no opaque pixel is written as count 0 (the game leaves it untouched).
// - Otherwise the row is cut into maximal transparent and opaque spans, left to right, and the
//   row always ends with the last pixel drawn or skipped: a trailing transparent span is skipped
//   too (the retail decoder reads on past a short row; a complete row is never short).
// - A transparent span of n pixels: skips of 127 (byte 0xFF) while more than 127 remain, then
//   one skip of the rest. No zero-length skip is ever written.
// - In an opaque span, a run of r >= 3 equal pixels is written as repeats of 64 while 64 or
//   more remain, then one repeat of the rest if 3 or more remain; what is left (0-2 pixels) joins
//   the literal being gathered. A repeat of 3 costs what breaking a literal for it saves, so
//   ties go to the repeat.
// - Gathered pixels are written as literals of 64 while more than 64 remain, then one literal of
//   the rest; a last literal of exactly two equal pixels is written as a repeat of 2 (2 bytes
//   instead of 3), and a literal of one pixel stays a literal.
//
// So the output depends only on the pixels; it never overshoots the width, never leaves payload
// bytes unused, never writes a truncated command.
#include <cstdint>
#include <vector>

namespace gafcheck::pixels {

inline constexpr std::uint32_t max_row_payload = 0xFFFF;  // the row's u16 count

// Appends one row (u16 count, payload) for width pixels: index[x] is the palette index, opaque[x]
// nonzero where the pixel is drawn. Returns false (and appends nothing) when the payload would
// not fit the u16 count; the frame must then be written raw.
bool encode_rle_row(const std::uint8_t* index, const std::uint8_t* opaque, std::uint32_t width,
                    std::vector<std::uint8_t>& out);

}  // namespace gafcheck::pixels
