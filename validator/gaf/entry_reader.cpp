// Entries (docs/format/gaf.md §2): the entry table's slots, entry headers and frame-reference
// tables.
#include <string_view>
#include <unordered_map>

#include "validator/core/text.hpp"
#include "validator/gaf/entry_names.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/gaf/structure_reader.hpp"

namespace gafcheck::gaf {
namespace {

// Registers a pointer to a frame header (from a frame reference or a layer table) and returns
// the frame's index, creating its record on first reach. A pointer's structure path is kept only
// for the first and second reach of a header, so it is built (make_path) only then: a table of
// thousands of pointers at a few headers costs no string per pointer.
template <typename MakePath>
std::uint32_t reach_frame(GafIndex& index, std::uint64_t header_offset, std::uint64_t pointer_site,
                          const MakePath& make_path, bool as_subframe) {
  auto [slot, inserted] = index.frame_by_offset.try_emplace(
      header_offset, static_cast<std::uint32_t>(index.frames.size()));
  if (inserted) {
    FrameRecord& frame = index.frames.emplace_back();
    frame.offset = header_offset;
    frame.pointer_site = pointer_site;
    frame.path = make_path();
  }
  FrameRecord& frame = index.frames[slot->second];
  if (++frame.references == 2) frame.second_path = make_path();
  (as_subframe ? frame.reached_as_subframe : frame.reached_from_entry) = true;
  return slot->second;
}

void read_frame_refs(WalkContext& context, GafIndex& index, EntryRecord& entry,
                     const std::string& entry_path, bool durations) {
  const ByteView& file = context.file;
  const std::uint64_t table = std::uint64_t{entry.offset} + entry_header_size;
  const std::uint64_t table_bytes = std::uint64_t{entry.frame_count} * frame_ref_size;
  if (!file.contains(table, table_bytes)) {
    context.findings.add(RuleId::entry_out_of_bounds, entry.offset, entry_header_size,
                         join_path(entry_path, "frames"), [&] {
                           return "frame table of " + std::to_string(entry.frame_count) +
                                  " references (" + std::to_string(table_bytes) + " bytes) at " +
                                  hex(table) + " runs past the end of the file (" +
                                  std::to_string(file.size()) + " bytes)";
                         });
    return;
  }
  if (!context.charge(BudgetKind::frame_refs, entry.frame_count, entry.offset, entry_path)) return;
  if (!context.charge_heap(entry.frame_count, sizeof(FrameRef) + sizeof(FrameRecord) + 64,
                           entry.offset, entry_path))
    return;
  entry.first_ref = static_cast<std::uint32_t>(index.refs.size());
  entry.ref_count = entry.frame_count;
  for (std::uint32_t j = 0; j < entry.frame_count; ++j) {
    const std::uint64_t site = table + j * frame_ref_size;
    const auto path = [&] { return join_indexed(entry_path, "frame", j); };
    FrameRef ref;
    ref.header_offset = *file.u32le(site);
    ref.duration = *file.u32le(site + frame_ref_duration);
    if (durations && ref.duration == 0) {
      context.findings.add(RuleId::frame_duration_zero, site + frame_ref_duration, 4, path, [] {
        return std::string("duration is 0 ticks; the game shows the frame for one tick");
      });
    } else if (durations && ref.duration > 0xFFFF) {
      context.findings.add(RuleId::frame_duration_high_bits, site + frame_ref_duration, 4, path,
                           [&] {
                             return "duration word is " + hex(ref.duration, 8) +
                                    "; retail durations are 1-10 ticks and only the low 16 bits (" +
                                    std::to_string(ref.duration & 0xFFFF) + ") are used";
                           });
    }
    ref.frame = reach_frame(index, ref.header_offset, site, path, false);
    index.refs.push_back(ref);
  }
}

}  // namespace

std::uint32_t reach_layer_frame(GafIndex& index, std::uint64_t header_offset,
                                std::uint64_t pointer_site, std::string_view table_path,
                                std::uint64_t layer) {
  const auto path = [&] { return join_indexed(table_path, "layer", layer); };
  return reach_frame(index, header_offset, pointer_site, path, true);
}

void read_entries(WalkContext& context, GafIndex& index, bool durations) {
  const ByteView& file = context.file;
  const std::uint32_t slots = index.header.walked_slots;
  if (!context.charge_heap(slots, sizeof(EntryRecord) + 32, header_entry_count, "entry_table"))
    return;
  index.entries.reserve(slots);
  std::unordered_map<std::uint32_t, std::uint32_t> slot_by_offset;
  slot_by_offset.reserve(slots);

  for (std::uint32_t i = 0; i < slots && !context.stopped(); ++i) {
    const std::uint64_t site = header_size + i * entry_slot_size;
    const std::string path = indexed("entry", i);
    EntryRecord& entry = index.entries.emplace_back();
    entry.slot = i;
    entry.offset = *file.u32le(site);
    entry.loaded_by_game = static_cast<std::int32_t>(i) < index.header.game_entry_count;

    const auto [first, inserted] = slot_by_offset.try_emplace(entry.offset, i);
    if (!inserted) {
      entry.alias_of = first->second;
      context.findings.add(RuleId::entry_alias, site, entry_slot_size, path, [&] {
        return "slot " + std::to_string(i) + " points at entry " + hex(entry.offset) +
               " like slot " + std::to_string(entry.alias_of) +
               "; the game rebases that entry's pointers twice";
      });
      continue;
    }
    if (!file.contains(entry.offset, entry_header_size)) {
      context.findings.add(RuleId::entry_out_of_bounds, site, entry_slot_size, path, [&] {
        return "entry header at " + hex(entry.offset) + " (40 bytes) lies outside the " +
               std::to_string(file.size()) + "-byte file";
      });
      continue;
    }
    entry.header_in_bounds = true;
    static_cast<EntryHeader&>(entry) = read_entry_header(file, entry.offset);
    if (entry.frame_count == 0) {
      context.findings.add(RuleId::entry_no_frames, entry.offset + entry_frame_count, 2, path, [&] {
        return "entry '" + entry_display_name(entry) + "' has no frames";
      });
    }
    read_frame_refs(context, index, entry, path, durations);
  }
  check_entry_names(context, index);
}

}  // namespace gafcheck::gaf
