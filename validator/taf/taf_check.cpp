// The truecolor TAF check (docs/format/gaf.md §7): the shared GAF layout through the GAF entry
// reader, TAF meanings for the header, sequence and frame fields, and the summary.
#include "validator/taf/taf_check.hpp"

#include "validator/core/text.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/pixels/layout_extents.hpp"
#include "validator/taf/taf_layout.hpp"
#include "validator/taf/taf_reader.hpp"

namespace gafcheck::taf {
namespace {

void report_no_frames(WalkContext& context, const gaf::GafIndex& index) {
  if (!index.refs.empty() || !index.header.present) return;
  const gaf::EntryRecord* first = nullptr;
  for (const gaf::EntryRecord& entry : index.entries)
    if (entry.header_in_bounds && !first) first = &entry;
  if (first) {
    context.findings.add(RuleId::taf_no_frames, first->offset + gaf::entry_frame_count, 2,
                         indexed("entry", first->slot), [&] {
                           return "the sequence has frame count " +
                                  std::to_string(first->frame_count) +
                                  ": the TAF holds no frame to draw";
                         });
  } else {
    context.findings.add(RuleId::taf_no_frames, gaf::header_entry_count, 4, "header/sequence_count",
                         [&] {
                           return "no sequence header lies in the file (sequence count " +
                                  std::to_string(index.header.entry_count_word) +
                                  "): the TAF holds no frame to draw";
                         });
  }
}

// The extent map (docs/format/gaf.md §5, §7): the GAF structures, and width x height x 2 bytes of
// pixels at each frame's data_offset. TA: Kingdoms' loader is not documented to rebase pointers in
// place as TA's does, so extent.rebase-overlap takes retail `unknown` here.
void check_truecolor_extents(WalkContext& context, const gaf::GafIndex& index, Counters& summary) {
  pixels::check_layout_extents(context, index, truecolor_payload_extents(),
                               truecolor_extent_options(), summary);
}

void summarize(const gaf::GafIndex& index, const TafTally& tally, FileReport& report) {
  Counters& summary = report.summary;
  summary.add("entries", index.header.walked_slots);
  summary.add("frames", index.refs.size());
  std::uint64_t headers = 0;
  for (const gaf::FrameRecord& frame : index.frames) {
    if (!frame.header_in_bounds) continue;
    ++headers;
    ++report.survey["taf_formats"][frame.compressed];
    ++report.survey["taf_flags"][frame.alt_byte];
    ++report.survey["taf_widths"][frame.width];
    ++report.survey["taf_heights"][frame.height];
  }
  for (const gaf::FrameRef& ref : index.refs) ++report.survey["taf_durations"][ref.duration];
  summary.add("frame_headers", headers);
  summary.add("formats.argb4444", tally.argb4444);
  summary.add("formats.argb1555", tally.argb1555);
  summary.add("formats.other", tally.other_format);
  summary.add("pixels", tally.pixels);
  summary.add("alpha.transparent", tally.transparent);
  summary.add("alpha.opaque", tally.opaque);
  summary.add("alpha.soft", tally.soft);
  // Present in every truecolor TAF document, as in GAF ones.
  for (const char* key : {"coverage.claimed", "coverage.slack", "coverage.extents"})
    summary.add(key, 0);
}

}  // namespace

pixels::PayloadExtentOf truecolor_payload_extents() {
  return [](std::uint32_t, const gaf::FrameRecord& frame) -> std::optional<pixels::Extent> {
    if (!frame.data_in_bounds) return std::nullopt;
    return pixels::Extent{frame.data_offset,
                          std::uint64_t{frame.width} * frame.height * bytes_per_pixel,
                          pixels::ExtentKind::truecolor_pixels};
  };
}

pixels::LayoutExtentOptions truecolor_extent_options() {
  return {.slot_name = "sequence", .slot_count_mask = 0xFFFFFFFF, .rebasing_established = false};
}

void check_truecolor_taf(WalkContext& context, FileReport& report) {
  gaf::GafIndex index;
  TafTally tally;
  read_counted_header(context, index, "sequence");
  check_truecolor_header(context, index);
  if (index.header.walked_slots > 0 && !context.stopped()) {
    gaf::read_entries(context, index);
    check_truecolor_sequences(context, index);
  }
  if (!context.stopped()) read_truecolor_frames(context, index, tally);
  // Frames the pixel budget refused, and tables a budget left unread, are not in the extent map:
  // the map would be partial.
  if (!context.stopped() && !context.budget.hit(BudgetKind::pixels) &&
      !context.budget.left_tables_unread())
    check_truecolor_extents(context, index, report.summary);
  if (!context.stopped() && !context.budget.left_tables_unread()) report_no_frames(context, index);
  summarize(index, tally, report);
}

}  // namespace gafcheck::taf
