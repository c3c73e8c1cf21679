#pragma once
// The one RLE row walker (docs/format/gaf.md §3.2), parameterised by policy:
//
// - strict: every nonempty row must produce exactly `width` pixels from its own payload and
//   consume that payload exactly. Each departure is reported as a RowIssue; for rows whose payload
//   runs out, the walker also emulates what the retail decoder then reads (RowIssue::read_through),
//   so a finding can say what both policies see.
// - retail: what the game does. Overshooting runs are clamped; a short row keeps decoding the
//   bytes that follow its payload (the next row's count word, payload and beyond) until `width`
//   pixels exist; the next row still starts at row_start + 2 + count; a count-0 row is left
//   transparent. Reading beyond the end of the file is reported (RleIssueKind::reads_past_eof),
//   never done.
//
// The walk allocates nothing. Pixels are written only when the caller passes an output plane.
#include <cstdint>
#include <span>

#include "validator/core/byte_view.hpp"

namespace gafcheck::pixels {

enum class RlePolicy : std::uint8_t { strict, retail };

enum class RleIssueKind : std::uint8_t {
  overrun,            // a run overshoots the width (retail clamps it)
  short_row,          // the payload ends before width pixels
  unused_payload,     // width reached with payload bytes left
  truncated_command,  // a repeat without its value byte, a literal with too few bytes
  zero_skip,          // skip command of length 0 (first one in the row; zero_skips counts them)
  reads_past_eof,     // the retail decoder would read beyond the end of the file
  row_out_of_bounds,  // the row's count word or payload lies outside the file
  out_of_step,        // a clamped run reaches the width with payload bytes left (overrun +
                      // unused payload in one row): the commands have lost step with the bytes
};
inline constexpr std::size_t rle_issue_kind_count = 8;
static_assert(static_cast<std::size_t>(RleIssueKind::out_of_step) + 1 == rle_issue_kind_count);

enum class RleCommandKind : std::uint8_t { skip, repeat, literal };

// What the retail decoder reads after a row's payload ends before `width` pixels.
struct ReadThrough {
  bool needed = false;            // the game reads past the payload at all
  std::uint64_t bytes_after = 0;  // bytes after the payload it decodes that lie inside the file
  bool completes = false;         // width reached inside the file
  bool past_eof = false;          // the file ends first
  std::uint64_t eof_bytes = 0;    // bytes it reads past the end of the file (a lower bound...)
  bool eof_bytes_exact = false;   // ...unless exact: the bytes past the end finish the row
  std::uint32_t pixels_missing_at_eof = 0;  // pixels still to produce when the file ended
  bool budget_stopped = false;              // the command budget ended the emulation
};

struct RowIssue {
  RleIssueKind kind{};
  std::uint32_t row = 0;
  std::uint32_t column = 0;  // pixels produced before the offending command
  std::uint64_t offset = 0;  // the offending command (the count word for whole-row issues)
  std::uint64_t length = 0;  // bytes of the offending command, row or unused tail inside the file
  std::uint64_t row_offset = 0;    // the row's count word
  std::uint64_t payload_size = 0;  // the row's count word value
  std::uint64_t payload_used = 0;  // payload bytes consumed when the issue arose
  std::uint8_t command = 0;        // the offending command byte
  RleCommandKind command_kind{};   // its kind
  std::uint32_t run = 0;           // its authored run length
  std::uint32_t clamped_run = 0;   // the run the game draws (overrun, truncated_command)
  std::uint32_t zero_skips = 0;    // zero_skip: how many in this row
  std::uint16_t width = 0;         // the frame's
  std::uint16_t height = 0;        // the frame's
  std::uint64_t file_size = 0;     // of the view walked
  bool last_row = false;
  ReadThrough read_through;  // short_row, truncated_command, row_out_of_bounds, reads_past_eof
};

// Receives the walk's issues in row order. Issues are rare; a virtual call per issue is cheap.
class RleIssueSink {
 public:
  virtual ~RleIssueSink() = default;
  virtual void on_issue(const RowIssue& issue) = 0;
};

struct RleFrame {
  std::uint64_t data_offset = 0;
  std::uint16_t width = 0;
  std::uint16_t height = 0;
};

struct RleWalkOptions {
  RlePolicy policy = RlePolicy::strict;
  // Commands the walk may decode; each row's count word counts as one. Past it the walk stops
  // with RleWalkStop::budget.
  std::uint64_t max_commands = UINT64_MAX;
  // Optional pixel plane (width x height palette indices, row-major) and coverage plane (set to
  // 1 where a pixel is drawn). Pixels a policy leaves transparent are not written, so the caller
  // initialises both. Planes of the wrong size are not written.
  std::span<std::uint8_t> pixels;
  std::span<std::uint8_t> coverage;
  // Set when both planes are all zero on entry (as a renderer's fresh canvas is): the retail
  // walk may then draw rows in bulk (rle_draw_fast.hpp), storing zeros where it leaves pixels
  // transparent. The planes end up the same either way.
  bool planes_zeroed = false;
  RleIssueSink* sink = nullptr;
};

enum class RleWalkStop : std::uint8_t {
  complete,       // every row walked
  out_of_bounds,  // a row's count word or payload lies outside the file (reported to the sink)
  budget,         // max_commands reached
};

struct RleWalkResult {
  RleWalkStop stop = RleWalkStop::complete;
  std::uint32_t rows_walked = 0;
  std::uint64_t end = 0;       // one past the last byte of the rows walked (clipped to the file)
  std::uint64_t commands = 0;  // decoded, count words included
  std::uint64_t payload_bytes = 0;
  std::uint32_t issue_rows = 0;  // rows with at least one issue
};

RleWalkResult walk_rle(ByteView file, const RleFrame& frame, const RleWalkOptions& options);

}  // namespace gafcheck::pixels
