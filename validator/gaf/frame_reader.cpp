// Frame headers and layer tables (docs/format/gaf.md §3-§4). Frames are read in the order they are
// first reached, so every header is read once however many pointers lead to it.
#include <unordered_map>

#include "validator/core/text.hpp"
#include "validator/gaf/entry_names.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/gaf/structure_reader.hpp"

namespace gafcheck::gaf {

void read_frame_fields(const ByteView& file, FrameRecord& frame) {
  static_cast<FrameHeader&>(frame) = read_frame_header(file, frame.offset);
}

namespace {

void check_leaf(WalkContext& context, FrameRecord& frame) {
  if (frame.compressed > 1) {
    context.findings.add(RuleId::frame_compression_nonstandard, frame.offset + frame_compressed, 1,
                         frame.path, [&] {
                           return "compression byte is " + std::to_string(frame.compressed) +
                                  "; only 0 (raw) and 1 (RLE) occur in retail (counted as RLE)";
                         });
  }
  // Bounds are checked before budgets: they cost nothing but the file size, and a frame proven
  // out of bounds is never walked, so it charges no pixels.
  const std::uint64_t pixels = std::uint64_t{frame.width} * frame.height;
  if (frame.is_rle()) {
    // Rows are walked by the pixel stage; here only the first row's count word must exist.
    const bool in_bounds = frame.height == 0 || context.file.contains(frame.data_offset, 2);
    if (!in_bounds) {
      context.findings.add(RuleId::frame_out_of_bounds, frame.offset + frame_data_offset, 4,
                           frame.path, [&] {
                             return "RLE data at " + hex(frame.data_offset) + " lies outside the " +
                                    std::to_string(context.file.size()) + "-byte file";
                           });
      return;
    }
    frame.data_in_bounds = context.charge(BudgetKind::pixels, pixels, frame.offset, frame.path);
    return;
  }
  // A frame without pixels reads nothing at data_offset (docs/format/gaf.md §3): only frame.empty.
  const bool in_bounds = pixels == 0 || context.file.contains(frame.data_offset, pixels);
  if (!in_bounds) {
    context.findings.add(
        RuleId::frame_out_of_bounds, frame.offset + frame_data_offset, 4, frame.path, [&] {
          return "raw pixels " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
                 " (" + std::to_string(pixels) + " bytes) at " + hex(frame.data_offset) +
                 " run past the end of the " + std::to_string(context.file.size()) + "-byte file";
        });
    return;
  }
  frame.data_in_bounds = context.charge(BudgetKind::pixels, pixels, frame.offset, frame.path);
}

// Reads a composite frame's layer table and reaches its children. Returns false to stop.
bool read_layer_table(WalkContext& context, GafIndex& index, std::uint32_t frame_index,
                      std::unordered_map<std::uint32_t, std::uint32_t>& table_owner) {
  const FrameRecord& frame = index.frames[frame_index];
  const std::uint64_t count = frame.layer_count;
  const std::uint64_t table = frame.data_offset;
  const std::string path = frame.path;
  if (!context.file.contains(table, count * layer_pointer_size)) {
    context.findings.add(
        RuleId::frame_out_of_bounds, frame.offset + frame_data_offset, 4, path, [&] {
          return "layer table of " + std::to_string(count) + " pointers at " + hex(table) +
                 " runs past the end of the " + std::to_string(context.file.size()) + "-byte file";
        });
    return true;
  }
  const auto [owner, inserted] = table_owner.try_emplace(frame.data_offset, frame_index);
  if (!inserted) {
    context.findings.add(RuleId::composite_table_shared, frame.offset + frame_data_offset, 4, path,
                         [&, first_owner = owner->second] {
                           return "layer table at " + hex(table) + " is also the table of " +
                                  index.frames[first_owner].path +
                                  "; the game rebases its pointers twice";
                         });
  }
  // Past the frame-reference budget the table is left unread; the other frames are still read.
  if (!context.charge(BudgetKind::frame_refs, count, frame.offset, path)) return true;
  if (!context.charge_heap(count, sizeof(std::uint32_t) + sizeof(FrameRecord) + 64, frame.offset,
                           path))
    return false;
  index.frames[frame_index].data_in_bounds = true;
  index.frames[frame_index].first_child = static_cast<std::uint32_t>(index.children.size());
  index.frames[frame_index].child_count = static_cast<std::uint32_t>(count);
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint64_t site = table + k * layer_pointer_size;
    const std::uint32_t child_offset = *context.file.u32le(site);
    const std::uint32_t child = reach_layer_frame(index, child_offset, site, path, k);
    index.children.push_back(child);
  }
  return true;
}

}  // namespace

void read_frames(WalkContext& context, GafIndex& index) {
  std::unordered_map<std::uint32_t, std::uint32_t> table_owner;
  for (std::uint32_t i = 0; i < index.frames.size() && !context.stopped(); ++i) {
    FrameRecord& frame = index.frames[i];
    if (!context.file.contains(frame.offset, frame_header_size)) {
      context.findings.add(RuleId::frame_out_of_bounds, frame.pointer_site, 4, frame.path, [&] {
        return "frame header at " + hex(frame.offset) + " (24 bytes) lies outside the " +
               std::to_string(context.file.size()) + "-byte file";
      });
      continue;
    }
    frame.header_in_bounds = true;
    read_frame_fields(context.file, frame);
    if (frame.width == 0 || frame.height == 0) {
      context.findings.add(RuleId::frame_empty, frame.offset, 4, frame.path, [&] {
        return "frame is " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
               ": it has no pixels";
      });
    }
    if (frame.is_composite()) {
      if (!read_layer_table(context, index, i, table_owner)) return;
    } else {
      check_leaf(context, frame);
    }
  }
}

}  // namespace gafcheck::gaf
