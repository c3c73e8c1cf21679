#include "validator/pixels/rle_walker.hpp"

#include <algorithm>
#include <optional>

#include "validator/pixels/rle_decode.hpp"
#include "validator/pixels/rle_draw_fast.hpp"

namespace gafcheck::pixels {
namespace {

using detail::CommandNote;
using detail::DecodeEnd;
using detail::DecodeState;
using detail::RowOutput;

class Walk {
 public:
  Walk(ByteView file, const RleFrame& frame, const RleWalkOptions& options)
      : file_(file),
        bytes_(file.bytes()),
        frame_(frame),
        options_(options),
        budget_(options.max_commands) {
    const std::uint64_t plane = std::uint64_t{frame.width} * frame.height;
    if (plane != 0 && options.pixels.size() == plane) pixels_ = options.pixels;
    if (plane != 0 && options.coverage.size() == plane) coverage_ = options.coverage;
    write_ = !pixels_.empty() || !coverage_.empty();
  }

  RleWalkResult run();

 private:
  struct RowSpan {
    std::uint64_t start;    // the count word
    std::uint64_t payload;  // start + 2
    std::uint64_t end;      // payload + count
  };
  // A nonempty row whose count word and payload lie inside the file.
  std::optional<RowSpan> row_span(std::uint64_t start) const;
  // Books a row exact_row_pair() proved exact.
  void account_exact(const RowSpan& span, std::uint64_t commands);
  // Walks one row; false when the walk must stop (result_.stop says why).
  bool walk_row(std::uint32_t row);
  void strict_row(std::uint32_t row, std::uint64_t payload, std::uint64_t payload_end);
  // What a strictly decoded row has to report (a zero skip, an overrun, a short or cut row,
  // payload left over or out of the file).
  void strict_row_issues(std::uint32_t row, std::uint64_t payload, std::uint64_t payload_end,
                         std::uint64_t limit, DecodeState& state);
  void retail_row(std::uint32_t row, std::uint64_t payload, std::uint64_t payload_end);

  void decode(DecodeState& state, std::uint64_t limit, const RowOutput& out) {
    if (write_)
      detail::decode_commands<true>(bytes_, limit, frame_.width, budget_, state, out);
    else
      detail::decode_commands<false>(bytes_, limit, frame_.width, budget_, state, out);
    result_.commands += state.commands;
    state.commands = 0;
    if (state.end == DecodeEnd::budget) budget_hit_ = true;
  }
  // What the retail decoder reads once the row's payload is exhausted, resuming at state. Draws
  // nothing: the retail policy has drawn the row already, the strict one draws only payloads.
  ReadThrough read_through(DecodeState state, std::uint64_t payload_end);

  RowOutput row_output(std::uint32_t row) const {
    RowOutput out;
    const std::size_t start = std::size_t{row} * frame_.width;
    if (!pixels_.empty()) out.pixels = pixels_.subspan(start, frame_.width);
    if (!coverage_.empty()) out.coverage = coverage_.subspan(start, frame_.width);
    return out;
  }

  RowIssue issue(RleIssueKind kind, std::uint32_t row) const {
    RowIssue found;
    found.kind = kind;
    found.row = row;
    found.row_offset = row_start_;
    found.payload_size = count_;
    found.width = frame_.width;
    found.height = frame_.height;
    found.file_size = file_.size();
    found.last_row = row + 1u == frame_.height;
    found.offset = row_start_;
    const std::uint64_t in_file = row_start_ < file_.size() ? file_.size() - row_start_ : 0;
    found.length = std::min<std::uint64_t>(2 + count_, in_file);
    return found;
  }
  RowIssue command_issue(RleIssueKind kind, std::uint32_t row, const CommandNote& command,
                         std::uint64_t payload) const {
    RowIssue found = issue(kind, row);
    found.offset = command.offset;
    found.column = command.column;
    found.command = command.command;
    found.command_kind = command.kind;
    found.run = command.run;
    found.clamped_run = command.clamped;
    found.payload_used = command.offset - payload;
    return found;
  }
  void report(const RowIssue& found) {
    if (last_issue_row_ != found.row) {
      last_issue_row_ = found.row;
      ++result_.issue_rows;
    }
    if (options_.sink) options_.sink->on_issue(found);
  }

  ByteView file_;
  std::span<const std::uint8_t> bytes_;
  RleFrame frame_;
  const RleWalkOptions& options_;
  std::uint64_t budget_;
  std::span<std::uint8_t> pixels_;
  std::span<std::uint8_t> coverage_;
  bool write_ = false;
  RleWalkResult result_;
  std::uint64_t row_start_ = 0;
  std::uint64_t count_ = 0;
  std::int64_t last_issue_row_ = -1;
  bool budget_hit_ = false;
};

ReadThrough Walk::read_through(DecodeState state, std::uint64_t payload_end) {
  ReadThrough through;
  through.needed = true;
  decode(state, file_.size(), {});
  // Bytes after the payload that the emulation read inside the file (none when the payload
  // itself runs past the end).
  const std::uint64_t in_file_after = payload_end < file_.size() ? file_.size() - payload_end : 0;
  through.bytes_after =
      std::min(state.read_end, file_.size()) - std::min(payload_end, state.read_end);
  switch (state.end) {
    case DecodeEnd::width: through.completes = true; break;
    case DecodeEnd::source_end:
      // The next command byte lies past the end; what it says is unknown.
      through.past_eof = true;
      through.eof_bytes = 1;
      through.pixels_missing_at_eof = frame_.width - state.x;
      through.bytes_after = in_file_after;
      break;
    case DecodeEnd::cut: {
      // A command inside the file whose operands run past the end: those bytes are certain.
      through.past_eof = true;
      through.eof_bytes = state.cut.kind == RleCommandKind::repeat
                              ? 1
                              : std::uint64_t{state.cut.clamped} - state.cut.available;
      through.eof_bytes_exact = state.cut.column + state.cut.clamped == frame_.width;
      through.pixels_missing_at_eof = frame_.width - state.cut.column;
      through.bytes_after = in_file_after;
      break;
    }
    case DecodeEnd::budget: through.budget_stopped = true; break;
  }
  return through;
}

void Walk::strict_row(std::uint32_t row, std::uint64_t payload, std::uint64_t payload_end) {
  const std::uint64_t limit = std::min(payload_end, file_.size());
  const RowOutput out = row_output(row);
  DecodeState state;
  state.pos = payload;
  state.read_end = payload;
  decode(state, limit, out);
  if (state.end == DecodeEnd::budget) return;
  // Nearly every row: decoded to its width from exactly its payload, nothing to report; the
  // issues are sorted out apart, off the hot path.
  if (state.end == DecodeEnd::width && state.pos == payload_end && state.zero_skips == 0 &&
      !state.overrun.present && !state.clamped_truncation.present && payload_end <= file_.size())
    return;
  strict_row_issues(row, payload, payload_end, limit, state);
}

void Walk::strict_row_issues(std::uint32_t row, std::uint64_t payload, std::uint64_t payload_end,
                             std::uint64_t limit, DecodeState& state) {
  if (state.zero_skips != 0) {
    RowIssue found = command_issue(RleIssueKind::zero_skip, row, state.zero_skip, payload);
    found.length = 1;
    found.zero_skips = state.zero_skips;
    report(found);
  }
  if (state.overrun.present) {
    RowIssue found = command_issue(RleIssueKind::overrun, row, state.overrun, payload);
    const std::uint64_t operands = state.overrun.kind == RleCommandKind::skip ? 0
                                   : state.overrun.kind == RleCommandKind::repeat
                                       ? 1
                                       : state.overrun.run;
    found.length = std::min(1 + operands, limit - state.overrun.offset);
    report(found);
  }
  if (payload_end > file_.size()) {
    // The payload runs past the end: what the game makes of the bytes that are there.
    RowIssue found = issue(RleIssueKind::row_out_of_bounds, row);
    found.column = state.x;
    found.payload_used = std::min(state.pos, limit) - payload;
    if (state.end == DecodeEnd::cut) state.pos = state.cut.offset;
    if (state.x < frame_.width)
      found.read_through = read_through(state, payload_end);
    else
      found.read_through.completes = true;
    report(found);
    return;
  }
  if (state.clamped_truncation.present) {
    RowIssue found =
        command_issue(RleIssueKind::truncated_command, row, state.clamped_truncation, payload);
    found.length = payload_end - state.clamped_truncation.offset;
    report(found);  // read_through.needed stays false: the clamp needs no byte past the payload
  }
  if (state.end == DecodeEnd::width) {
    if (state.pos < payload_end) {
      RowIssue found = issue(RleIssueKind::unused_payload, row);
      found.offset = state.pos;
      found.length = payload_end - state.pos;
      found.column = state.x;
      found.payload_used = state.pos - payload;
      report(found);
      // No encoder ends a row with a clamped run and bytes to spare: together they say that a
      // byte was lost or added earlier in the row, and the game has drawn payload bytes as
      // commands (and commands as pixels) since.
      if (state.overrun.present) {
        RowIssue desync = command_issue(RleIssueKind::out_of_step, row, state.overrun, payload);
        desync.offset = row_start_;
        desync.length = 2 + count_;
        desync.payload_used = state.pos - payload;
        report(desync);
      }
    }
    return;
  }
  RowIssue found = state.end == DecodeEnd::cut
                       ? command_issue(RleIssueKind::truncated_command, row, state.cut, payload)
                       : issue(RleIssueKind::short_row, row);
  if (state.end == DecodeEnd::cut) {
    found.length = payload_end - state.cut.offset;
    state.pos = state.cut.offset;
  } else {
    found.column = state.x;
    found.payload_used = state.pos - payload;
  }
  found.read_through = read_through(state, payload_end);
  if (found.read_through.budget_stopped) return;
  report(found);
  if (found.read_through.past_eof) {
    RowIssue past = found;
    past.kind = RleIssueKind::reads_past_eof;
    past.offset = row_start_;
    past.length = 2 + count_;
    past.column = frame_.width - found.read_through.pixels_missing_at_eof;
    report(past);
  }
}

void Walk::retail_row(std::uint32_t row, std::uint64_t payload, std::uint64_t payload_end) {
  DecodeState state;
  state.pos = payload;
  state.read_end = payload;
  const RowOutput out = row_output(row);
  decode(state, file_.size(), out);
  if (state.end == DecodeEnd::width || state.end == DecodeEnd::budget) return;
  RowIssue found = issue(RleIssueKind::reads_past_eof, row);
  if (state.end == DecodeEnd::cut) state.pos = state.cut.offset;
  found.read_through = read_through(state, payload_end);
  found.column = frame_.width - found.read_through.pixels_missing_at_eof;
  found.payload_used = std::min(state.pos, payload_end) - payload;
  report(found);
}

bool Walk::walk_row(std::uint32_t row) {
  if (budget_ == 0) {
    result_.stop = RleWalkStop::budget;
    return false;
  }
  --budget_;
  ++result_.commands;
  const auto count = file_.u16le(row_start_);
  if (!count) {
    count_ = 0;
    RowIssue found = issue(options_.policy == RlePolicy::strict ? RleIssueKind::row_out_of_bounds
                                                                : RleIssueKind::reads_past_eof,
                           row);
    found.read_through.needed = true;
    found.read_through.past_eof = true;
    found.read_through.eof_bytes = row_start_ + 2 - std::min(row_start_ + 2, file_.size());
    found.read_through.pixels_missing_at_eof = frame_.width;
    report(found);
    result_.stop = RleWalkStop::out_of_bounds;
    result_.end = file_.size();
    return false;
  }
  count_ = *count;
  const std::uint64_t payload = row_start_ + 2;
  const std::uint64_t payload_end = payload + count_;
  if (count_ != 0) {
    if (options_.policy == RlePolicy::strict)
      strict_row(row, payload, payload_end);
    else
      retail_row(row, payload, payload_end);
    if (budget_hit_) {
      result_.stop = RleWalkStop::budget;
      return false;
    }
  }
  result_.payload_bytes += count_;
  result_.end = std::min(payload_end, file_.size());
  ++result_.rows_walked;
  if (options_.policy == RlePolicy::strict && payload_end > file_.size()) {
    result_.stop = RleWalkStop::out_of_bounds;
    return false;
  }
  row_start_ = payload_end;
  return true;
}

std::optional<Walk::RowSpan> Walk::row_span(std::uint64_t start) const {
  const auto count = file_.u16le(start);
  if (!count || *count == 0) return std::nullopt;
  const std::uint64_t end = start + 2 + *count;
  if (end > file_.size()) return std::nullopt;
  return RowSpan{start, start + 2, end};
}

void Walk::account_exact(const RowSpan& span, std::uint64_t commands) {
  budget_ -= commands + 1;  // the count word counts as a command
  result_.commands += commands + 1;
  result_.payload_bytes += span.end - span.payload;
  result_.end = span.end;
  ++result_.rows_walked;
  row_start_ = span.end;
}

RleWalkResult Walk::run() {
  row_start_ = frame_.data_offset;
  result_.end = std::min(frame_.data_offset, file_.size());
  // Validation without pixels proves rows exact two at a time (independent chains of loads) and
  // walks only the other rows in detail; rows are still reported in order.
  const bool fast = options_.policy == RlePolicy::strict && !write_;
  // Retail drawing into zeroed planes draws each row its own payload completes in one pass and
  // walks only the others (short rows, cut commands, count 0, rows outside the file) in detail.
  const bool draw_fast = options_.policy == RlePolicy::retail && options_.planes_zeroed &&
                         !pixels_.empty() && !coverage_.empty();
  std::uint32_t row = 0;
  while (row < frame_.height) {
    if (draw_fast) {
      const auto span = row_span(row_start_);
      // A drawn row decodes at most one command per payload byte, plus its count word.
      if (span && budget_ >= span->end - span->start) {
        const std::size_t at = std::size_t{row} * frame_.width;
        std::uint64_t commands = 0;
        if (detail::draw_row_fast(bytes_, span->payload, span->end, frame_.width,
                                  pixels_.subspan(at, frame_.width).data(),
                                  coverage_.subspan(at, frame_.width).data(), commands)) {
          account_exact(*span, commands);
          ++row;
          continue;
        }
      }
    }
    if (fast && row + 1u < frame_.height) {
      const auto first = row_span(row_start_);
      const auto second = first ? row_span(first->end) : std::nullopt;
      // Both rows' bytes bound their commands, so the budget covers the whole pair.
      if (second && budget_ >= second->end - first->start) {
        detail::ExactLane a{first->payload, first->end}, b{second->payload, second->end};
        const unsigned exact = detail::exact_row_pair(bytes_, a, b, frame_.width);
        if (exact & 1u)
          account_exact(*first, a.commands);
        else if (!walk_row(row))
          break;
        if (exact & 2u)
          account_exact(*second, b.commands);
        else if (!walk_row(row + 1))
          break;
        row += 2;
        continue;
      }
    }
    if (!walk_row(row)) break;
    ++row;
  }
  return result_;
}

}  // namespace

RleWalkResult walk_rle(ByteView file, const RleFrame& frame, const RleWalkOptions& options) {
  return Walk(file, frame, options).run();
}

}  // namespace gafcheck::pixels
