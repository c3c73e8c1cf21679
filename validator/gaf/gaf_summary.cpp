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

  std::uint64_t headers = 0, composites = 0, subframes = 0, raw = 0, rle = 0, unknown3 = 0;
  for (const FrameRecord& frame : index.frames) {
    if (!frame.header_in_bounds) continue;
    ++headers;
    if (frame.reached_as_subframe) ++subframes;
    if (frame.unknown3 != 0) ++unknown3;
    ++survey["alt_bytes"][frame.alt_byte];
    if (frame.is_composite()) {
      ++composites;
      ++survey["layer_counts"][frame.layer_count];
      continue;
    }
    ++(frame.is_rle() ? rle : raw);
    ++survey["compression_bytes"][frame.compressed];
    ++survey["color_keys"][frame.color_key];
    ++survey["widths"][frame.width];
    ++survey["heights"][frame.height];
    const std::uint64_t area = std::uint64_t{frame.width} * frame.height;
    ++survey["area_log2"][area == 0 ? -1 : std::bit_width(area) - 1];
  }
  summary.add("frame_headers", headers);
  summary.add("composite_frames", composites);
  summary.add("subframes", subframes);
  summary.add("raw_leaves", raw);
  summary.add("rle_leaves", rle);
  summary.add("zero_frame_entries", zero_frame_entries);
  summary.add("unknown3_nonzero", unknown3);

  if (index.header.present) ++survey["versions"][index.header.version];
  for (const FrameRef& ref : index.refs) ++survey["durations"][ref.duration];
}

}  // namespace gafcheck::gaf
