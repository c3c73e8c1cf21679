// TA3D's truecolor GAF (version 0x00010101; not in the format documents): recognised, flagged
// as foreign, and checked only as far as the GAF layout it shares — header, entries, frame
// headers and payload offsets. Its payloads (zlib RGBA or JPEG) are not decoded, so the GAF
// pixel, compression and layer rules are not applied: one warning, not a storm.
#include "validator/core/text.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/taf/taf_check.hpp"
#include "validator/taf/taf_reader.hpp"

namespace gafcheck::taf {
namespace {

void read_ta3d_frames(WalkContext& context, gaf::GafIndex& index) {
  const ByteView& file = context.file;
  for (gaf::FrameRecord& frame : index.frames) {
    if (!file.contains(frame.offset, gaf::frame_header_size)) {
      context.findings.add(RuleId::frame_out_of_bounds, frame.pointer_site, 4, frame.path, [&] {
        return "frame header at " + hex(frame.offset) + " (24 bytes) lies outside the " +
               std::to_string(file.size()) + "-byte file";
      });
      continue;
    }
    frame.header_in_bounds = true;
    gaf::read_frame_fields(file, frame);
    frame.data_in_bounds = frame.data_offset < file.size();
    if (!frame.data_in_bounds) {
      context.findings.add(
          RuleId::frame_out_of_bounds, frame.offset + gaf::frame_data_offset, 4, frame.path, [&] {
            return "payload offset " + hex(frame.data_offset) + " lies past the end of the " +
                   std::to_string(file.size()) + "-byte file";
          });
    }
  }
}

}  // namespace

void check_ta3d_gaf(WalkContext& context, FileReport& report) {
  context.findings.add(
      RuleId::format_foreign_variant, gaf::header_version, 4, "header/version", [&] {
        return "version word " + hex(gaf::version_ta3d, 8) +
               " marks TA3D's truecolor GAF (zlib or JPEG frame payloads): the TA "
               "and TA: Kingdoms engines cannot load it; checked as far as the GAF "
               "layout goes";
      });
  gaf::GafIndex index;
  read_counted_header(context, index, "entry");
  if (index.header.walked_slots > 0 && !context.stopped()) gaf::read_entries(context, index);
  if (!context.stopped()) read_ta3d_frames(context, index);

  report.summary.add("entries", index.header.walked_slots);
  report.summary.add("frames", index.refs.size());
  std::uint64_t headers = 0;
  for (const gaf::FrameRecord& frame : index.frames) {
    if (!frame.header_in_bounds) continue;
    ++headers;
    ++report.survey["ta3d_format_bytes"][frame.compressed];
  }
  report.summary.add("frame_headers", headers);
}

}  // namespace gafcheck::taf
