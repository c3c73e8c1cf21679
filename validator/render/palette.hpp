#pragma once
// A 256-colour palette for drawing palette indices. No game data ships with gafcheck: the
// built-in palette is computed (forensic_palette), and a user's own PALETTE.PAL, JASC-PAL, ACT or
// PCX comes in through read_palette (palette_reader.hpp).
#include <array>
#include <cstdint>
#include <string>

namespace gafcheck::render {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  friend constexpr bool operator==(const Rgb&, const Rgb&) = default;
};

struct Palette {
  std::array<Rgb, 256> colours{};
  // The built-in forensic palette: a drawn pixel equal to its frame's key index is shown as a
  // checkerboard (key_checker_a/b), so the key stands out wherever it is drawn opaque.
  bool forensic = false;
  std::string source;  // "forensic", or the file the palette came from and its format
  // Colours the file gives (a JASC-PAL or ACT may give fewer than 256): the indices from it on
  // keep the forensic palette's colours, which partial_palette_note says.
  unsigned colours_given = 256;
};

// "gives N colours: indices N to 255 are drawn with the forensic palette's colours" for a
// palette that gives fewer than 256, else empty.
std::string partial_palette_note(const Palette& palette);

inline constexpr Rgb key_checker_a{255, 255, 255};
inline constexpr Rgb key_checker_b{96, 96, 96};

// Distinct colours per index, computed: index i walks the hue circle by the golden angle with
// three lightness bands, so neighbouring indices (the ramps of real palettes) never look alike;
// index 0 is black.
Palette forensic_palette();

}  // namespace gafcheck::render
