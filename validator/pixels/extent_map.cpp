#include "validator/pixels/extent_map.hpp"

#include <algorithm>
#include <tuple>

namespace gafcheck::pixels {
namespace {

// Pixel extents that overlap an earlier, different pixel extent. One sweep in offset order keeps
// the earlier extent reaching furthest; any later extent starting before that reach overlaps it.
void find_pixel_overlaps(ExtentMap& map) {
  std::uint64_t reach = 0;
  std::size_t reacher = 0;
  bool any = false;
  for (std::size_t i = 0; i < map.sorted.size(); ++i) {
    const Extent& extent = map.sorted[i];
    if (!is_pixels(extent.kind)) continue;
    const bool identical_to_previous = i > 0 && is_pixels(map.sorted[i - 1].kind) &&
                                       map.sorted[i - 1].offset == extent.offset &&
                                       map.sorted[i - 1].length == extent.length;
    if (identical_to_previous) {
      map.shared.back().count++;
      continue;
    }
    map.shared.push_back({i, 1});
    if (any && extent.offset < reach) {
      const std::uint64_t common = std::min(reach, extent.end()) - extent.offset;
      map.pixel_overlaps.push_back({i, reacher, extent.offset, common});
    }
    if (!any || extent.end() > reach) {
      reach = extent.end();
      reacher = i;
      any = true;
    }
  }
  std::erase_if(map.shared, [](const SharedPixels& group) { return group.count < 2; });
}

// Pixel extents overlapping a structure. With structures in offset order and a running maximum of
// their ends, a pixel extent [p, q) meets a structure iff one starting at or before p reaches
// past p, or the first one starting after p starts before q: two binary searches per extent.
void find_structure_overlaps(ExtentMap& map) {
  std::vector<std::size_t> structures;
  for (std::size_t i = 0; i < map.sorted.size(); ++i)
    if (!is_pixels(map.sorted[i].kind)) structures.push_back(i);
  if (structures.empty()) return;
  std::vector<std::size_t> furthest(structures.size());
  for (std::size_t k = 0; k < structures.size(); ++k) {
    furthest[k] = structures[k];
    if (k > 0 && map.sorted[furthest[k - 1]].end() >= map.sorted[structures[k]].end())
      furthest[k] = furthest[k - 1];
  }
  const auto start_of = [&](std::size_t k) { return map.sorted[structures[k]].offset; };
  for (std::size_t i = 0; i < map.sorted.size(); ++i) {
    const Extent& pixels = map.sorted[i];
    if (!is_pixels(pixels.kind)) continue;
    if (i > 0 && is_pixels(map.sorted[i - 1].kind) && map.sorted[i - 1].offset == pixels.offset &&
        map.sorted[i - 1].length == pixels.length)
      continue;  // reported with the first of the identical extents
    // k = number of structures starting at or before the pixel extent.
    std::size_t low = 0, high = structures.size();
    while (low < high) {
      const std::size_t middle = (low + high) / 2;
      if (start_of(middle) <= pixels.offset)
        low = middle + 1;
      else
        high = middle;
    }
    const std::size_t k = low;
    if (k > 0 && map.sorted[furthest[k - 1]].end() > pixels.offset) {
      const Extent& structure = map.sorted[furthest[k - 1]];
      const std::uint64_t common = std::min(structure.end(), pixels.end()) - pixels.offset;
      map.structure_overlaps.push_back({i, furthest[k - 1], pixels.offset, common});
    } else if (k < structures.size() && start_of(k) < pixels.end()) {
      const Extent& structure = map.sorted[structures[k]];
      const std::uint64_t common = std::min(structure.end(), pixels.end()) - structure.offset;
      map.structure_overlaps.push_back({i, structures[k], structure.offset, common});
    }
  }
}

// Structures overlapping structures. In offset order a structure meets an earlier one iff the
// earlier ones reach past its start, and a later one iff the next structure starts before its end,
// so one pass marks every structure that shares bytes. Two structures of one kind at one offset
// are one structure reached twice: other rules report that (entry.alias, frame.header-shared,
// composite.table-shared).
bool same_structure(const Extent& a, const Extent& b) {
  return a.kind == b.kind && a.offset == b.offset;
}

void mark_overlapping_structures(ExtentMap& map) {
  map.overlapping_structure.assign(map.sorted.size(), false);
  std::uint64_t reach = 0;
  std::size_t reacher = 0;
  bool any = false;
  std::size_t previous = map.sorted.size();
  for (std::size_t i = 0; i < map.sorted.size(); ++i) {
    const Extent& extent = map.sorted[i];
    if (is_pixels(extent.kind)) continue;
    if (previous < i && extent.offset < map.sorted[previous].end() &&
        !same_structure(map.sorted[previous], extent))
      map.overlapping_structure[previous] = true;
    if (any && extent.offset < reach && !same_structure(map.sorted[reacher], extent))
      map.overlapping_structure[i] = true;
    if (!any || extent.end() > reach) {
      reach = extent.end();
      reacher = i;
      any = true;
    }
    previous = i;
  }
  map.overlapping_structures = static_cast<std::size_t>(
      std::count(map.overlapping_structure.begin(), map.overlapping_structure.end(), true));
}

void find_gaps(ExtentMap& map, std::uint64_t file_size) {
  std::uint64_t covered = 0;
  const auto gap = [&](std::uint64_t from, std::uint64_t to) {
    if (to - from < min_slack) return;
    map.slack.push_back({from, to - from});
    map.slack_bytes += to - from;
  };
  for (const Extent& extent : map.sorted) {
    if (extent.offset > covered) gap(covered, extent.offset);
    if (extent.end() > covered) {
      map.claimed += extent.end() - std::max(covered, extent.offset);
      covered = extent.end();
    }
  }
  if (file_size > covered) gap(covered, file_size);
}

}  // namespace

std::vector<StructureOverlap> structure_pairs(const ExtentMap& map) {
  std::vector<StructureOverlap> pairs;
  std::uint64_t reach = 0;
  std::size_t reacher = 0;
  bool any = false;
  for (std::size_t i = 0; i < map.sorted.size(); ++i) {
    const Extent& extent = map.sorted[i];
    if (is_pixels(extent.kind)) continue;
    if (any && extent.offset < reach && !same_structure(map.sorted[reacher], extent))
      pairs.push_back({i, reacher, extent.offset, std::min(reach, extent.end()) - extent.offset});
    if (!any || extent.end() > reach) {
      reach = extent.end();
      reacher = i;
      any = true;
    }
  }
  return pairs;
}

std::string_view extent_kind_name(ExtentKind kind) {
  switch (kind) {
    case ExtentKind::file_header: return "file header";
    case ExtentKind::entry_table: return "entry table";
    case ExtentKind::entry_header: return "entry header";
    case ExtentKind::frame_table: return "frame table";
    case ExtentKind::frame_header: return "frame header";
    case ExtentKind::layer_table: return "layer table";
    case ExtentKind::raw_pixels: return "raw pixels";
    case ExtentKind::rle_rows: return "RLE rows";
    case ExtentKind::truecolor_pixels: return "16-bit pixels";
    case ExtentKind::payload: return "payload";
  }
  return "extent";
}

ExtentMap map_extents(std::vector<Extent> extents, std::uint64_t file_size) {
  ExtentMap map;
  std::erase_if(extents, [&](Extent& extent) {
    if (extent.offset >= file_size) return true;
    extent.length = std::min(extent.length, file_size - extent.offset);
    return extent.length == 0;
  });
  std::stable_sort(extents.begin(), extents.end(), [](const Extent& a, const Extent& b) {
    return std::tie(a.offset, a.length, a.kind, a.owner) <
           std::tie(b.offset, b.length, b.kind, b.owner);
  });
  map.sorted = std::move(extents);
  find_pixel_overlaps(map);
  find_structure_overlaps(map);
  mark_overlapping_structures(map);
  find_gaps(map, file_size);
  return map;
}

}  // namespace gafcheck::pixels
