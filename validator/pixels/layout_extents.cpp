// The byte-extent map of a GAF-layout file (docs/format/gaf.md §5): every structure the index holds
// and every payload extent the caller names, then shared, overlapping and unclaimed bytes.
#include "validator/pixels/layout_extents.hpp"

#include <algorithm>

#include "validator/core/text.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/pixels/extent_findings.hpp"

namespace gafcheck::pixels {
namespace {

std::vector<Extent> collect_extents(const gaf::GafIndex& index, const PayloadExtentOf& payload_of,
                                    const LayoutExtentOptions& options) {
  std::vector<Extent> extents;
  extents.reserve(2 + 2 * index.entries.size() + 2 * index.frames.size());
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
    std::optional<Extent> payload = payload_of(i, frame);
    if (!payload || payload->length == 0) continue;
    payload->owner = i;
    extents.push_back(*payload);
  }
  // A layer table shared by several composites is one table (composite.table-shared reports it):
  // keep the longest at each offset. In place, so nothing is allocated.
  const auto tables = std::partition(extents.begin(), extents.end(), [](const Extent& extent) {
    return extent.kind != ExtentKind::layer_table;
  });
  std::sort(tables, extents.end(), [](const Extent& a, const Extent& b) {
    return a.offset != b.offset   ? a.offset < b.offset
           : a.length != b.length ? a.length > b.length
                                  : a.owner < b.owner;
  });
  extents.erase(std::unique(tables, extents.end(),
                            [](const Extent& a, const Extent& b) { return a.offset == b.offset; }),
                extents.end());
  // A table longer than the file (header.truncated) runs into whatever follows it: only the
  // slots before the next structure count as table.
  std::uint64_t table_end =
      gaf::header_size + std::uint64_t{index.header.walked_slots} * gaf::entry_slot_size;
  if ((index.header.entry_count_word & options.slot_count_mask) > index.header.walked_slots)
    for (const Extent& extent : extents)
      if (extent.offset >= gaf::header_size) table_end = std::min(table_end, extent.offset);
  extents.push_back({gaf::header_size, table_end - gaf::header_size, ExtentKind::entry_table, 0});
  return extents;
}

void report_shared(WalkContext& context, const ExtentMap& map, const ExtentNames& names) {
  for (const SharedPixels& group : map.shared) {
    const Extent& extent = map.sorted[group.first];
    std::string users;
    for (std::size_t k = 0; k < group.count && k < 3; ++k)
      users += (k ? ", " : "") + names.path(map.sorted[group.first + k]);
    if (group.count > 3) users += ", ...";
    context.findings.add(
        RuleId::extent_shared_pixels, extent.offset, extent.length, names.path(extent), [&] {
          return names.kind(extent) + " at " + byte_range(extent.offset, extent.length) +
                 " are used by " + std::to_string(group.count) + " frame headers (" + users +
                 "); retail art shares pixels like this, each header is rebased once";
        });
  }
}

// Structures whose pointers the retail loader rebases in place after loading.
bool relocated(ExtentKind kind) {
  return kind == ExtentKind::entry_table || kind == ExtentKind::frame_table ||
         kind == ExtentKind::frame_header || kind == ExtentKind::layer_table;
}

void report_pixel_overlaps(WalkContext& context, const ExtentMap& map, const ExtentNames& names,
                           const LayoutExtentOptions& options) {
  for (const ExtentOverlap& overlap : map.pixel_overlaps) {
    const Extent& pixels = map.sorted[overlap.pixels];
    const Extent& other = map.sorted[overlap.other];
    context.findings.add(
        RuleId::extent_overlap, overlap.offset, overlap.length, names.path(pixels), [&] {
          return names.kind(pixels) + " at " + byte_range(pixels.offset, pixels.length) +
                 " share " + std::to_string(overlap.length) + " bytes with the different " +
                 names.kind(other) + " of " + names.path(other) + " at " +
                 byte_range(other.offset, other.length) +
                 "; retail art never overlaps extents partly";
        });
  }
  for (const ExtentOverlap& overlap : map.structure_overlaps) {
    const Extent& pixels = map.sorted[overlap.pixels];
    const Extent& structure = map.sorted[overlap.other];
    context.findings.add(
        RuleId::extent_overlaps_structure, overlap.offset, overlap.length, names.path(pixels), [&] {
          std::string message =
              names.kind(pixels) + " at " + byte_range(pixels.offset, pixels.length) + " cover " +
              std::to_string(overlap.length) + " bytes of the " + names.described(structure) +
              ": the frame draws structure bytes as pixels";
          if (relocated(structure.kind))
            message += options.rebasing_established
                           ? ", and the loader rewrites that structure's pointers in place, so "
                             "the game draws different bytes than the file holds"
                           : ", and a loader that rebases pointers in place (as TA's does) "
                             "draws different bytes than the file holds";
          return message;
        });
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

std::string byte_range(std::uint64_t offset, std::uint64_t length) {
  return hex(offset) + ".." + hex(offset + length - 1) + " (" + std::to_string(length) +
         (length == 1 ? " byte)" : " bytes)");
}

std::string ExtentNames::kind(const Extent& extent) const {
  if (extent.kind == ExtentKind::entry_table) return std::string(options_.slot_name) + " table";
  if (extent.kind == ExtentKind::entry_header) return std::string(options_.slot_name) + " header";
  return std::string(extent_kind_name(extent.kind));
}

std::string ExtentNames::path(const Extent& extent) const {
  switch (extent.kind) {
    case ExtentKind::file_header: return "header";
    case ExtentKind::entry_table: return "entry_table";
    case ExtentKind::entry_header: return indexed("entry", index_.entries[extent.owner].slot);
    case ExtentKind::frame_table:
      return join_path(indexed("entry", index_.entries[extent.owner].slot), "frames");
    case ExtentKind::layer_table: return join_path(index_.frames[extent.owner].path, "layers");
    default: return index_.frames[extent.owner].path;
  }
}

std::string ExtentNames::described(const Extent& extent) const {
  // The file header's structure path is "header": naming it twice reads badly.
  const std::string named =
      extent.kind == ExtentKind::file_header ? kind(extent) : kind(extent) + " " + path(extent);
  return named + " at " + byte_range(extent.offset, extent.length);
}

ExtentMap layout_extent_map(const gaf::GafIndex& index, const PayloadExtentOf& payload_of,
                            const LayoutExtentOptions& options, std::uint64_t file_size) {
  return map_extents(collect_extents(index, payload_of, options), file_size);
}

void check_layout_extents(WalkContext& context, const gaf::GafIndex& index,
                          const PayloadExtentOf& payload_of, const LayoutExtentOptions& options,
                          Counters& summary) {
  if (!index.header.present) return;  // nothing to map in a file without a header
  const std::uint64_t count = 2 + 2 * index.entries.size() + 2 * index.frames.size();
  // The extents (and the sort's buffer) and the sweep's index arrays; the overlapping part of a
  // hostile file is charged when it is found (report_structure_overlaps).
  if (!context.charge_heap(count, 2 * sizeof(Extent) + 2 * sizeof(std::size_t), 0, "extents"))
    return;
  const ExtentMap map =
      map_extents(collect_extents(index, payload_of, options), context.file.size());
  const ExtentNames names(index, options);
  report_shared(context, map, names);
  report_pixel_overlaps(context, map, names, options);
  report_structure_overlaps(context, index, map, names, options);
  report_slack(context, map);
  summary.add("coverage.claimed", map.claimed);
  summary.add("coverage.slack", map.slack_bytes);
  summary.add("coverage.extents", map.sorted.size());
}

}  // namespace gafcheck::pixels
