#include "validator/pixels/rle_messages.hpp"

#include "validator/core/text.hpp"

namespace gafcheck::pixels {
namespace {

using std::to_string;

std::string count_of(std::uint64_t n, const char* noun) {
  return to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string command_text(const RowIssue& issue) {
  const char* kind = issue.command_kind == RleCommandKind::skip     ? "skip"
                     : issue.command_kind == RleCommandKind::repeat ? "repeat"
                                                                    : "literal";
  return std::string(kind) + " of " + to_string(issue.run) + " px (" + hex(issue.command, 2) + ")";
}

std::string where(const RowIssue& issue) {
  return "row " + to_string(issue.row) + ", column " + to_string(issue.column) + ": ";
}

// Names the k bytes that follow the row's payload.
std::string after_payload(const RowIssue& issue, std::uint64_t k) {
  if (issue.last_row) return count_of(k, "byte") + " after the frame's last row";
  return count_of(k, "byte") + " from row " + to_string(issue.row + 1) + "'s count word on";
}

// What the retail decoder does once the payload is exhausted; `what` says how it uses the bytes.
std::string retail_read_through(const RowIssue& issue, const char* what) {
  const ReadThrough& through = issue.read_through;
  if (through.completes) {
    return "the game keeps decoding " + after_payload(issue, through.bytes_after) + " " + what +
           " until it has " + to_string(issue.width) + " px";
  }
  std::string text = "the game keeps decoding ";
  text += through.bytes_after != 0
              ? after_payload(issue, through.bytes_after) + " " + what + " to the end of the " +
                    to_string(issue.file_size) + "-byte file"
              : std::string("past the end of the ") + to_string(issue.file_size) + "-byte file";
  return text + " and reads " + (through.eof_bytes_exact ? "exactly " : "at least ") +
         count_of(through.eof_bytes, "byte") + " beyond it" +
         (through.eof_bytes_exact
              ? ", which finish the row"
              : " with " + to_string(through.pixels_missing_at_eof) + " px still to draw");
}

std::string overrun(const RowIssue& issue) {
  const std::uint32_t excess = issue.run - issue.clamped_run;
  std::string text = where(issue) + command_text(issue) + " overshoots the " +
                     to_string(issue.width) + "-px width by " + to_string(excess) +
                     "; the game draws " + to_string(issue.clamped_run) + " px";
  if (issue.command_kind != RleCommandKind::literal) return text + " and discards the rest";
  return text + " and advances its source past all " + to_string(issue.run) +
         " authored bytes; the row is then complete and the next row is found by its count "
         "word, so how far the source advances changes no pixel";
}

std::string short_row(const RowIssue& issue) {
  return "row " + to_string(issue.row) + ": payload of " + count_of(issue.payload_size, "byte") +
         " ends at " + to_string(issue.column) + "/" + to_string(issue.width) +
         " px (strict readers reject the row, a padding reader leaves " +
         to_string(issue.width - issue.column) + " px transparent); " +
         retail_read_through(issue, "as commands");
}

std::string truncated_command(const RowIssue& issue) {
  std::string text = where(issue) + command_text(issue);
  if (issue.command_kind == RleCommandKind::repeat) {
    text += " is the payload's last byte and has no value byte";
  } else {
    const std::uint64_t present = issue.payload_size - issue.payload_used - 1;
    text +=
        " has " + to_string(present) + " of its " + to_string(issue.run) + " bytes in the payload";
  }
  if (!issue.read_through.needed) {
    return text + "; it overshoots the width, so the game draws only the " +
           to_string(issue.clamped_run) +
           " px left in the row, all from inside the payload: no pixel changes";
  }
  const ReadThrough& through = issue.read_through;
  const std::uint64_t missing =
      issue.command_kind == RleCommandKind::repeat
          ? 1
          : issue.clamped_run - (issue.payload_size - issue.payload_used - 1);
  if (!through.completes) return text + "; " + retail_read_through(issue, "as pixels and commands");
  if (issue.command_kind == RleCommandKind::repeat)
    text += "; the game takes its colour from the next byte (" +
            (issue.last_row ? std::string("after the frame's last row")
                            : "row " + to_string(issue.row + 1) + "'s count word") +
            ")";
  else
    text += "; the game takes the missing " + after_payload(issue, missing);
  if (through.bytes_after <= missing) return text + ", which completes the row";
  return text + " and keeps decoding until it has " + to_string(issue.width) + " px (" +
         after_payload(issue, through.bytes_after) + " in all)";
}

std::string unused_payload(const RowIssue& issue) {
  return "row " + to_string(issue.row) + ": the " + to_string(issue.width) +
         "-px width is reached after " + to_string(issue.payload_used) + " of " +
         to_string(issue.payload_size) + " payload bytes; " + count_of(issue.length, "byte") +
         " left unused (strict readers reject the row; the game stops at the width and finds "
         "the next row by the count word)";
}

std::string out_of_step(const RowIssue& issue) {
  return "row " + to_string(issue.row) + ": the commands reach the " + to_string(issue.width) +
         "-px width through a " + command_text(issue) + " clamped to " +
         to_string(issue.clamped_run) + " px at column " + to_string(issue.column) + " with " +
         count_of(issue.payload_size - issue.payload_used, "payload byte") +
         " still unread: the row's commands are out of step with its payload (an encoder ends "
         "each row on its last byte, exactly at the width), so a byte was lost or added before "
         "and the game draws payload bytes as commands and commands as pixels";
}

std::string zero_skip(const RowIssue& issue) {
  std::string text = where(issue) + "skip command " + hex(issue.command, 2) + " has length 0";
  if (issue.zero_skips > 1) text += " (" + to_string(issue.zero_skips) + " in this row)";
  return text + "; strict readers reject it, the game skips nothing";
}

std::string reads_past_eof(const RowIssue& issue) {
  const ReadThrough& through = issue.read_through;
  if (through.bytes_after == 0 && issue.row_offset + 2 > issue.file_size) {
    return "row " + to_string(issue.row) + ": its count word at " + hex(issue.row_offset) +
           " lies past the end of the " + to_string(issue.file_size) +
           "-byte file; the game reads it and the row from memory it does not own";
  }
  return "row " + to_string(issue.row) + ": emulating the game, the row's decoding runs off the " +
         "end of the " + to_string(issue.file_size) + "-byte file at " + to_string(issue.column) +
         "/" + to_string(issue.width) + " px and reads " +
         (through.eof_bytes_exact ? "exactly " : "at least ") +
         count_of(through.eof_bytes, "byte") + " past the end" +
         (through.eof_bytes_exact ? ", which finish the row"
                                  : " (" + to_string(through.pixels_missing_at_eof) +
                                        " px still to draw from memory it does not own)");
}

std::string row_out_of_bounds(const RowIssue& issue) {
  if (issue.row_offset + 2 > issue.file_size) {
    return "row " + to_string(issue.row) + "'s count word at " + hex(issue.row_offset) +
           " lies outside the " + to_string(issue.file_size) +
           "-byte file; the game reads it from memory it does not own";
  }
  const std::uint64_t payload = issue.row_offset + 2;
  const std::uint64_t beyond = payload + issue.payload_size - issue.file_size;
  std::string text = "row " + to_string(issue.row) + "'s payload of " +
                     count_of(issue.payload_size, "byte") + " at " + hex(payload) + " runs " +
                     count_of(beyond, "byte") + " past the end of the " +
                     to_string(issue.file_size) + "-byte file; ";
  if (!issue.read_through.completes) return text + retail_read_through(issue, "as commands");
  text += "the game reaches the " + to_string(issue.width) + "-px width inside the file";
  if (issue.last_row) return text + " and, this being the last row, reads nothing beyond it";
  return text + ", but row " + to_string(issue.row + 1) +
         "'s count word lies past the end and is read from memory it does not own";
}

}  // namespace

std::string describe_rle_issue(const RowIssue& issue) {
  switch (issue.kind) {
    case RleIssueKind::overrun: return overrun(issue);
    case RleIssueKind::short_row: return short_row(issue);
    case RleIssueKind::unused_payload: return unused_payload(issue);
    case RleIssueKind::truncated_command: return truncated_command(issue);
    case RleIssueKind::zero_skip: return zero_skip(issue);
    case RleIssueKind::reads_past_eof: return reads_past_eof(issue);
    case RleIssueKind::row_out_of_bounds: return row_out_of_bounds(issue);
    case RleIssueKind::out_of_step: return out_of_step(issue);
  }
  return "RLE row " + to_string(issue.row);
}

Retail rle_issue_retail(const RowIssue& issue) {
  const ReadThrough& through = issue.read_through;
  switch (issue.kind) {
    case RleIssueKind::overrun:
    case RleIssueKind::unused_payload: return Retail::ignored;
    case RleIssueKind::zero_skip: return Retail::none;
    case RleIssueKind::out_of_step: return Retail::garbage;
    case RleIssueKind::short_row: return through.past_eof ? Retail::crash : Retail::garbage;
    case RleIssueKind::truncated_command:
      if (!through.needed) return Retail::ignored;
      return through.past_eof ? Retail::crash : Retail::garbage;
    case RleIssueKind::reads_past_eof: return Retail::crash;
    case RleIssueKind::row_out_of_bounds:
      return through.completes && issue.last_row ? Retail::ignored : Retail::crash;
  }
  return Retail::unknown;
}

}  // namespace gafcheck::pixels
