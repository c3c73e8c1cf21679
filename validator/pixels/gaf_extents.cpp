// The byte-extent map of a GAF (spec/GAF.md §5): every structure the index holds and every pixel
// extent (RLE extents end where the last row ends), then shared, overlapping and unclaimed bytes.
#include <algorithm>

#include "validator/core/text.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/pixels/extent_map.hpp"
#include "validator/pixels/gaf_pixel_stages.hpp"

namespace gafcheck::pixels {
namespace {

std::vector<Extent> collect_extents(const gaf::GafIndex& index,
                                    const std::vector<std::uint64_t>& rle_end) {
  std::vector<Extent> extents;
  extents.reserve(2 + 2 * index.entries.size() + 2 * index.frames.size());
  if (!index.header.present) return extents;
  extents.push_back({0, gaf::header_size, ExtentKind::file_header, 0});
  for (std::uint32_t i = 0; i < index.entries.size(); ++i) {
    const gaf::EntryRecord& entry = index.entries[i];
    if (!entry.header_in_bounds || entry.alias_of != gaf::no_index) continue;
    extents.push_back({entry.offset, gaf::entry_header_size, ExtentKind::entry_header, i});
    extents.push_back({std::uint64_t{entry.offset} + gaf::entry_header_size,
                       std::uint64_t{entry.ref_count} * gaf::frame_ref_size,
                       ExtentKind::frame_table, i});
  }
  for (std::uint32_t i = 0; i < index.frames.size(); ++i) {
    const gaf::FrameRecord& frame = index.frames[i];
    if (!frame.header_in_bounds) continue;
    extents.push_back({frame.offset, gaf::frame_header_size, ExtentKind::frame_header, i});
    if (frame.is_composite()) {
      if (frame.data_in_bounds)
        extents.push_back({frame.data_offset,
                           std::uint64_t{frame.layer_count} * gaf::layer_pointer_size,
                           ExtentKind::layer_table, i});
    } else if (frame.is_rle()) {
      if (i < rle_end.size() && rle_end[i] > frame.data_offset)
        extents.push_back(
            {frame.data_offset, rle_end[i] - frame.data_offset, ExtentKind::rle_rows, i});
    } else if (frame.data_in_bounds) {
      extents.push_back({frame.data_offset, std::uint64_t{frame.width} * frame.height,
                         ExtentKind::raw_pixels, i});
    }
  }
  // A table longer than the file (header.truncated) runs into whatever follows it: only the
  // slots before the next structure count as table.
  std::uint64_t table_end =
      gaf::header_size + std::uint64_t{index.header.walked_slots} * gaf::entry_slot_size;
  if ((index.header.entry_count_word & 0xFFFF) > index.header.walked_slots)
    for (const Extent& extent : extents)
      if (extent.offset >= gaf::header_size) table_end = std::min(table_end, extent.offset);
  extents.push_back({gaf::header_size, table_end - gaf::header_size, ExtentKind::entry_table, 0});
  return extents;
}

std::string owner_path(const gaf::GafIndex& index, const Extent& extent) {
  switch (extent.kind) {
    case ExtentKind::file_header: return "header";
    case ExtentKind::entry_table: return "entry_table";
    case ExtentKind::entry_header: return indexed("entry", index.entries[extent.owner].slot);
    case ExtentKind::frame_table:
      return join_path(indexed("entry", index.entries[extent.owner].slot), "frames");
    default: return index.frames[extent.owner].path;
  }
}

std::string range(const Extent& extent) {
  return hex(extent.offset) + ".." + hex(extent.end() - 1) + " (" + std::to_string(extent.length) +
         " bytes)";
}

// Structures whose pointers the retail loader rebases in place after loading.
bool relocated(ExtentKind kind) {
  return kind == ExtentKind::entry_table || kind == ExtentKind::frame_table ||
         kind == ExtentKind::frame_header || kind == ExtentKind::layer_table;
}

void report_shared(WalkContext& context, const gaf::GafIndex& index, const ExtentMap& map) {
  for (const SharedPixels& group : map.shared) {
    const Extent& extent = map.sorted[group.first];
    std::string users;
    for (std::size_t k = 0; k < group.count && k < 3; ++k)
      users += (k ? ", " : "") + owner_path(index, map.sorted[group.first + k]);
    if (group.count > 3) users += ", ...";
    context.findings.add(
        RuleId::extent_shared_pixels, extent.offset, extent.length, owner_path(index, extent), [&] {
          return std::string(extent_kind_name(extent.kind)) + " at " + range(extent) +
                 " are used by " + std::to_string(group.count) + " frame headers (" + users +
                 "); retail art shares pixels like this, each header is rebased once";
        });
  }
}

void report_overlaps(WalkContext& context, const gaf::GafIndex& index, const ExtentMap& map) {
  for (const ExtentOverlap& overlap : map.pixel_overlaps) {
    const Extent& pixels = map.sorted[overlap.pixels];
    const Extent& other = map.sorted[overlap.other];
    context.findings.add(
        RuleId::extent_overlap, overlap.offset, overlap.length, owner_path(index, pixels), [&] {
          return std::string(extent_kind_name(pixels.kind)) + " at " + range(pixels) + " share " +
                 std::to_string(overlap.length) + " bytes with the different " +
                 std::string(extent_kind_name(other.kind)) + " of " + owner_path(index, other) +
                 " at " + range(other) + "; retail art never overlaps extents partly";
        });
  }
  for (const ExtentOverlap& overlap : map.structure_overlaps) {
    const Extent& pixels = map.sorted[overlap.pixels];
    const Extent& structure = map.sorted[overlap.other];
    std::string message = std::string(extent_kind_name(pixels.kind)) + " at " + range(pixels) +
                          " cover " + std::to_string(overlap.length) + " bytes of the " +
                          std::string(extent_kind_name(structure.kind)) + " " +
                          owner_path(index, structure) + " at " + range(structure) +
                          ": the frame draws structure bytes as pixels";
    if (relocated(structure.kind))
      message +=
          ", and the loader rewrites that structure's pointers in place, so the game draws "
          "different bytes than the file holds";
    context.findings.add(RuleId::extent_overlaps_structure, overlap.offset, overlap.length,
                         owner_path(index, pixels), std::move(message));
  }
}

void report_slack(WalkContext& context, const ExtentMap& map) {
  for (const Gap& gap : map.slack) {
    const bool trailing = gap.offset + gap.length == context.file.size();
    context.findings.add(RuleId::extent_slack, gap.offset, gap.length, "", [&] {
      return std::to_string(gap.length) + " bytes at " + hex(gap.offset) + ".." +
             hex(gap.offset + gap.length - 1) + (trailing ? " (the end of the file)" : "") +
             " belong to no structure; they begin " + hexdump(context.file, gap.offset, 16);
    });
  }
}

}  // namespace

void check_extents(WalkContext& context, const gaf::GafIndex& index,
                   const std::vector<std::uint64_t>& rle_end, Counters& summary) {
  if (!index.header.present) return;  // nothing to map in a file without a header
  const std::uint64_t count = 2 + 2 * index.entries.size() + 2 * index.frames.size();
  if (!context.charge_heap(count, 2 * sizeof(Extent) + 2 * sizeof(std::size_t), 0, "extents"))
    return;
  const ExtentMap map = map_extents(collect_extents(index, rle_end), context.file.size());
  report_shared(context, index, map);
  report_overlaps(context, index, map);
  report_slack(context, map);
  summary.add("coverage.claimed", map.claimed);
  summary.add("coverage.slack", map.slack_bytes);
  summary.add("coverage.extents", map.sorted.size());
}

}  // namespace gafcheck::pixels
