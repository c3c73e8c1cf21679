#include "validator/rebuild/canonical_writer.hpp"

#include <string_view>
#include <unordered_map>

#include "validator/gaf/gaf_layout.hpp"

namespace gafcheck::rebuild {
namespace {

class Output {
 public:
  explicit Output(std::vector<std::uint8_t>& bytes) : bytes_(bytes) {}
  void u8(std::uint8_t value) { bytes_.push_back(value); }
  void u16(std::uint16_t value) {
    bytes_.push_back(static_cast<std::uint8_t>(value));
    bytes_.push_back(static_cast<std::uint8_t>(value >> 8));
  }
  void u32(std::uint32_t value) {
    for (int shift = 0; shift < 32; shift += 8)
      bytes_.push_back(static_cast<std::uint8_t>(value >> shift));
  }
  void frame_header(const FrameModel& frame, std::uint64_t data_offset) {
    gaf::append_frame_header(
        bytes_, gaf::frame_header_of(frame, static_cast<std::uint8_t>(frame.layers.size()),
                                     static_cast<std::uint32_t>(data_offset)));
  }

 private:
  std::vector<std::uint8_t>& bytes_;
};

// Calls visit(frame) for every frame that holds pixels, in first-use order.
template <typename Visit>
void for_each_leaf(const SpriteModel& model, Visit visit) {
  for (const EntryModel& entry : model.entries)
    for (const FrameModel& frame : entry.frames) {
      if (frame.layers.empty()) visit(frame);
      for (const FrameModel& layer : frame.layers) visit(layer);
    }
}

}  // namespace

std::optional<std::vector<std::uint8_t>> write_canonical_gaf(const SpriteModel& model) {
  // Offsets first: the structures have fixed sizes, the pixel blocks follow them all.
  std::uint64_t frame_count = 0;
  std::uint64_t at = gaf::header_size + gaf::entry_slot_size * model.entries.size();
  std::vector<std::uint64_t> entry_offsets;
  entry_offsets.reserve(model.entries.size());
  for (const EntryModel& entry : model.entries) {
    entry_offsets.push_back(at);
    at += gaf::entry_header_size + gaf::frame_ref_size * entry.frames.size();
    frame_count += entry.frames.size();
  }
  const std::uint64_t first_frame_header = at;
  at += gaf::frame_header_size * frame_count;
  // Then each composite's layer table and its layers' headers.
  std::unordered_map<const FrameModel*, std::uint64_t> data_at;
  for (const EntryModel& entry : model.entries)
    for (const FrameModel& frame : entry.frames) {
      if (frame.layers.empty()) continue;
      if (frame.layers.size() > UINT8_MAX) return std::nullopt;
      data_at[&frame] = at;
      at += 4 * frame.layers.size() + gaf::frame_header_size * frame.layers.size();
    }
  // Identical pixel blocks are stored once, at their first use.
  std::unordered_map<std::string_view, std::uint64_t> block_at;
  std::vector<const FrameModel*> blocks;
  for_each_leaf(model, [&](const FrameModel& frame) {
    const std::string_view key(reinterpret_cast<const char*>(frame.data.data()), frame.data.size());
    const auto [found, fresh] = block_at.try_emplace(key, at);
    if (fresh) {
      blocks.push_back(&frame);
      at += frame.data.size();
    }
    data_at[&frame] = found->second;
  });
  if (at > UINT32_MAX) return std::nullopt;

  std::vector<std::uint8_t> bytes;
  bytes.reserve(static_cast<std::size_t>(at));
  Output out(bytes);
  gaf::append_file_header(bytes, {model.version, static_cast<std::uint32_t>(model.entries.size())});
  for (const std::uint64_t offset : entry_offsets) out.u32(static_cast<std::uint32_t>(offset));
  std::uint64_t frame_header = first_frame_header;
  for (const EntryModel& entry : model.entries) {
    gaf::append_entry_header(
        bytes, {static_cast<std::uint16_t>(entry.frames.size()), entry.loop_word, 0, entry.name});
    for (const FrameModel& frame : entry.frames) {
      out.u32(static_cast<std::uint32_t>(frame_header));
      out.u32(frame.duration);
      frame_header += gaf::frame_header_size;
    }
  }
  for (const EntryModel& entry : model.entries)
    for (const FrameModel& frame : entry.frames) out.frame_header(frame, data_at.at(&frame));
  for (const EntryModel& entry : model.entries)
    for (const FrameModel& frame : entry.frames) {
      if (frame.layers.empty()) continue;
      const std::uint64_t table = data_at.at(&frame);
      const std::uint64_t first_layer = table + 4 * frame.layers.size();
      for (std::size_t k = 0; k < frame.layers.size(); ++k)
        out.u32(static_cast<std::uint32_t>(first_layer + gaf::frame_header_size * k));
      for (const FrameModel& layer : frame.layers) out.frame_header(layer, data_at.at(&layer));
    }
  for (const FrameModel* frame : blocks)
    bytes.insert(bytes.end(), frame->data.begin(), frame->data.end());
  return bytes;
}

}  // namespace gafcheck::rebuild
