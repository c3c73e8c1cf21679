#include <set>
#include <unordered_map>

#include "validator/core/walk_context.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/provenance/rle_reencode.hpp"
#include "validator/provenance/writer_facts.hpp"
#include "validator/taf/ta3d_payload.hpp"

namespace gafcheck::provenance {
namespace {

constexpr std::string_view both_placements = "after-frame-header, after-headers";

std::string version_word(std::uint32_t value) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string text = "0x";
  for (int shift = 28; shift >= 0; shift -= 4) text += digits[(value >> shift) & 0xF];
  return text;
}

std::string uniform(const std::set<std::string>& values) {
  return values.size() == 1 ? *values.begin() : "mixed";
}

// Where the pixel data of the images lies: each right after its frame header, all of it before
// the first entry header (the sequence headers written last), or all of it after every entry and
// frame header (the headers written first).
std::string pixel_placement(const gaf::GafIndex& index,
                            const std::vector<const gaf::FrameRecord*>& images) {
  std::uint64_t first_entry = UINT64_MAX, last_header_end = 0;
  for (const gaf::EntryRecord& entry : index.entries)
    if (entry.header_in_bounds) {
      first_entry = std::min<std::uint64_t>(first_entry, entry.offset);
      last_header_end = std::max<std::uint64_t>(
          last_header_end, std::uint64_t{entry.offset} + gaf::entry_header_size +
                               std::uint64_t{entry.ref_count} * gaf::frame_ref_size);
    }
  for (const gaf::FrameRecord& frame : index.frames)
    if (frame.header_in_bounds)
      last_header_end = std::max<std::uint64_t>(
          last_header_end, std::uint64_t{frame.offset} + gaf::frame_header_size +
                               (frame.is_composite() ? std::uint64_t{frame.layer_count} * 4 : 0));
  bool after_header = true, before_entries = true, after_headers = true;
  for (const gaf::FrameRecord* frame : images) {
    after_header = after_header && frame->data_offset == frame->offset + gaf::frame_header_size;
    before_entries = before_entries && frame->data_offset < first_entry;
    after_headers = after_headers && frame->data_offset >= last_header_end;
  }
  // One image right after the last header is both: a value of its own, which rows of either
  // habit list.
  if (after_header && after_headers) return std::string(both_placements);
  if (after_header) return "after-frame-header";
  if (before_entries) return "before-entries";
  if (after_headers) return "after-headers";
  return "other";
}

// The frames some composite's layer table leads to.
std::vector<bool> layer_frames(const gaf::GafIndex& index) {
  std::vector<bool> layers(index.frames.size(), false);
  for (const gaf::FrameRecord& frame : index.frames)
    for (std::uint32_t k = 0; k < frame.child_count; ++k) {
      const std::uint32_t child = index.children[frame.first_child + k];
      if (child < layers.size()) layers[child] = true;
    }
  return layers;
}

void frame_facts(const gaf::GafIndex& index, ObservedFacts& facts) {
  std::set<std::string> last_field, rle, composite_compressed, layer_rle;
  std::vector<const gaf::FrameRecord*> images;
  std::unordered_map<std::uint32_t, int> data_users;
  const std::vector<bool> layers = layer_frames(index);
  bool shared = false;
  for (std::size_t at = 0; at < index.frames.size(); ++at) {
    const gaf::FrameRecord& frame = index.frames[at];
    if (!frame.header_in_bounds) continue;
    last_field.insert(frame.unknown3 == 0 ? "zero" : "nonzero");
    if (frame.is_composite()) {
      composite_compressed.insert(frame.is_rle() ? "all" : "none");
      continue;
    }
    if (layers[at]) layer_rle.insert(frame.is_rle() ? "all" : "none");
    if (frame.width == 0 || frame.height == 0) continue;
    images.push_back(&frame);
    rle.insert(frame.is_rle() ? "all" : "none");
    if (++data_users[frame.data_offset] > 1) shared = true;
  }
  if (!last_field.empty()) facts.push_back({"gaf.frame-last-field", uniform(last_field)});
  if (!rle.empty()) facts.push_back({"gaf.rle", uniform(rle)});
  if (!composite_compressed.empty())
    facts.push_back({"gaf.composite-compressed", uniform(composite_compressed)});
  if (!layer_rle.empty()) facts.push_back({"gaf.layer-rle", uniform(layer_rle)});
  if (!images.empty()) facts.push_back({"gaf.pixel-placement", pixel_placement(index, images)});
  if (shared) facts.push_back({"gaf.shared-images", "yes"});
}

// What a TA3D truecolor file's frames hold: zlib streams (with their two header bytes, which give
// the level) or JPEGs.
void ta3d_payload_fact(ByteView file, const gaf::GafIndex& index, ObservedFacts& facts) {
  std::set<std::string> payloads;
  for (const gaf::FrameRecord& frame : index.frames) {
    if (!frame.header_in_bounds || frame.is_composite() || !frame.is_rle()) continue;
    const auto payload = taf::read_ta3d_payload(file, frame.data_offset);
    if (!payload || !payload->in_bounds) {
      payloads.insert("other");
      continue;
    }
    if (payload->encoding == taf::Ta3dEncoding::jpeg) {
      payloads.insert("jpeg");
    } else if (payload->encoding == taf::Ta3dEncoding::zlib) {
      const auto first = file.u8(payload->stream), second = file.u8(payload->stream + 1);
      static constexpr char digits[] = "0123456789abcdef";
      std::string text = "zlib";
      for (const auto byte : {first, second})
        if (byte) text += std::string{' ', digits[*byte >> 4], digits[*byte & 0xF]};
      payloads.insert(text);
    } else {
      payloads.insert("other");
    }
  }
  if (!payloads.empty()) facts.push_back({"gaf.ta3d-payload", uniform(payloads)});
}

}  // namespace

std::optional<ObservedFacts> gaf_writer_facts(ByteView file, const BudgetLimits& limits) {
  StructureOnlyWalk walk(file, limits);
  const gaf::GafIndex index = gaf::read_gaf_structure(walk.context());
  if (walk.budget().first_hit()) return std::nullopt;
  return gaf_writer_facts(file, index, limits);
}

ObservedFacts gaf_writer_facts(ByteView file, const gaf::GafIndex& index,
                               const BudgetLimits& limits) {
  ObservedFacts facts;
  if (!index.header.present) return facts;
  facts.push_back({"gaf.version", version_word(index.header.version)});
  std::set<std::string> entry_unknown, loop_word;
  for (const gaf::EntryRecord& entry : index.entries)
    if (entry.header_in_bounds) {
      entry_unknown.insert(std::to_string(entry.unknown));
      loop_word.insert(std::to_string(entry.loop_word));
    }
  if (!entry_unknown.empty()) facts.push_back({"gaf.entry-unknown", uniform(entry_unknown)});
  if (!loop_word.empty()) facts.push_back({"gaf.entry-loop-word", uniform(loop_word)});
  frame_facts(index, facts);
  // A TA3D truecolor file's compressed frames are zlib streams or JPEGs, not RLE rows.
  if (index.header.version == gaf::version_ta3d) {
    ta3d_payload_fact(file, index, facts);
  } else {
    const Reencodings reencoded = reencode_rle_rows(file, index, limits[BudgetKind::pixels]);
    for (const auto& [fact, outcome] :
         {std::pair{"gaf.rle-rows-as-gafexplode", reencoded.gafexplode},
          std::pair{"gaf.rle-rows-as-kbot-io", reencoded.kbot_io},
          std::pair{"gaf.rle-rows-as-gafcheck", reencoded.gafcheck},
          std::pair{"gaf.rle-rows-exact", reencoded.well_formed}})
      if (outcome != Reencoding::not_checked)
        facts.push_back({fact, outcome == Reencoding::matches ? "yes" : "no"});
  }
  return facts;
}

}  // namespace gafcheck::provenance
