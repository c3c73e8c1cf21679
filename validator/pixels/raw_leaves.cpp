// Raw leaves (docs/format/gaf.md §3.1, §6): whether the colour key occurs in the pixels (census
// counters), and with --game tak the TA: Kingdoms corner heuristic.
#include "validator/core/text.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/pixels/gaf_pixel_stages.hpp"
#include "validator/pixels/raw_scan.hpp"

namespace gafcheck::pixels {

void scan_raw_leaves(WalkContext& context, const gaf::GafIndex& index, Game game,
                     Counters& summary) {
  std::uint64_t frames_with_key = 0;
  std::uint64_t key_pixels = 0;
  for (const gaf::FrameRecord& frame : index.frames) {
    const std::uint64_t pixels = std::uint64_t{frame.width} * frame.height;
    if (!frame.header_in_bounds || frame.is_composite() || frame.is_rle() ||
        !frame.data_in_bounds || pixels == 0)
      continue;
    const KeyScan scan = scan_key(context.file, frame.data_offset, pixels, frame.color_key);
    if (scan.contains_key) {
      ++frames_with_key;
      key_pixels += scan.key_pixels;
      continue;
    }
    if (game != Game::tak) continue;
    const auto corner =
        uniform_corner_value(context.file, frame.data_offset, frame.width, frame.height);
    if (!corner) continue;
    context.findings.add(
        RuleId::tak_corner_key, frame.offset + gaf::frame_color_key, 1, frame.path, [&] {
          return "colour key " + std::to_string(frame.color_key) + " never occurs in the " +
                 std::to_string(frame.width) + "x" + std::to_string(frame.height) +
                 " raw pixels at " + hex(frame.data_offset) + ", but all four corners hold " +
                 std::to_string(*corner) +
                 ": the TA: Kingdoms corner heuristic draws every pixel of " + "index " +
                 std::to_string(*corner) + " transparent (TA keeps them opaque)";
        });
  }
  summary.add("raw_frames_with_key", frames_with_key);
  summary.add("key_pixels", key_pixels);
}

}  // namespace gafcheck::pixels
