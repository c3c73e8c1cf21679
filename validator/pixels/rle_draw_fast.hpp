#pragma once
// The retail drawing fast path of the RLE walker (docs/format/gaf.md §3.2): draws one row whose
// payload [pos, end) lies inside the file straight into the pixel and coverage planes, when that
// payload alone completes the row. That is every well-formed row, and also rows the checker flags
// but the game draws from their own bytes: clamped overruns, bytes left over, zero-length skips.
// The other rows (a payload that runs out, so the game reads on into the bytes after it; a command
// cut by the payload's end) are handed back to the walker's careful path (decode_commands),
// which decodes them again from their first command. Internal to validator/pixels.
//
// Why it is faster than decode_commands: no per-command bookkeeping for findings, and runs are
// written with 16-byte stores. A run of n < 16 pixels that has 16 bytes of the row left stores
// 16 bytes: the n it owns and up to 16 - n scratch bytes after them, which the next commands
// overwrite. Scratch bytes therefore only ever lie in [x, x + 16) of the current column, never
// past the row's end; skips store zeros over them, which is why the planes must be zero where
// the row leaves pixels transparent (RleWalkOptions::planes_zeroed). A drawn row ends with no
// scratch byte; a row handed back has its scratch bytes cleared first, so the careful path
// finds the planes as it would have without the attempt.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>

#include "validator/pixels/rle_decode.hpp"

namespace gafcheck::pixels::detail {

inline constexpr std::uint64_t byte_lanes = 0x0101010101010101ULL;

inline void store16(std::uint8_t* out, std::uint64_t low, std::uint64_t high) {
  std::memcpy(out, &low, 8);
  std::memcpy(out + 8, &high, 8);
}

// n >= 16 bytes of one value, exactly: 16-byte stores, the last one overlapping.
inline void fill_long(std::uint8_t* out, std::uint64_t lanes, std::uint32_t n) {
  for (std::uint32_t k = 0; k + 16 < n; k += 16) store16(out + k, lanes, lanes);
  store16(out + n - 16, lanes, lanes);
}

// One command with no store past the row, the careful way round each run's edge cases: the
// row's last 16 pixels, runs of 16 or more, literals within 16 bytes of the end of the file.
// False when the row's payload cannot complete the row. pos and x are passed and returned by
// value so that the caller keeps them in registers.
struct DrawPosition {
  std::uint64_t pos;
  std::uint32_t x;
  bool ok;
};

inline DrawPosition draw_command(std::span<const std::uint8_t> bytes, std::uint64_t pos,
                                 std::uint64_t end, std::uint32_t x, std::uint32_t width,
                                 std::uint8_t* pixels, std::uint8_t* coverage) {
  const std::uint32_t command = bytes[pos];
  const std::uint32_t remaining = width - x;
  if (command & 1) {
    // Transparent: only the scratch bytes need clearing, the plane is zero beyond them.
    if (remaining >= 16) {
      store16(pixels + x, 0, 0);
      store16(coverage + x, 0, 0);
    } else {
      fill_run(pixels + x, 0, remaining);
      fill_run(coverage + x, 0, remaining);
    }
    return {pos + 1, x + std::min(command >> 1, remaining), true};
  }
  const std::uint32_t run = (command >> 2) + 1u;
  const std::uint32_t n = std::min(run, remaining);
  if (command & 2) {
    if (end - pos < 2) return {pos, x, false};
    const std::uint64_t lanes = byte_lanes * bytes[pos + 1];
    if (n >= 16) {
      fill_long(pixels + x, lanes, n);
      fill_long(coverage + x, byte_lanes, n);
    } else {
      fill_run(pixels + x, bytes[pos + 1], n);
      fill_run(coverage + x, 1, n);
    }
    return {pos + 2, x + n, true};
  }
  if (end - pos - 1 < n) return {pos, x, false};
  copy_run(pixels + x, bytes.subspan(pos + 1, n).data(), n);
  if (n >= 16)
    fill_long(coverage + x, byte_lanes, n);
  else
    fill_run(coverage + x, 1, n);
  return {pos + 1 + std::uint64_t{run}, x + n, true};
}

// Draws the row; returns false (scratch cleared) when the careful path must decode it. commands
// receives the commands decoded (the count word not included) when the row is drawn.
//
// While 16 bytes of the row and 17 of the file are left, a run of up to 16 pixels is one 16-byte
// store to each plane.
inline bool draw_row_fast(std::span<const std::uint8_t> bytes, std::uint64_t pos, std::uint64_t end,
                          std::uint32_t width, std::uint8_t* pixels, std::uint8_t* coverage,
                          std::uint64_t& commands) {
  std::uint32_t x = 0;
  std::uint64_t decoded = 0;
  const std::uint64_t size = bytes.size();
  bool drawn = true;
  while (x < width) {
    if (pos >= end) [[unlikely]] {
      drawn = false;
      break;
    }
    ++decoded;
    if (width - x >= 16 && size - pos >= 17) {
      const auto window = bytes.subspan(pos, 17);
      const std::uint32_t command = window[0];
      if (command & 1) {
        store16(pixels + x, 0, 0);
        store16(coverage + x, 0, 0);
        x += std::min(command >> 1, width - x);
        pos += 1;
        continue;
      }
      const std::uint32_t run = (command >> 2) + 1u;
      if (run <= 16) {  // not clamped: 16 pixels of the row are left
        // A repeat and a literal differ only in the 16 bytes stored and the bytes advanced
        // over; both are selected without a branch.
        const std::uint64_t advance = command & 2 ? 2 : 1 + std::uint64_t{run};
        if (advance > end - pos) [[unlikely]] {
          drawn = false;
          break;
        }
        std::uint64_t low, high;
        std::memcpy(&low, window.data() + 1, 8);
        std::memcpy(&high, window.data() + 9, 8);
        const std::uint64_t repeat = 0 - std::uint64_t{(command >> 1) & 1};
        const std::uint64_t lanes = byte_lanes * (low & 0xFF);
        store16(pixels + x, (lanes & repeat) | (low & ~repeat),
                (lanes & repeat) | (high & ~repeat));
        store16(coverage + x, byte_lanes, byte_lanes);
        x += run;
        pos += advance;
        continue;
      }
    }
    const DrawPosition next = draw_command(bytes, pos, end, x, width, pixels, coverage);
    if (!next.ok) {
      drawn = false;
      break;
    }
    pos = next.pos;
    x = next.x;
  }
  if (!drawn) {
    const std::uint32_t scratch = std::min(width - x, 16u);
    std::memset(pixels + x, 0, scratch);
    std::memset(coverage + x, 0, scratch);
    return false;
  }
  commands = decoded;
  return true;
}

}  // namespace gafcheck::pixels::detail
