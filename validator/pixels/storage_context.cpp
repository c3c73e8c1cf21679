// Storage context (docs/format/gaf.md §3.1): unit textures (textures/*.gaf) and anims/vismasks.gaf
// are read by the engine as plain width x height arrays, so a compressed or composite frame there
// is drawn from its row counts and commands, or its layer pointer table, as if they were pixels.
#include <algorithm>
#include <cctype>

#include "validator/core/text.hpp"
#include "validator/gaf/entry_names.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/pixels/gaf_pixel_stages.hpp"

namespace gafcheck::pixels {
namespace {

bool equals_folded(std::string_view text, std::string_view lower) {
  return text.size() == lower.size() &&
         std::equal(text.begin(), text.end(), lower.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

// Why the frame cannot be read as a plain array, or empty when it can.
std::string raw_reader_problem(const gaf::FrameRecord& frame) {
  if (frame.is_composite())
    return "composite (" + std::to_string(frame.layer_count) +
           " layers): the engine reads its layer pointer table as pixels";
  if (frame.is_rle())
    return "RLE-compressed (compressed byte " + std::to_string(frame.compressed) +
           "): the engine reads its row counts and commands as pixels";
  return {};
}

}  // namespace

RawArrayReader raw_array_reader(std::string_view engine_path) {
  std::size_t start = 0;
  while (true) {
    const std::size_t stop = engine_path.find_first_of("/\\", start);
    const std::string_view component = engine_path.substr(start, stop - start);
    if (stop == std::string_view::npos)
      return equals_folded(component, "vismasks.gaf") ? RawArrayReader::visibility_masks
                                                      : RawArrayReader::none;
    if (equals_folded(component, "textures")) return RawArrayReader::textures_directory;
    start = stop + 1;
  }
}

void check_storage_context(WalkContext& context, const gaf::GafIndex& index,
                           std::string_view engine_path) {
  // The message says why from the name's context alone, never quoting the name: equal bytes in
  // equal contexts are checked once (archive members) and must get equal findings.
  std::string_view why;
  switch (raw_array_reader(engine_path)) {
    case RawArrayReader::none: return;
    case RawArrayReader::textures_directory:
      why = "the engine reads every file under a textures directory";
      break;
    case RawArrayReader::visibility_masks: why = "the engine reads vismasks.gaf"; break;
  }
  for (const gaf::EntryRecord& entry : index.entries) {
    if (entry.alias_of != gaf::no_index) continue;
    std::uint32_t bad = 0;
    std::uint32_t first = 0;
    for (std::uint32_t j = 0; j < entry.ref_count; ++j) {
      const std::uint32_t frame = index.refs[entry.first_ref + j].frame;
      if (frame == gaf::no_index || !index.frames[frame].header_in_bounds) continue;
      if (raw_reader_problem(index.frames[frame]).empty()) continue;
      if (bad++ == 0) first = j;
    }
    if (bad == 0) continue;
    const gaf::FrameRecord& frame = index.frames[index.refs[entry.first_ref + first].frame];
    const std::uint64_t site =
        frame.offset + (frame.is_composite() ? gaf::frame_layer_count : gaf::frame_compressed);
    std::string message = "frame is " + raw_reader_problem(frame) + ", because " +
                          std::string(why) + " as plain width x height arrays";
    if (bad > 1 || entry.ref_count > 1)
      message += " (" + std::to_string(bad) + " of the " + std::to_string(entry.ref_count) +
                 " frames of entry '" + gaf::entry_display_name(entry) + "')";
    context.findings.add(RuleId::storage_raw_required, site, 1,
                         join_indexed(indexed("entry", entry.slot), "frame", first),
                         std::move(message));
  }
}

}  // namespace gafcheck::pixels
