// The byte-extent map of a paletted GAF (docs/format/gaf.md §5): layer tables, raw pixels, and RLE
// extents that end where the last row ends.
#include "validator/pixels/gaf_pixel_stages.hpp"
#include "validator/pixels/layout_extents.hpp"

#include "validator/gaf/gaf_layout.hpp"

namespace gafcheck::pixels {

PayloadExtentOf gaf_payload_extents(const std::vector<std::uint64_t>& rle_end) {
  return [&rle_end](std::uint32_t i, const gaf::FrameRecord& frame) -> std::optional<Extent> {
    if (frame.is_composite()) {
      if (!frame.data_in_bounds) return std::nullopt;
      return Extent{frame.data_offset, std::uint64_t{frame.layer_count} * gaf::layer_pointer_size,
                    ExtentKind::layer_table};
    }
    if (frame.is_rle()) {
      if (i >= rle_end.size() || rle_end[i] <= frame.data_offset) return std::nullopt;
      return Extent{frame.data_offset, rle_end[i] - frame.data_offset, ExtentKind::rle_rows};
    }
    if (!frame.data_in_bounds) return std::nullopt;
    return Extent{frame.data_offset, std::uint64_t{frame.width} * frame.height,
                  ExtentKind::raw_pixels};
  };
}

void check_extents(WalkContext& context, const gaf::GafIndex& index,
                   const std::vector<std::uint64_t>& rle_end, Counters& summary) {
  const PayloadExtentOf payload_of = gaf_payload_extents(rle_end);
  LayoutExtentOptions options;
  options.game_loads = index.header.game_entry_count > 0 || index.header.walked_slots == 0;
  check_layout_extents(context, index, payload_of, options, summary);
}

}  // namespace gafcheck::pixels
