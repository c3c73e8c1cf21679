#include <set>
#include <unordered_map>

#include "validator/core/walk_context.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/provenance/writer_facts.hpp"

namespace gafcheck::provenance {
namespace {

std::string version_word(std::uint32_t value) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string text = "0x";
  for (int shift = 28; shift >= 0; shift -= 4) text += digits[(value >> shift) & 0xF];
  return text;
}

std::string uniform(const std::set<std::string>& values) {
  return values.size() == 1 ? *values.begin() : "mixed";
}

// Where the pixel data of the top-level frames lies: each right after its frame header, or all of
// it before the first entry header (the sequence headers written last).
std::string pixel_placement(const gaf::GafIndex& index,
                            const std::vector<const gaf::FrameRecord*>& images) {
  std::uint64_t first_entry = UINT64_MAX;
  for (const gaf::EntryRecord& entry : index.entries)
    if (entry.header_in_bounds) first_entry = std::min<std::uint64_t>(first_entry, entry.offset);
  bool after_header = true, before_entries = true;
  for (const gaf::FrameRecord* frame : images) {
    after_header = after_header && frame->data_offset == frame->offset + gaf::frame_header_size;
    before_entries = before_entries && frame->data_offset < first_entry;
  }
  if (after_header) return "after-frame-header";
  if (before_entries) return "before-entries";
  return "other";
}

void frame_facts(const gaf::GafIndex& index, ObservedFacts& facts) {
  std::set<std::string> last_field, rle, composite_compressed;
  std::vector<const gaf::FrameRecord*> images;
  std::unordered_map<std::uint32_t, int> data_users;
  bool shared = false;
  for (const gaf::FrameRecord& frame : index.frames) {
    if (!frame.header_in_bounds) continue;
    last_field.insert(frame.unknown3 == 0 ? "zero" : "nonzero");
    if (frame.is_composite()) {
      composite_compressed.insert(frame.is_rle() ? "all" : "none");
      continue;
    }
    if (frame.width == 0 || frame.height == 0) continue;
    images.push_back(&frame);
    rle.insert(frame.is_rle() ? "all" : "none");
    if (++data_users[frame.data_offset] > 1) shared = true;
  }
  if (!last_field.empty()) facts.push_back({"gaf.frame-last-field", uniform(last_field)});
  if (!rle.empty()) facts.push_back({"gaf.rle", uniform(rle)});
  if (!composite_compressed.empty())
    facts.push_back({"gaf.composite-compressed", uniform(composite_compressed)});
  if (!images.empty()) facts.push_back({"gaf.pixel-placement", pixel_placement(index, images)});
  if (shared) facts.push_back({"gaf.shared-images", "yes"});
}

}  // namespace

ObservedFacts gaf_writer_facts(ByteView file, const BudgetLimits& limits) {
  ObservedFacts facts;
  StructureOnlyWalk walk(file, limits);
  const gaf::GafIndex index = gaf::read_gaf_structure(walk.context());
  if (!index.header.present) return facts;
  facts.push_back({"gaf.version", version_word(index.header.version)});
  std::set<std::string> entry_unknown;
  for (const gaf::EntryRecord& entry : index.entries)
    if (entry.header_in_bounds) entry_unknown.insert(std::to_string(entry.unknown));
  if (!entry_unknown.empty()) facts.push_back({"gaf.entry-unknown", uniform(entry_unknown)});
  frame_facts(index, facts);
  return facts;
}

}  // namespace gafcheck::provenance
