// Checks that need every frame's reach known: shared headers (docs/format/gaf.md §5) and byte +11
// (docs/format/gaf.md §3), whose meaning depends on whether a header is a top-level frame or a
// subframe.
#include "validator/core/text.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/gaf/structure_reader.hpp"

namespace gafcheck::gaf {

void check_frame_sharing(WalkContext& context, const GafIndex& index) {
  for (const FrameRecord& frame : index.frames) {
    if (frame.references > 1) {
      const bool in_file = frame.header_in_bounds;
      context.findings.add(RuleId::frame_header_shared, in_file ? frame.offset : frame.pointer_site,
                           in_file ? frame_header_size : 4, frame.path, [&] {
                             return "frame header at " + hex(frame.offset) + " is reached " +
                                    std::to_string(frame.references) + " times (" + frame.path +
                                    ", " + frame.second_path +
                                    (frame.references > 2 ? ", ..." : "") +
                                    "); the game rebases its data pointer each time";
                           });
    }
    if (!frame.header_in_bounds || frame.alt_byte == 0) continue;
    const std::uint64_t site = frame.offset + frame_alt_byte;
    if (frame.reached_from_entry) {
      const unsigned misread = frame.layer_count | (unsigned{frame.alt_byte} << 8);
      context.findings.add(RuleId::layer_count_misread_256, site, 1, frame.path, [&] {
        return "byte +11 is " + hex(frame.alt_byte, 2) + ": the game reads " +
               std::to_string(frame.layer_count) + " layers, a 16-bit reader reads " +
               std::to_string(misread);
      });
    }
    if (frame.reached_as_subframe) {
      context.findings.add(RuleId::layer_alt_blend, site, 1, frame.path, [&] {
        return "byte +11 is " + hex(frame.alt_byte, 2) +
               " on a subframe: the game draws this layer through the translucent "
               "blit path, never used in retail art";
      });
    }
  }
}

}  // namespace gafcheck::gaf
