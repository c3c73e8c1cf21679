#include "validator/gaf/gaf_summary.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <vector>

namespace gafcheck::gaf {
namespace {

// Counts per byte value in a flat array, merged into the report's histogram once per file: a
// census summarises every frame of every file, and a map insert per frame cost more than the
// structure walk.
class ByteCounts {
 public:
  void add(std::uint8_t value) { ++counts_[value]; }
  void store(Histograms& survey, const char* name) const {
    Histogram* histogram = nullptr;
    for (std::size_t value = 0; value < counts_.size(); ++value) {
      if (counts_[value] == 0) continue;
      if (!histogram) histogram = &survey[name];
      (*histogram)[static_cast<std::int64_t>(value)] += counts_[value];
    }
  }

 private:
  std::array<std::uint64_t, 256> counts_{};
};

// Wider values: collected, sorted, and stored as runs (in ascending order, so a new histogram
// takes each run at its end without a search).
void store_values(std::vector<std::int64_t>& values, Histograms& survey, const char* name) {
  if (values.empty()) return;
  std::sort(values.begin(), values.end());
  Histogram& histogram = survey[name];
  for (std::size_t i = 0; i < values.size();) {
    std::size_t end = i;
    while (end < values.size() && values[end] == values[i]) ++end;
    const auto at = histogram.try_emplace(histogram.end(), values[i], 0);
    at->second += end - i;
    i = end;
  }
}

}  // namespace

void summarize_gaf(const GafIndex& index, Counters& summary, Histograms& survey) {
  summary.add("entries", static_cast<std::uint64_t>(index.header.game_entry_count));
  std::uint64_t zero_frame_entries = 0;
  for (const EntryRecord& entry : index.entries)
    if (entry.header_in_bounds && entry.alias_of == no_index && entry.frame_count == 0)
      ++zero_frame_entries;
  summary.add("frames", index.refs.size());

  ByteCounts alt_bytes, layer_counts, compression_bytes, color_keys;
  std::vector<std::int64_t> widths, heights, area_log2;
  std::uint64_t headers = 0, composites = 0, subframes = 0, raw = 0, rle = 0, unknown3 = 0;
  for (const FrameRecord& frame : index.frames) {
    if (!frame.header_in_bounds) continue;
    ++headers;
    if (frame.reached_as_subframe) ++subframes;
    if (frame.unknown3 != 0) ++unknown3;
    alt_bytes.add(frame.alt_byte);
    if (frame.is_composite()) {
      ++composites;
      layer_counts.add(frame.layer_count);
      continue;
    }
    ++(frame.is_rle() ? rle : raw);
    compression_bytes.add(frame.compressed);
    color_keys.add(frame.color_key);
    widths.push_back(frame.width);
    heights.push_back(frame.height);
    const std::uint64_t area = std::uint64_t{frame.width} * frame.height;
    area_log2.push_back(area == 0 ? -1 : std::bit_width(area) - 1);
  }
  summary.add({{"frame_headers", headers},
               {"composite_frames", composites},
               {"subframes", subframes},
               {"raw_leaves", raw},
               {"rle_leaves", rle},
               {"zero_frame_entries", zero_frame_entries},
               {"unknown3_nonzero", unknown3}});

  alt_bytes.store(survey, "alt_bytes");
  layer_counts.store(survey, "layer_counts");
  compression_bytes.store(survey, "compression_bytes");
  color_keys.store(survey, "color_keys");
  store_values(widths, survey, "widths");
  store_values(heights, survey, "heights");
  store_values(area_log2, survey, "area_log2");
  if (index.header.present) ++survey["versions"][index.header.version];
  std::vector<std::int64_t> durations;
  durations.reserve(index.refs.size());
  for (const FrameRef& ref : index.refs) durations.push_back(ref.duration);
  store_values(durations, survey, "durations");
}

}  // namespace gafcheck::gaf
