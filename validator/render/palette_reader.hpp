#pragma once
// Reads a palette file through ByteView, whatever it is, from its content:
//   - JASC-PAL text ("JASC-PAL", "0100", a count of 1..256, then one "R G B" line per colour);
//   - the 256-colour trailer of a PCX (manufacturer byte 0x0A, version 5, and a 0x0C marker
//     769 bytes before the end, followed by 768 bytes of R,G,B);
//   - TA's PALETTE.PAL: exactly 1,024 bytes, 256 x R,G,B,pad;
//   - a Photoshop ACT: 768 bytes of R,G,B, or 772 with a big-endian colour count and transparent
//     index after them.
// Colours a JASC or ACT file does not give keep the forensic palette's, so they stay distinct.
#include <optional>
#include <string>

#include "validator/base/result.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/render/palette.hpp"

namespace gafcheck::render {

struct PaletteFile {
  Palette palette;
  std::string format;  // "pal", "jasc", "act", "pcx"
};

// The palette, or a usage Problem saying why the bytes are not one.
Result<PaletteFile> read_palette(ByteView bytes);

}  // namespace gafcheck::render
