#pragma once
// The command decoder shared by both policies of the RLE walker: decodes commands from a source
// position up to a limit until `width` pixels exist (docs/format/gaf.md §3.2). The strict policy
// sets the limit to the row's payload end, the retail emulation to the end of the file; everything
// else is the same code. Every index is checked against the limit, which never exceeds the
// view's size. Internal to validator/pixels.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>

#include "validator/pixels/rle_walker.hpp"

namespace gafcheck::pixels::detail {

struct CommandNote {
  bool present = false;
  std::uint64_t offset = 0;
  std::uint32_t column = 0;
  std::uint8_t command = 0;
  RleCommandKind kind{};
  std::uint32_t run = 0;
  std::uint32_t clamped = 0;
  std::uint64_t available = 0;  // operand bytes before the limit
};

enum class DecodeEnd : std::uint8_t {
  width,       // width pixels exist
  source_end,  // the limit was reached between commands
  cut,         // a command's operands run past the limit (state is left at that command)
  budget,      // the command budget ran out (state is left at the next command)
};

struct DecodeState {
  std::uint64_t pos = 0;       // next command byte
  std::uint32_t x = 0;         // pixels produced
  std::uint64_t read_end = 0;  // one past the last byte actually read
  std::uint64_t commands = 0;  // decoded in this call
  DecodeEnd end = DecodeEnd::width;
  CommandNote cut;                 // DecodeEnd::cut: the command cut off
  CommandNote overrun;             // a run clamped to the width
  CommandNote clamped_truncation;  // a literal short of its authored bytes but not of its clamp
  CommandNote zero_skip;           // the first zero-length skip
  std::uint32_t zero_skips = 0;
};

// Output row for the retail and strict renderers; empty spans write nothing.
struct RowOutput {
  std::span<std::uint8_t> pixels;    // width bytes or empty
  std::span<std::uint8_t> coverage;  // width bytes or empty
};

inline CommandNote note(std::uint64_t offset, std::uint32_t column, std::uint8_t command,
                        RleCommandKind kind, std::uint32_t run, std::uint32_t clamped,
                        std::uint64_t available) {
  return {true, offset, column, command, kind, run, clamped, available};
}

// The fast path for the common case, used by the strict policy when no pixels are wanted: proves
// that a row's payload [pos, end) produces exactly width pixels with no overrun, no zero-length
// skip, no cut command and no byte left over. Any other row is decoded again by
// decode_commands() to say what is wrong. exact_row_pair() runs two rows' independent chains of
// loads side by side. The compiler keeps a jump for skip commands; a step selected entirely with
// masks, four lanes instead of two, and a whole-frame stream without a loop exit per row all
// measured slower on the pixel benchmark. Each command takes at least one byte, so a row decodes
// at most end - pos.
struct ExactLane {
  std::uint64_t pos = 0;
  std::uint64_t end = 0;
  std::uint32_t x = 0;
  std::uint64_t commands = 0;
  // Takes back the state a decoding loop kept in locals (registers).
  void advance_to(std::uint64_t new_pos, std::uint32_t new_x, std::uint64_t decoded) {
    pos = new_pos;
    x = new_x;
    commands += decoded;
  }
};

struct CommandStep {
  std::uint32_t run;      // pixels
  std::uint32_t advance;  // bytes, the command byte included
};

inline CommandStep step_of(std::uint32_t command) {
  const std::uint32_t counted = (command >> 2) + 1u;
  if (command & 1) return {command >> 1, 1};
  return {counted, (command & 2) ? 2u : 1u + counted};
}

inline bool finish_exact(std::span<const std::uint8_t> bytes, ExactLane& lane,
                         std::uint32_t width) {
  std::uint64_t pos = lane.pos, commands = 0;
  std::uint32_t x = lane.x;
  const std::uint64_t end = lane.end;
  bool exact = true;
  while (x < width) {
    if (pos >= end) {
      exact = false;
      break;
    }
    const CommandStep step = step_of(bytes[pos]);
    if (step.run - 1u >= width - x || step.advance > end - pos) {
      exact = false;
      break;
    }
    x += step.run;
    pos += step.advance;
    ++commands;
  }
  lane.advance_to(pos, x, commands);
  return exact && pos == end;
}

// Bit k set when lane k's row is exact. The lanes' state is kept in locals (registers) in the
// shared loop and written back for the single-lane finish.
inline unsigned exact_row_pair(std::span<const std::uint8_t> bytes, ExactLane& a, ExactLane& b,
                               std::uint32_t width) {
  std::uint64_t pos_a = a.pos, pos_b = b.pos, commands = 0;
  const std::uint64_t end_a = a.end, end_b = b.end;
  std::uint32_t x_a = a.x, x_b = b.x;
  while (x_a < width && x_b < width && pos_a < end_a && pos_b < end_b) {
    const CommandStep step_a = step_of(bytes[pos_a]);
    const CommandStep step_b = step_of(bytes[pos_b]);
    const bool clean = step_a.run - 1u < width - x_a && step_a.advance <= end_a - pos_a &&
                       step_b.run - 1u < width - x_b && step_b.advance <= end_b - pos_b;
    if (!clean) break;
    x_a += step_a.run;
    pos_a += step_a.advance;
    x_b += step_b.run;
    pos_b += step_b.advance;
    ++commands;
  }
  a.advance_to(pos_a, x_a, commands);
  b.advance_to(pos_b, x_b, commands);
  return (finish_exact(bytes, a, width) ? 1u : 0u) | (finish_exact(bytes, b, width) ? 2u : 0u);
}

// Exact short writes for the drawing path: runs are mostly a few pixels, where a call to memset
// or memcpy per command costs more than the pixels. Two fixed-size stores that overlap in the
// middle cover any length from 2 to 16 exactly (never a byte outside [0, n)); longer runs call
// the library.
// head at out and tail ending at out + n: exactly n bytes for sizeof(Word) <= n <= 2 *
// sizeof(Word).
template <typename Word>
inline void store_ends(std::uint8_t* out, std::uint32_t n, Word head, Word tail) {
  std::memcpy(out, &head, sizeof head);
  std::memcpy(out + n - sizeof tail, &tail, sizeof tail);
}
template <typename Word>
inline Word load_word(const std::uint8_t* in) {
  Word word;
  std::memcpy(&word, in, sizeof word);
  return word;
}
template <typename Word>
inline Word in_every_byte(std::uint8_t value) {
  return static_cast<Word>(std::numeric_limits<Word>::max() / 0xFF * value);
}

inline void fill_run(std::uint8_t* out, std::uint8_t value, std::uint32_t n) {
  if (n > 16) {
    std::memset(out, value, n);
  } else if (n >= 8) {
    const auto word = in_every_byte<std::uint64_t>(value);
    store_ends(out, n, word, word);
  } else if (n >= 4) {
    const auto word = in_every_byte<std::uint32_t>(value);
    store_ends(out, n, word, word);
  } else if (n >= 2) {
    const auto word = in_every_byte<std::uint16_t>(value);
    store_ends(out, n, word, word);
  } else if (n == 1) {
    *out = value;
  }
}

inline void copy_run(std::uint8_t* out, const std::uint8_t* in, std::uint32_t n) {
  if (n > 16)
    std::memcpy(out, in, n);
  else if (n >= 8)
    store_ends(out, n, load_word<std::uint64_t>(in), load_word<std::uint64_t>(in + n - 8));
  else if (n >= 4)
    store_ends(out, n, load_word<std::uint32_t>(in), load_word<std::uint32_t>(in + n - 4));
  else if (n >= 2)
    store_ends(out, n, load_word<std::uint16_t>(in), load_word<std::uint16_t>(in + n - 2));
  else if (n == 1)
    *out = *in;
}

// Decodes from state.pos (limit <= bytes.size()) until width pixels, the limit, or the budget.
template <bool kWrite>
void decode_commands(std::span<const std::uint8_t> bytes, std::uint64_t limit, std::uint32_t width,
                     std::uint64_t& budget, DecodeState& state, const RowOutput& out) {
  std::uint64_t pos = state.pos;
  std::uint32_t x = state.x;
  std::uint64_t commands = 0;
  state.end = DecodeEnd::width;
  // In locals: a byte stored to a plane may alias anything, so fields read through `out` would
  // be loaded again after every run.
  std::uint8_t* const pixels = out.pixels.empty() ? nullptr : out.pixels.data();
  std::uint8_t* const coverage = out.coverage.empty() ? nullptr : out.coverage.data();
  while (x < width) {
    if (pos >= limit) {
      state.end = DecodeEnd::source_end;
      break;
    }
    if (commands == budget) [[unlikely]] {
      state.end = DecodeEnd::budget;
      break;
    }
    const std::uint8_t command = bytes[pos];
    ++commands;
    const std::uint32_t remaining = width - x;
    if (command & 1) {
      const std::uint32_t run = command >> 1;
      const std::uint32_t clamped = std::min(run, remaining);
      if (run == 0) [[unlikely]] {
        if (state.zero_skips++ == 0)
          state.zero_skip = note(pos, x, command, RleCommandKind::skip, 0, 0, 0);
      } else if (run > remaining) [[unlikely]] {
        state.overrun = note(pos, x, command, RleCommandKind::skip, run, clamped, 0);
      }
      x += clamped;
      pos += 1;
      state.read_end = pos;
      continue;
    }
    const std::uint32_t run = (command >> 2) + 1u;
    const std::uint32_t clamped = std::min(run, remaining);
    const std::uint64_t available = limit - pos - 1;
    if (command & 2) {
      if (available == 0) [[unlikely]] {
        state.cut = note(pos, x, command, RleCommandKind::repeat, run, clamped, 0);
        state.end = DecodeEnd::cut;
        break;
      }
      if (run > remaining) [[unlikely]]
        state.overrun = note(pos, x, command, RleCommandKind::repeat, run, clamped, available);
      if constexpr (kWrite) {
        if (pixels) fill_run(pixels + x, bytes[pos + 1], clamped);
        if (coverage) fill_run(coverage + x, 1, clamped);
      }
      x += clamped;
      pos += 2;
      state.read_end = pos;
      continue;
    }
    if (available < clamped) [[unlikely]] {
      state.cut = note(pos, x, command, RleCommandKind::literal, run, clamped, available);
      state.end = DecodeEnd::cut;
      break;
    }
    if (run > remaining) [[unlikely]] {
      state.overrun = note(pos, x, command, RleCommandKind::literal, run, clamped, available);
      if (available < run)
        state.clamped_truncation =
            note(pos, x, command, RleCommandKind::literal, run, clamped, available);
    }
    if constexpr (kWrite) {
      const auto source = bytes.subspan(pos + 1, clamped);
      if (pixels) copy_run(pixels + x, source.data(), clamped);
      if (coverage) fill_run(coverage + x, 1, clamped);
    }
    x += clamped;
    state.read_end = pos + 1 + clamped;
    pos += 1 + std::uint64_t{run};  // the full authored count (seed 002), even when clamped
  }
  state.pos = pos;
  state.x = x;
  state.commands += commands;
  budget -= commands;
}

}  // namespace gafcheck::pixels::detail
