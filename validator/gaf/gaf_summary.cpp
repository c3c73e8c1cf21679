#include "validator/gaf/gaf_summary.hpp"

#include <bit>

namespace gafcheck::gaf {

void summarize_gaf(const GafIndex& index, Counters& summary, Histograms& survey) {
  summary.add("entries", static_cast<std::uint64_t>(index.header.game_entry_count));
  std::uint64_t zero_frame_entries = 0;
  for (const EntryRecord& entry : index.entries)
    if (entry.header_in_bounds && entry.alias_of == no_index && entry.frame_count == 0)
      ++zero_frame_entries;
  summary.add("frames", index.refs.size());

  // Looked up once: a census summarises every frame of every file.
  Histogram& alt_bytes = survey["alt_bytes"];
  Histogram& layer_counts = survey["layer_counts"];
  Histogram& compression_bytes = survey["compression_bytes"];
  Histogram& color_keys = survey["color_keys"];
  Histogram& widths = survey["widths"];
  Histogram& heights = survey["heights"];
  Histogram& area_log2 = survey["area_log2"];
  std::uint64_t headers = 0, composites = 0, subframes = 0, raw = 0, rle = 0, unknown3 = 0;
  for (const FrameRecord& frame : index.frames) {
    if (!frame.header_in_bounds) continue;
    ++headers;
    if (frame.reached_as_subframe) ++subframes;
    if (frame.unknown3 != 0) ++unknown3;
    ++alt_bytes[frame.alt_byte];
    if (frame.is_composite()) {
      ++composites;
      ++layer_counts[frame.layer_count];
      continue;
    }
    ++(frame.is_rle() ? rle : raw);
    ++compression_bytes[frame.compressed];
    ++color_keys[frame.color_key];
    ++widths[frame.width];
    ++heights[frame.height];
    const std::uint64_t area = std::uint64_t{frame.width} * frame.height;
    ++area_log2[area == 0 ? -1 : std::bit_width(area) - 1];
  }
  summary.add("frame_headers", headers);
  summary.add("composite_frames", composites);
  summary.add("subframes", subframes);
  summary.add("raw_leaves", raw);
  summary.add("rle_leaves", rle);
  summary.add("zero_frame_entries", zero_frame_entries);
  summary.add("unknown3_nonzero", unknown3);

  // Histograms no frame used stay out of the report, as before.
  for (const char* name : {"alt_bytes", "layer_counts", "compression_bytes", "color_keys", "widths",
                           "heights", "area_log2"}) {
    const auto found = survey.find(std::string_view(name));
    if (found != survey.end() && found->second.empty()) survey.erase(found);
  }
  if (index.header.present) ++survey["versions"][index.header.version];
  if (!index.refs.empty()) {
    Histogram& durations = survey["durations"];
    for (const FrameRef& ref : index.refs) ++durations[ref.duration];
  }
}

}  // namespace gafcheck::gaf
