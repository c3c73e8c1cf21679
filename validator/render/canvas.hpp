#pragma once
// What a frame renders to before any colour is chosen: palette indices and, per pixel, flags
// saying how it was drawn. The anchor (the frame's origin) lies at (x_offset, y_offset), as in a
// GAF frame header, so a composite's canvas grows to hold children that extend past the parent.
#include <cstdint>
#include <string>
#include <vector>

namespace gafcheck::render {

enum class RenderPolicy : std::uint8_t { retail, strict };

// Flags of one canvas pixel; 0 = transparent.
namespace pixel_flag {
inline constexpr std::uint8_t drawn = 1;    // an opaque pixel of the image
inline constexpr std::uint8_t missing = 2;  // strict: no byte of the row's payload gives it
inline constexpr std::uint8_t extra = 4;    // strict: drawn by a run that overshoots the row, or
                                            // the row's last pixel when payload bytes are left
inline constexpr std::uint8_t key = 8;      // drawn with its frame's key index (RLE: opaque)
inline constexpr std::uint8_t visible = drawn | missing | extra;
}  // namespace pixel_flag

// True for a pixel the game shows (drawn, or drawn from bytes it should not have read).
inline bool is_visible(std::uint8_t flags) {
  return (flags & pixel_flag::visible) != 0;
}

struct Canvas {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::int64_t x_offset = 0;  // the anchor's column
  std::int64_t y_offset = 0;  // the anchor's row
  std::uint8_t key = 0;       // the frame's colour key: the transparent index of an indexed PNG
  std::vector<std::uint8_t> index;
  std::vector<std::uint8_t> flags;

  std::uint64_t pixels() const { return std::uint64_t{width} * height; }
};

// A row an RLE walk flagged, in the frame's own rows (for index.json).
struct RowDefect {
  std::string frame_path;  // the leaf's structure path (a composite's layer)
  std::uint32_t row = 0;
  std::uint32_t column = 0;
  std::string kind;  // short_row, overrun, unused_payload, truncated_command, zero_skip, ...
};

}  // namespace gafcheck::render
