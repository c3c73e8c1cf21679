#include "validator/pixels/structure_fields.hpp"

#include <algorithm>

#include "validator/gaf/gaf_layout.hpp"

namespace gafcheck::pixels {
namespace {

std::uint64_t name_bytes_read(const gaf::GafIndex& index, const Extent& entry_header) {
  const auto& name = index.entries[entry_header.owner].name;
  const auto nul = std::find(name.begin(), name.end(), 0);
  return static_cast<std::uint64_t>(nul - name.begin()) + (nul == name.end() ? 0 : 1);
}

Field file_header_field(std::uint64_t at) {
  if (at < gaf::header_entry_count) return {"version", FieldUse::unread, 0, 4};
  // The executable reads only the low 16 bits of the count.
  if (at < gaf::header_entry_count + 2) return {"entry count", FieldUse::read, 4, 6, Retail::crash};
  if (at < gaf::header_reserved) return {"entry count high bits", FieldUse::unread, 6, 8};
  return {"reserved word", FieldUse::unread, 8, 12};
}

Field entry_header_field(const gaf::GafIndex& index, const Extent& entry, std::uint64_t at) {
  if (at < gaf::entry_loop) return {"frame count", FieldUse::read, 0, 2, Retail::crash};
  // The playback cursor reads the low byte of the loop word.
  if (at < gaf::entry_loop + 1) return {"loop flag", FieldUse::read, 2, 3, Retail::garbage};
  if (at < gaf::entry_unknown) return {"loop word high byte", FieldUse::unread, 3, 4};
  if (at < gaf::entry_name) return {"unknown word", FieldUse::unread, 4, 8};
  const std::uint64_t name_end = gaf::entry_name + name_bytes_read(index, entry);
  // A lookup by name compares up to the NUL: an overwritten name no longer matches.
  if (at < name_end) return {"name", FieldUse::read, gaf::entry_name, name_end, Retail::dropped};
  return {"name bytes after the NUL", FieldUse::unread, name_end, gaf::entry_header_size};
}

Field frame_header_field(std::uint64_t at) {
  using enum FieldUse;
  if (at < gaf::frame_x_offset)
    return {"width and height", read, 0, gaf::frame_x_offset, Retail::crash};
  if (at < gaf::frame_color_key)
    return {"origin", read, gaf::frame_x_offset, gaf::frame_color_key, Retail::garbage};
  if (at < gaf::frame_compressed)
    return {"colour key", read, gaf::frame_color_key, gaf::frame_compressed, Retail::garbage};
  if (at < gaf::frame_layer_count)
    return {"compression byte", read, gaf::frame_compressed, gaf::frame_layer_count, Retail::crash};
  if (at < gaf::frame_alt_byte)
    return {"layer count", read, gaf::frame_layer_count, gaf::frame_alt_byte, Retail::crash};
  if (at < gaf::frame_unknown2)
    return {"alt byte", read, gaf::frame_alt_byte, gaf::frame_unknown2, Retail::garbage};
  if (at < gaf::frame_data_offset)
    return {"unknown2", unread, gaf::frame_unknown2, gaf::frame_data_offset};
  if (at < gaf::frame_unknown3)
    return {"data_offset", rebased, gaf::frame_data_offset, gaf::frame_unknown3, Retail::crash};
  return {"unknown3", unread, gaf::frame_unknown3, gaf::frame_header_size};
}

}  // namespace

Field field_at(const gaf::GafIndex& index, const Extent& structure, std::uint64_t relative) {
  switch (structure.kind) {
    case ExtentKind::file_header: return file_header_field(relative);
    case ExtentKind::entry_table: {
      const std::uint64_t slot = relative - relative % pointer_word;
      return {"entry offset", FieldUse::rebased, slot, slot + pointer_word, Retail::crash};
    }
    case ExtentKind::entry_header: return entry_header_field(index, structure, relative);
    case ExtentKind::frame_table: {
      const std::uint64_t ref = relative - relative % gaf::frame_ref_size;
      if (relative - ref < gaf::frame_ref_duration)
        return {"frame-header offset", FieldUse::rebased, ref, ref + pointer_word, Retail::crash};
      return {"duration", FieldUse::read, ref + pointer_word, ref + gaf::frame_ref_size,
              Retail::garbage};
    }
    case ExtentKind::frame_header: return frame_header_field(relative);
    case ExtentKind::layer_table: {
      const std::uint64_t slot = relative - relative % pointer_word;
      return {"subframe pointer", FieldUse::rebased, slot, slot + pointer_word, Retail::crash};
    }
    default: return {"pixels", FieldUse::read, 0, structure.length, Retail::garbage};
  }
}

std::size_t used_ranges(const gaf::GafIndex& index, const Extent& structure,
                        UsedRange (&ranges)[max_used_ranges]) {
  switch (structure.kind) {
    case ExtentKind::file_header:
      ranges[0] = {gaf::header_entry_count, gaf::header_entry_count + 2};
      return 1;
    case ExtentKind::entry_header:
      ranges[0] = {0, gaf::entry_loop + 1};
      ranges[1] = {gaf::entry_name, gaf::entry_name + name_bytes_read(index, structure)};
      return ranges[1].end > ranges[1].begin ? 2 : 1;
    case ExtentKind::frame_header:
      ranges[0] = {0, gaf::frame_unknown2};
      ranges[1] = {gaf::frame_data_offset, gaf::frame_unknown3};
      return 2;
    default:  // tables: every byte is a pointer or a duration
      ranges[0] = {0, structure.length};
      return 1;
  }
}

RebasedWords rebased_words(ExtentKind kind) {
  switch (kind) {
    case ExtentKind::entry_table: return {0, pointer_word};
    case ExtentKind::frame_table: return {0, gaf::frame_ref_size};
    case ExtentKind::frame_header: return {gaf::frame_data_offset, gaf::frame_header_size};
    case ExtentKind::layer_table: return {0, pointer_word};
    default: return {0, 0};
  }
}

}  // namespace gafcheck::pixels
