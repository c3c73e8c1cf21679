#include "validator/provenance/rle_reencode.hpp"

#include <algorithm>
#include <unordered_set>

#include "validator/pixels/rle_encoder.hpp"
#include "validator/pixels/rle_walker.hpp"

namespace gafcheck::provenance {
namespace {

// GafExplode's limits: a skip of at most 127 pixels, a repeat or literal of at most 64.
constexpr std::size_t longest_skip = 127;
constexpr std::size_t longest_run = 64;

class IssueCounter final : public pixels::RleIssueSink {
 public:
  void on_issue(const pixels::RowIssue&) override { ++issues; }
  std::uint64_t issues = 0;
};

// Appends the gathered pixels as literals of at most 64, then forgets them.
void flush_literal(std::vector<std::uint8_t>& literal, std::vector<std::uint8_t>& out) {
  for (std::size_t at = 0; at < literal.size(); at += longest_run) {
    const std::size_t count = std::min(longest_run, literal.size() - at);
    out.push_back(static_cast<std::uint8_t>((count - 1) << 2));
    out.insert(out.end(), literal.begin() + static_cast<std::ptrdiff_t>(at),
               literal.begin() + static_cast<std::ptrdiff_t>(at + count));
  }
  literal.clear();
}

// One row of an RLE image, decoded strictly into `pixels` (the key where nothing is drawn) and
// `coverage`. Returns the row's bytes (count word and payload), or nothing when the row cannot be
// read as an encoder writes rows (out of the file, short, overrunning, with payload left over).
std::optional<ByteView> decode_row(ByteView file, std::uint64_t row_offset,
                                   const gaf::FrameRecord& frame, std::vector<std::uint8_t>& pixels,
                                   std::vector<std::uint8_t>& coverage) {
  const auto count = file.u16le(row_offset);
  if (!count) return std::nullopt;
  const auto stored = file.sub(row_offset, 2 + std::uint64_t{*count});
  if (!stored) return std::nullopt;
  std::fill(pixels.begin(), pixels.end(), std::uint8_t{0});
  std::fill(coverage.begin(), coverage.end(), std::uint8_t{0});
  IssueCounter issues;
  pixels::RleWalkOptions options;
  options.pixels = pixels;
  options.coverage = coverage;
  options.sink = &issues;
  const pixels::RleWalkResult walked =
      pixels::walk_rle(file, {row_offset, frame.width, 1}, options);
  if (walked.stop != pixels::RleWalkStop::complete || issues.issues != 0) return std::nullopt;
  for (std::size_t x = 0; x < pixels.size(); ++x)
    if (coverage[x] == 0) pixels[x] = frame.color_key;
  return stored;
}

// Whether each encoder still in the running writes this row as stored; the others drop out.
void compare_row(ByteView stored, const std::vector<std::uint8_t>& pixels,
                 const std::vector<std::uint8_t>& coverage, std::uint8_t key, Reencodings& result,
                 std::vector<std::uint8_t>& encoded) {
  const std::span<const std::uint8_t> payload = stored.bytes().subspan(2);
  if (result.gafexplode != Reencoding::differs) {
    encoded.clear();
    encode_row_as_gafexplode(pixels, key, encoded);
    if (!std::ranges::equal(payload, encoded)) result.gafexplode = Reencoding::differs;
  }
  if (result.gafcheck != Reencoding::differs) {
    encoded.clear();
    const bool fits = pixels::encode_rle_row(pixels.data(), coverage.data(),
                                             static_cast<std::uint32_t>(pixels.size()), encoded);
    if (!fits || !std::ranges::equal(stored.bytes(), encoded))
      result.gafcheck = Reencoding::differs;
  }
}

}  // namespace

void encode_row_as_gafexplode(std::span<const std::uint8_t> row, std::uint8_t key,
                              std::vector<std::uint8_t>& out) {
  if (std::ranges::all_of(row, [key](std::uint8_t pixel) { return pixel == key; })) return;
  std::vector<std::uint8_t> literal;
  for (std::size_t x = 0; x < row.size();) {
    const std::uint8_t value = row[x];
    std::size_t run = 1;
    while (x + run < row.size() && row[x + run] == value) ++run;
    x += run;
    while (run > 0) {
      if (value == key) {
        flush_literal(literal, out);
        const std::size_t count = std::min(longest_skip, run);
        out.push_back(static_cast<std::uint8_t>(count << 1 | 1));
        run -= count;
      } else if (run >= 3 || (run == 2 && literal.empty())) {
        flush_literal(literal, out);
        const std::size_t count = std::min(longest_run, run);
        out.push_back(static_cast<std::uint8_t>((count - 1) << 2 | 2));
        out.push_back(value);
        run -= count;
      } else {
        literal.insert(literal.end(), run, value);
        run = 0;
      }
    }
  }
  flush_literal(literal, out);
}

Reencodings reencode_rle_rows(ByteView file, const gaf::GafIndex& index, std::uint64_t max_pixels) {
  Reencodings result{Reencoding::matches, Reencoding::matches, Reencoding::matches};
  std::unordered_set<std::uint64_t> seen_blocks;
  std::vector<std::uint8_t> pixels, coverage, encoded;
  std::uint64_t spent = 0;
  bool checked_any = false;
  const auto unfinished = [&result] {
    for (Reencoding* encoder : {&result.gafexplode, &result.gafcheck, &result.well_formed})
      if (*encoder != Reencoding::differs) *encoder = Reencoding::not_checked;
    return result;
  };
  for (const gaf::FrameRecord& frame : index.frames) {
    if (!frame.header_in_bounds || frame.is_composite() || !frame.is_rle()) continue;
    if (frame.width == 0 || frame.height == 0) continue;
    if (!seen_blocks.insert(frame.data_offset).second) continue;
    spent += std::uint64_t{frame.width} * frame.height;
    if (spent > max_pixels) return unfinished();
    pixels.resize(frame.width);
    coverage.resize(frame.width);
    std::uint64_t row = frame.data_offset;
    for (std::uint32_t y = 0; y < frame.height; ++y) {
      // An empty row (count 0) is what every encoder here writes for a row with nothing drawn.
      if (file.u16le(row) == std::uint16_t{0}) {
        row += 2;
        continue;
      }
      const auto stored = decode_row(file, row, frame, pixels, coverage);
      if (!stored) return {Reencoding::differs, Reencoding::differs, Reencoding::differs};
      compare_row(*stored, pixels, coverage, frame.color_key, result, encoded);
      row += stored->size();
    }
    checked_any = true;
  }
  return checked_any ? result : unfinished();
}

}  // namespace gafcheck::provenance
