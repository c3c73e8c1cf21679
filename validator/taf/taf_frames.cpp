// Truecolor TAF frames (docs/format/gaf.md §7): 24-byte GAF frame headers whose bytes +8..+11 mean
// transparency, pixel format, layer count and flag, pointing at width x height 16-bit pixels.
#include <optional>

#include "validator/core/text.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/taf/taf_layout.hpp"
#include "validator/taf/taf_reader.hpp"

namespace gafcheck::taf {
namespace {

std::string format_label(std::uint8_t format) {
  if (format == format_argb4444) return "4 (ARGB4444)";
  if (format == format_argb1555) return "5 (ARGB1555)";
  return std::to_string(format);
}

void check_reserved_fields(WalkContext& context, const gaf::FrameRecord& frame) {
  Findings& findings = context.findings;
  if (frame.color_key != 0) {
    findings.add(RuleId::taf_field_nonstandard, frame.offset + frame_transparency, 1,
                 join_path(frame.path, "transparency"), [&] {
                   return "transparency byte is " + std::to_string(frame.color_key) +
                          "; 0 in every truecolor TAF (alpha lives in the pixels)";
                 });
  }
  if (frame.unknown2 != 0) {
    findings.add(RuleId::taf_field_nonstandard, frame.offset + gaf::frame_unknown2, 4,
                 join_path(frame.path, "unknown2"), [&] {
                   return "frame word at +12 is " + hex(frame.unknown2, 8) +
                          "; 0 in every truecolor TAF";
                 });
  }
  if (frame.unknown3 != 0) {
    findings.add(RuleId::taf_field_nonstandard, frame.offset + gaf::frame_unknown3, 4,
                 join_path(frame.path, "unknown3"), [&] {
                   return "frame word at +20 is " + hex(frame.unknown3, 8) +
                          "; 0 in every truecolor TAF";
                 });
  }
}

void check_frame_bytes(WalkContext& context, const gaf::FrameRecord& frame) {
  Findings& findings = context.findings;
  if (!is_truecolor_format(frame.compressed)) {
    findings.add(RuleId::taf_pixel_format_unknown, frame.offset + frame_format, 1, frame.path, [&] {
      return "format byte is " + std::to_string(frame.compressed) +
             "; truecolor TAF frames use 4 (ARGB4444) or 5 (ARGB1555)";
    });
  }
  if (frame.layer_count != 0) {
    findings.add(RuleId::taf_layers_nonzero, frame.offset + frame_layer_count, 1, frame.path, [&] {
      return "layer count byte is " + std::to_string(frame.layer_count) +
             "; truecolor TAF frames are flat bitmaps (0), a GAF reader would take the " +
             "pixels at " + hex(frame.data_offset) + " for a table of " +
             std::to_string(frame.layer_count) + " frame pointers";
    });
  }
  if (frame.alt_byte != flag_clear && frame.alt_byte != flag_set) {
    findings.add(RuleId::taf_flag_nonstandard, frame.offset + frame_flag, 1, frame.path, [&] {
      return "flag byte is " + hex(frame.alt_byte, 2) + "; only 0x00 and 0xFF are known";
    });
  }
}

// Checks the width x height x 2 pixel extent; a frame the pixel budget refuses is left unread.
void check_pixel_extent(WalkContext& context, gaf::FrameRecord& frame, TafTally& tally) {
  // Bounds are checked before budgets: a frame proven out of bounds is never read, so it charges
  // no pixels.
  const std::uint64_t pixels = std::uint64_t{frame.width} * frame.height;
  const std::uint64_t bytes = pixels * bytes_per_pixel;
  // A frame without pixels reads nothing at data_offset: only frame.empty.
  const bool in_bounds = bytes == 0 || context.file.contains(frame.data_offset, bytes);
  if (in_bounds) {
    if (!context.charge(BudgetKind::pixels, pixels, frame.offset, frame.path)) return;
    frame.data_in_bounds = true;
    tally.pixels += pixels;
  } else {
    context.findings.add(
        RuleId::frame_out_of_bounds, frame.offset + gaf::frame_data_offset, 4, frame.path, [&] {
          return "pixels " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
                 " x 2 bytes (" + std::to_string(bytes) + " bytes) at " + hex(frame.data_offset) +
                 " run past the end of the " + std::to_string(context.file.size()) + "-byte file";
        });
  }
}

}  // namespace

void read_truecolor_frames(WalkContext& context, gaf::GafIndex& index, TafTally& tally) {
  std::optional<std::uint8_t> first_format;
  bool mixed_reported = false;
  for (gaf::FrameRecord& frame : index.frames) {
    if (context.stopped()) return;
    if (!context.file.contains(frame.offset, gaf::frame_header_size)) {
      context.findings.add(RuleId::frame_out_of_bounds, frame.pointer_site, 4, frame.path, [&] {
        return "frame header at " + hex(frame.offset) + " (24 bytes) lies outside the " +
               std::to_string(context.file.size()) + "-byte file";
      });
      continue;
    }
    frame.header_in_bounds = true;
    gaf::read_frame_fields(context.file, frame);
    if (frame.width == 0 || frame.height == 0) {
      context.findings.add(RuleId::frame_empty, frame.offset, 4, frame.path, [&] {
        return "frame is " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
               ": it has no pixels";
      });
    }
    check_frame_bytes(context, frame);
    check_reserved_fields(context, frame);

    const std::uint8_t format = frame.compressed;
    if (format == format_argb4444)
      ++tally.argb4444;
    else if (format == format_argb1555)
      ++tally.argb1555;
    else
      ++tally.other_format;
    if (is_truecolor_format(format)) {
      if (!first_format) {
        first_format = format;
      } else if (*first_format != format && !mixed_reported) {
        mixed_reported = true;
        context.findings.add(
            RuleId::taf_mixed_formats, frame.offset + frame_format, 1, frame.path, [&] {
              return "format " + format_label(format) + " after earlier frames in " +
                     format_label(*first_format) + ": the file mixes pixel formats";
            });
      }
    }
    check_pixel_extent(context, frame, tally);
    if (frame.data_in_bounds && is_truecolor_format(format))
      tally_alpha(context.file, frame, tally);
  }
}

}  // namespace gafcheck::taf
