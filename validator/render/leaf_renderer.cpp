// Leaf frames: raw pixels and RLE rows (spec/GAF.md §3.1-§3.2), through the one RLE walker.
#include <algorithm>
#include <cstring>

#include "validator/core/text.hpp"
#include "validator/pixels/rle_walker.hpp"
#include "validator/render/frame_renderer.hpp"

namespace gafcheck::render {
namespace {

using pixels::RleIssueKind;
using pixels::RowIssue;

std::string_view kind_name(RleIssueKind kind) {
  switch (kind) {
    case RleIssueKind::overrun: return "overrun";
    case RleIssueKind::short_row: return "short_row";
    case RleIssueKind::unused_payload: return "unused_payload";
    case RleIssueKind::truncated_command: return "truncated_command";
    case RleIssueKind::zero_skip: return "zero_skip";
    case RleIssueKind::reads_past_eof: return "reads_past_eof";
    case RleIssueKind::row_out_of_bounds: return "row_out_of_bounds";
    case RleIssueKind::out_of_step: return "out_of_step";
  }
  return "unknown";
}

// Marks a strict canvas from the walk's issues: pixels no payload byte gives are missing, runs
// that overshoot (and the last pixel of a row with payload left over) are extra.
class StrictMarks : public pixels::RleIssueSink {
 public:
  StrictMarks(Canvas& canvas, Rendered& out, const std::string& path)
      : canvas_(canvas), out_(out), path_(path) {}

  void on_issue(const RowIssue& issue) override {
    const std::uint32_t width = canvas_.width;
    std::uint32_t from = std::min(issue.column, width), to = from;
    std::uint8_t mark = 0;
    switch (issue.kind) {
      case RleIssueKind::short_row:
      case RleIssueKind::row_out_of_bounds: mark = pixel_flag::missing, to = width; break;
      case RleIssueKind::truncated_command:
        // A cut command draws nothing from the payload; a literal short only of bytes past its
        // clamp still completes the row.
        if (issue.read_through.needed)
          mark = pixel_flag::missing, to = width;
        else
          mark = pixel_flag::extra, to = std::min(width, from + issue.clamped_run);
        break;
      case RleIssueKind::overrun:
        mark = pixel_flag::extra, to = std::min(width, from + issue.clamped_run);
        break;
      case RleIssueKind::unused_payload:
        mark = pixel_flag::extra, from = width - 1, to = width;
        break;
      case RleIssueKind::zero_skip:
      case RleIssueKind::reads_past_eof:
      case RleIssueKind::out_of_step: break;  // its overrun and unused payload mark the row
    }
    if (issue.row < canvas_.height && mark != 0) {
      const std::size_t row = std::size_t{issue.row} * width;
      for (std::uint32_t x = from; x < to; ++x) {
        if (mark == pixel_flag::missing)
          canvas_.flags[row + x] = pixel_flag::missing;
        else
          canvas_.flags[row + x] |= pixel_flag::extra;
      }
    }
    if (issue.row != last_row_) {
      last_row_ = issue.row;
      ++out_.defect_rows;
    }
    if (out_.defects.size() < max_listed_defects)
      out_.defects.push_back({path_, issue.row, issue.column, std::string(kind_name(issue.kind))});
  }

 private:
  Canvas& canvas_;
  Rendered& out_;
  const std::string& path_;
  std::int64_t last_row_ = -1;
};

// The retail walk reports only rows the game decodes past the end of the file.
class RetailEnd : public pixels::RleIssueSink {
 public:
  void on_issue(const RowIssue& issue) override {
    if (first) return;
    first = issue;
  }
  std::optional<RowIssue> first;
};

// Sixteen pixels a step (GCC and Clang vector extensions: SSE2 on x86-64, NEON on ARM): a lane
// compares equal to the key where the pixel is the key, and gets the key bit when it is drawn.
// Flags are 0 or drawn (1) in bit 0 here, and key is bit 3.
void mark_key(Canvas& canvas, std::uint8_t key) {
  static_assert(pixel_flag::drawn == 1 && pixel_flag::key == 8);
  using Lanes = std::uint8_t __attribute__((vector_size(16)));
  const Lanes keys = Lanes{} + key;
  const std::uint8_t* index = canvas.index.data();
  std::uint8_t* flags = canvas.flags.data();
  const std::size_t size = canvas.flags.size();
  std::size_t i = 0;
  for (; i + 16 <= size; i += 16) {
    Lanes pixels, drawn;
    std::memcpy(&pixels, index + i, 16);
    std::memcpy(&drawn, flags + i, 16);
    drawn |= reinterpret_cast<Lanes>(pixels == keys) & (drawn << 3) & pixel_flag::key;
    std::memcpy(flags + i, &drawn, 16);
  }
  for (; i < size; ++i)
    flags[i] = static_cast<std::uint8_t>(flags[i] | (((index[i] == key) & flags[i]) << 3));
}

// Raw pixels (spec/GAF.md §3.1): the frame's key is transparent, every other value opaque.
// Sixteen flags a step, as in mark_key.
void draw_raw(ByteView pixels, std::uint8_t key, Canvas& canvas) {
  using Lanes = std::uint8_t __attribute__((vector_size(16)));
  pixels.copy_to(0, canvas.index);
  const Lanes keys = Lanes{} + key;
  const std::uint8_t* index = canvas.index.data();
  std::uint8_t* flags = canvas.flags.data();
  const std::size_t size = canvas.flags.size();
  std::size_t i = 0;
  for (; i + 16 <= size; i += 16) {
    Lanes values;
    std::memcpy(&values, index + i, 16);
    const Lanes drawn = reinterpret_cast<Lanes>(values != keys) & pixel_flag::drawn;
    std::memcpy(flags + i, &drawn, 16);
  }
  for (; i < size; ++i) flags[i] = index[i] == key ? 0 : pixel_flag::drawn;
}

}  // namespace

bool FrameRenderer::render_leaf(const gaf::FrameRecord& frame, RenderPolicy policy, Rendered& out) {
  // Raw pixels the file does not hold are refused before anything is allocated for them.
  std::optional<ByteView> raw;
  if (!frame.is_rle()) {
    raw = file_.sub(frame.data_offset, std::uint64_t{frame.width} * frame.height);
    if (!raw) {
      out.reason = "raw pixels " + std::to_string(frame.width) + "x" +
                   std::to_string(frame.height) + " at " + hex(frame.data_offset) +
                   " run past the end of the " + std::to_string(file_.size()) + "-byte file";
      return false;
    }
  }
  Canvas canvas;
  if (const auto refused = allocate(canvas, frame.width, frame.height)) {
    out.reason = *refused;
    return false;
  }
  canvas.x_offset = frame.x_offset;
  canvas.y_offset = frame.y_offset;
  if (raw)
    draw_raw(*raw, frame.color_key, canvas);
  else if (!render_rle(frame, policy, canvas, out))
    return false;
  mark_key(canvas, frame.color_key);
  out.canvas = std::move(canvas);
  return true;
}

bool FrameRenderer::render_rle(const gaf::FrameRecord& frame, RenderPolicy policy, Canvas& canvas,
                               Rendered& out) {
  pixels::RleWalkOptions options;
  options.policy =
      policy == RenderPolicy::retail ? pixels::RlePolicy::retail : pixels::RlePolicy::strict;
  const std::uint64_t command_limit = limits_[BudgetKind::rle_commands];
  options.max_commands = command_limit - std::min(commands_used_, command_limit);
  options.pixels = canvas.index;
  options.coverage = canvas.flags;  // the walker writes 1 (pixel_flag::drawn) where it draws
  options.planes_zeroed = true;     // allocate() zero-fills a canvas
  StrictMarks marks(canvas, out, frame.path);
  RetailEnd end;
  options.sink = policy == RenderPolicy::retail ? static_cast<pixels::RleIssueSink*>(&end)
                                                : static_cast<pixels::RleIssueSink*>(&marks);
  const pixels::RleWalkResult result =
      pixels::walk_rle(file_, {frame.data_offset, frame.width, frame.height}, options);
  commands_used_ = saturating_add(commands_used_, result.commands);
  if (result.stop == pixels::RleWalkStop::budget) {
    out.reason = "budget.exceeded: rle_commands (more than --max-rle-commands " +
                 std::to_string(command_limit) + " for the file)";
    return false;
  }
  if (end.first) {
    out.reason = "row " + std::to_string(end.first->row) + " (count word at " +
                 hex(end.first->row_offset) +
                 "): the game decodes it past the end of the file, into memory it does not own";
    return false;
  }
  if (policy == RenderPolicy::strict && result.stop == pixels::RleWalkStop::out_of_bounds) {
    // The walk ends at a row the file does not hold: every row from there on is missing.
    const std::size_t first = std::size_t{result.rows_walked} * canvas.width;
    std::fill(canvas.flags.begin() + static_cast<std::ptrdiff_t>(first), canvas.flags.end(),
              pixel_flag::missing);
  }
  return true;
}

}  // namespace gafcheck::render
