#pragma once
// Row encoders of the tools identify re-runs (docs/guide/identify.md): each appends the payload
// (no count word) its tool writes for one row of palette indices with transparency key `key`.
// gafcheck rebuild's own encoder is validator/pixels/rle_encoder.hpp.
#include <cstdint>
#include <span>
#include <vector>

namespace gafcheck::provenance {

// GafExplode's (CompressedFrameWriter.CompressRow): a row of only the key is empty; runs of the
// key are skips of at most 127, also at the row's end; a run of 3 or more, or of 2 with nothing
// gathered, is a repeat of at most 64; other pixels gather into literals of at most 64.
// `literal` is scratch space the caller may keep between rows.
void encode_row_as_gafexplode(std::span<const std::uint8_t> row, std::uint8_t key,
                              std::vector<std::uint8_t>& out, std::vector<std::uint8_t>& literal);
void encode_row_as_gafexplode(std::span<const std::uint8_t> row, std::uint8_t key,
                              std::vector<std::uint8_t>& out);

// kbot-io's (formats/gaf/writer.go compressRow): left to right, runs of the key are skips of at
// most 127 (a row of only the key too); a run of 3 to 63 equal pixels is a repeat; otherwise a
// literal of at most 63 pixels, ended by the key or by the start of a run of three.
void encode_row_as_kbot_io(std::span<const std::uint8_t> row, std::uint8_t key,
                           std::vector<std::uint8_t>& out);

}  // namespace gafcheck::provenance
