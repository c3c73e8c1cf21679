#include "validator/provenance/rle_reencode.hpp"

#include <algorithm>
#include <unordered_set>

#include "validator/pixels/rle_encoder.hpp"
#include "validator/pixels/rle_walker.hpp"
#include "validator/provenance/row_encoders.hpp"

namespace gafcheck::provenance {
namespace {

// The rows re-encoded per file: enough rows to tell encoders apart, few enough that naming a
// file's writer costs a census little whatever the file's size.
constexpr std::uint64_t reencoded_pixels_sampled = 2048;

class IssueCounter final : public pixels::RleIssueSink {
 public:
  void on_issue(const pixels::RowIssue&) override { ++issues; }
  std::uint64_t issues = 0;
};

struct RowBuffers {
  std::vector<std::uint8_t> pixels, coverage, encoded, literal;
};

// Whether each encoder still in the running writes this row as stored; the others drop out.
void compare_row(ByteView stored, std::span<const std::uint8_t> pixels,
                 std::span<const std::uint8_t> coverage, std::uint8_t key, Reencodings& result,
                 RowBuffers& buffers) {
  std::vector<std::uint8_t>& encoded = buffers.encoded;
  const std::span<const std::uint8_t> payload = stored.bytes().subspan(2);
  if (result.gafexplode != Reencoding::differs) {
    encoded.clear();
    encode_row_as_gafexplode(pixels, key, encoded, buffers.literal);
    if (!std::ranges::equal(payload, encoded)) result.gafexplode = Reencoding::differs;
  }
  if (result.kbot_io != Reencoding::differs) {
    encoded.clear();
    encode_row_as_kbot_io(pixels, key, encoded);
    if (!std::ranges::equal(payload, encoded)) result.kbot_io = Reencoding::differs;
  }
  if (result.gafcheck != Reencoding::differs) {
    encoded.clear();
    const bool fits = pixels::encode_rle_row(pixels.data(), coverage.data(),
                                             static_cast<std::uint32_t>(pixels.size()), encoded);
    if (!fits || !std::ranges::equal(stored.bytes(), encoded))
      result.gafcheck = Reencoding::differs;
  }
}

bool an_encoder_still_matches(const Reencodings& result) {
  return result.gafexplode != Reencoding::differs || result.kbot_io != Reencoding::differs ||
         result.gafcheck != Reencoding::differs;
}

// Walks the first rows of one frame while the sample's allowance of pixels lasts (each row spends
// its width): decoded strictly in one walk (rows that do not decode exactly are no encoder's and
// not well formed), then compared row by row while an encoder still matches them all.
void reencode_frame(ByteView file, const gaf::FrameRecord& frame, Reencodings& result,
                    RowBuffers& buffers, std::uint64_t& allowance) {
  const auto rows =
      static_cast<std::uint32_t>(std::min<std::uint64_t>(frame.height, allowance / frame.width));
  allowance -= std::uint64_t{rows} * frame.width;
  const std::size_t pixel_count = std::size_t{rows} * frame.width;
  buffers.pixels.assign(pixel_count, 0);
  buffers.coverage.assign(pixel_count, 0);
  IssueCounter issues;
  pixels::RleWalkOptions options;
  options.pixels = buffers.pixels;
  options.coverage = buffers.coverage;
  options.sink = &issues;
  const pixels::RleWalkResult walked = pixels::walk_rle(
      file, {frame.data_offset, frame.width, static_cast<std::uint16_t>(rows)}, options);
  if (walked.stop != pixels::RleWalkStop::complete || issues.issues != 0) {
    result.gafexplode = result.kbot_io = result.gafcheck = result.well_formed = Reencoding::differs;
    return;
  }
  if (!an_encoder_still_matches(result)) return;
  for (std::size_t at = 0; at < pixel_count; ++at)
    if (buffers.coverage[at] == 0) buffers.pixels[at] = frame.color_key;
  std::uint64_t row = frame.data_offset;
  for (std::uint32_t y = 0; y < rows && an_encoder_still_matches(result); ++y) {
    const std::uint64_t count = file.u16le(row).value_or(0);
    const auto stored = file.sub(row, 2 + count);
    if (!stored) return;  // cannot happen: the walk read every row inside the file
    const std::size_t first = std::size_t{y} * frame.width;
    compare_row(*stored, std::span(buffers.pixels).subspan(first, frame.width),
                std::span(buffers.coverage).subspan(first, frame.width), frame.color_key, result,
                buffers);
    row += stored->size();
  }
}

}  // namespace

Reencodings reencode_rle_rows(ByteView file, const gaf::GafIndex& index, std::uint64_t max_pixels) {
  Reencodings result{Reencoding::matches, Reencoding::matches, Reencoding::matches,
                     Reencoding::matches};
  std::unordered_set<std::uint64_t> seen_blocks;
  RowBuffers buffers;
  std::uint64_t allowance = std::min(reencoded_pixels_sampled, max_pixels);
  bool checked_any = false;
  for (const gaf::FrameRecord& frame : index.frames) {
    if (!frame.header_in_bounds || frame.is_composite() || !frame.is_rle()) continue;
    if (frame.width == 0 || frame.height == 0 || allowance < frame.width) continue;
    if (!seen_blocks.insert(frame.data_offset).second) continue;
    reencode_frame(file, frame, result, buffers, allowance);
    checked_any = true;
  }
  if (!checked_any) return {};
  return result;
}

}  // namespace gafcheck::provenance
