// Leaf frames: raw pixels and RLE rows (docs/format/gaf.md §3.1-§3.2), through the one RLE walker.
#include <algorithm>
#include <cstring>

#include "validator/core/checked_math.hpp"
#include "validator/core/text.hpp"
#include "validator/pixels/rle_walker.hpp"
#include "validator/render/frame_renderer.hpp"

namespace gafcheck::render {
namespace {

using pixels::RleIssueKind;
using pixels::RowIssue;

std::string rle_budget_reason(std::uint64_t command_limit) {
  return "budget.exceeded: rle_commands (more than --max-rle-commands " +
         std::to_string(command_limit) + " for the file)";
}

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
// Rows are the canvas's own; row_base (a strip's first row in the frame) is added to the rows
// recorded as defects.
class StrictMarks : public pixels::RleIssueSink {
 public:
  StrictMarks(Canvas& canvas, Rendered& out, const std::string& path, std::uint32_t row_base = 0)
      : canvas_(canvas), out_(out), path_(path), row_base_(row_base) {}

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
    const std::uint32_t row = row_base_ + issue.row;
    if (row != last_row_) {
      last_row_ = row;
      ++out_.defect_rows;
    }
    if (out_.defects.size() < max_listed_defects)
      out_.defects.push_back({path_, row, issue.column, std::string(kind_name(issue.kind))});
  }

  // The next strip: its rows start at row_base (the last row seen stays, for counting).
  void next_strip(std::uint32_t row_base) { row_base_ = row_base; }

 private:
  Canvas& canvas_;
  Rendered& out_;
  const std::string& path_;
  std::uint32_t row_base_;
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

// Sixteen pixels a step (GCC and Clang vector extensions: SSE2 on x86-64, NEON on ARM), then the
// rest one by one: each pixel's flags are rewritten from whether its index is the key.
// lanes(is_key, flags) takes and gives sixteen lanes (is_key 0xFF where the pixel is the key);
// pixel(is_key, flags) one flag byte.
using Lanes = std::uint8_t __attribute__((vector_size(16)));
template <typename LanesStep, typename PixelStep>
void rewrite_flags(Canvas& canvas, std::uint8_t key, LanesStep lanes, PixelStep pixel) {
  const Lanes keys = Lanes{} + key;
  const std::uint8_t* index = canvas.index.data();
  std::uint8_t* flags = canvas.flags.data();
  const std::size_t size = canvas.flags.size();
  std::size_t i = 0;
  for (; i + 16 <= size; i += 16) {
    Lanes values, drawn;
    std::memcpy(&values, index + i, 16);
    std::memcpy(&drawn, flags + i, 16);
    drawn = lanes(reinterpret_cast<Lanes>(values == keys), drawn);
    std::memcpy(flags + i, &drawn, 16);
  }
  for (; i < size; ++i) flags[i] = pixel(index[i] == key, flags[i]);
}

// A drawn pixel whose index is the key gets the key bit. Flags are 0 or drawn (1) in bit 0 here,
// and key is bit 3.
void mark_key(Canvas& canvas, std::uint8_t key) {
  static_assert(pixel_flag::drawn == 1 && pixel_flag::key == 8);
  rewrite_flags(
      canvas, key,
      [](Lanes is_key, Lanes drawn) { return drawn | (is_key & (drawn << 3) & pixel_flag::key); },
      [](bool is_key, std::uint8_t drawn) {
        return static_cast<std::uint8_t>(drawn | ((is_key & drawn) << 3));
      });
}

// Raw pixels (docs/format/gaf.md §3.1): the frame's key is transparent, every other value opaque.
void draw_raw(ByteView pixels, std::uint8_t key, Canvas& canvas) {
  pixels.copy_to(0, canvas.index);
  rewrite_flags(
      canvas, key, [](Lanes is_key, Lanes) { return ~is_key & pixel_flag::drawn; },
      [](bool is_key, std::uint8_t) { return is_key ? std::uint8_t{0} : pixel_flag::drawn; });
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
  if (const auto allocated = allocate(canvas, frame.width, frame.height); !allocated) {
    out.reason = allocated.problem().message;
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
    out.reason = rle_budget_reason(command_limit);
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

// The frame's canvas row (or column) of each grid row (column), -1 where the grid lies off it.
std::vector<std::int64_t> on_frame(const std::vector<std::int64_t>& anchor, std::int64_t offset,
                                   std::uint32_t size) {
  std::vector<std::int64_t> at(anchor.size());
  for (std::size_t i = 0; i < anchor.size(); ++i) {
    const std::int64_t own = anchor[i] + offset;
    at[i] = own >= 0 && own < std::int64_t{size} ? own : -1;
  }
  return at;
}

bool FrameRenderer::render_leaf_sampled(const gaf::FrameRecord& frame, RenderPolicy policy,
                                        Rendered& out) {
  const std::uint64_t pixels = std::uint64_t{frame.width} * frame.height;
  std::optional<ByteView> raw;
  if (!frame.is_rle()) {
    raw = file_.sub(frame.data_offset, pixels);
    if (!raw) {
      out.reason = "raw pixels " + std::to_string(frame.width) + "x" +
                   std::to_string(frame.height) + " at " + hex(frame.data_offset) +
                   " run past the end of the " + std::to_string(file_.size()) + "-byte file";
      return false;
    }
  }
  if (saturating_add(pixels_used_, pixels) > limits_[BudgetKind::pixels]) {
    out.reason = "budget.exceeded: pixels (" + std::to_string(frame.width) + "x" +
                 std::to_string(frame.height) +
                 " would bring the file's rendered pixels past --max-pixels " +
                 std::to_string(limits_[BudgetKind::pixels]) + ")";
    return false;
  }
  Canvas canvas;
  if (const auto allocated = allocate_sampled(canvas); !allocated) {
    out.reason = allocated.problem().message;
    return false;
  }
  pixels_used_ += pixels;
  const std::vector<std::int64_t> rows = on_frame(grid_->rows, frame.y_offset, frame.height);
  const std::vector<std::int64_t> columns = on_frame(grid_->columns, frame.x_offset, frame.width);
  if (raw) {
    for (std::size_t j = 0; j < rows.size(); ++j) {
      if (rows[j] < 0) continue;
      for (std::size_t i = 0; i < columns.size(); ++i) {
        if (columns[i] < 0) continue;
        const std::uint8_t value = *raw->u8(static_cast<std::uint64_t>(rows[j]) * frame.width +
                                            static_cast<std::uint64_t>(columns[i]));
        canvas.index[j * canvas.width + i] = value;
        canvas.flags[j * canvas.width + i] = value == frame.color_key ? 0 : pixel_flag::drawn;
      }
    }
  } else if (!render_rle_strips(frame, policy, rows, columns, canvas, out)) {
    return false;
  }
  mark_key(canvas, frame.color_key);
  out.canvas = std::move(canvas);
  return true;
}

bool FrameRenderer::render_rle_strips(const gaf::FrameRecord& frame, RenderPolicy policy,
                                      const std::vector<std::int64_t>& rows,
                                      const std::vector<std::int64_t>& columns, Canvas& canvas,
                                      Rendered& out) {
  const std::uint64_t row_bytes = std::uint64_t{frame.width} * canvas_bytes_per_pixel;
  const std::uint32_t strip_rows = static_cast<std::uint32_t>(
      std::clamp<std::uint64_t>(sampled_strip_bytes / row_bytes, 1, frame.height));
  const std::uint64_t strip_bytes = row_bytes * strip_rows;
  const std::uint64_t held =
      saturating_add(saturating_add(saturating_add(held_, held_outside_),
                                    canvas.pixels() * canvas_bytes_per_pixel),
                     strip_bytes);
  if (held > limits_[BudgetKind::heap]) {
    out.reason = "budget.exceeded: heap (a strip of " + std::to_string(strip_rows) + " rows of " +
                 std::to_string(frame.width) + " pixels needs " + std::to_string(strip_bytes) +
                 " bytes, " + std::to_string(held) + " held in all, above --max-heap " +
                 std::to_string(limits_[BudgetKind::heap]) + ")";
    return false;
  }
  Canvas strip;
  strip.width = frame.width;
  strip.index.resize(static_cast<std::size_t>(std::uint64_t{frame.width} * strip_rows));
  strip.flags.resize(strip.index.size());
  StrictMarks marks(strip, out, frame.path);
  RetailEnd end;
  const std::uint64_t command_limit = limits_[BudgetKind::rle_commands];
  std::uint64_t row_start = frame.data_offset;
  std::uint32_t first = 0;         // the strip's first row in the frame
  std::int64_t missing_from = -1;  // strict: the walk ended at a row the file does not hold
  std::size_t next = 0;            // the next grid row to fill
  while (first < frame.height) {
    const std::uint32_t count = std::min(strip_rows, frame.height - first);
    strip.height = count;
    const std::size_t used = std::size_t{frame.width} * count;
    std::fill_n(strip.index.begin(), used, 0);
    std::fill_n(strip.flags.begin(), used, 0);
    pixels::RleWalkOptions options;
    options.policy =
        policy == RenderPolicy::retail ? pixels::RlePolicy::retail : pixels::RlePolicy::strict;
    options.max_commands = command_limit - std::min(commands_used_, command_limit);
    options.pixels = std::span(strip.index.data(), used);
    options.coverage = std::span(strip.flags.data(), used);
    options.planes_zeroed = true;
    marks.next_strip(first);
    options.sink = policy == RenderPolicy::retail ? static_cast<pixels::RleIssueSink*>(&end)
                                                  : static_cast<pixels::RleIssueSink*>(&marks);
    const pixels::RleWalkResult result = pixels::walk_rle(
        file_, {row_start, frame.width, static_cast<std::uint16_t>(count)}, options);
    commands_used_ = saturating_add(commands_used_, result.commands);
    if (result.stop == pixels::RleWalkStop::budget) {
      out.reason = rle_budget_reason(command_limit);
      return false;
    }
    if (end.first) {
      out.reason = "row " + std::to_string(first + end.first->row) + " (count word at " +
                   hex(end.first->row_offset) +
                   "): the game decodes it past the end of the file, into memory it does not own";
      return false;
    }
    const bool stopped =
        policy == RenderPolicy::strict && result.stop == pixels::RleWalkStop::out_of_bounds;
    if (stopped) {
      std::fill(strip.flags.begin() +
                    static_cast<std::ptrdiff_t>(std::size_t{result.rows_walked} * frame.width),
                strip.flags.begin() + static_cast<std::ptrdiff_t>(used), pixel_flag::missing);
      missing_from = first + count;
    }
    for (; next < rows.size() && rows[next] < std::int64_t{first} + count; ++next) {
      if (rows[next] < std::int64_t{first}) continue;
      const std::size_t from = static_cast<std::size_t>(rows[next] - first) * frame.width;
      for (std::size_t i = 0; i < columns.size(); ++i) {
        if (columns[i] < 0) continue;
        canvas.index[next * canvas.width + i] =
            strip.index[from + static_cast<std::size_t>(columns[i])];
        canvas.flags[next * canvas.width + i] =
            strip.flags[from + static_cast<std::size_t>(columns[i])];
      }
    }
    if (stopped) break;
    row_start = result.end;
    first += count;
  }
  // Rows after the end of a strict walk cut short are missing, as render() marks them.
  if (missing_from >= 0)
    for (; next < rows.size(); ++next) {
      if (rows[next] < missing_from) continue;
      for (std::size_t i = 0; i < columns.size(); ++i)
        if (columns[i] >= 0) canvas.flags[next * canvas.width + i] = pixel_flag::missing;
    }
  return true;
}

}  // namespace gafcheck::render
