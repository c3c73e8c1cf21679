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

 private:
  std::vector<std::uint8_t>& bytes_;
};

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
  // Identical pixel blocks are stored once, at their first use.
  std::unordered_map<std::string_view, std::uint64_t> block_at;
  std::vector<std::uint64_t> data_offsets;
  std::vector<const FrameModel*> blocks;
  data_offsets.reserve(frame_count);
  for (const EntryModel& entry : model.entries)
    for (const FrameModel& frame : entry.frames) {
      const std::string_view key(reinterpret_cast<const char*>(frame.data.data()),
                                 frame.data.size());
      const auto [found, fresh] = block_at.try_emplace(key, at);
      if (fresh) {
        blocks.push_back(&frame);
        at += frame.data.size();
      }
      data_offsets.push_back(found->second);
    }
  if (at > UINT32_MAX) return std::nullopt;

  std::vector<std::uint8_t> bytes;
  bytes.reserve(static_cast<std::size_t>(at));
  Output out(bytes);
  out.u32(model.version);
  out.u32(static_cast<std::uint32_t>(model.entries.size()));
  out.u32(0);
  for (const std::uint64_t offset : entry_offsets) out.u32(static_cast<std::uint32_t>(offset));
  std::uint64_t frame_header = first_frame_header;
  for (const EntryModel& entry : model.entries) {
    out.u16(static_cast<std::uint16_t>(entry.frames.size()));
    out.u16(entry.loop_word);
    out.u32(0);
    bytes.insert(bytes.end(), entry.name.begin(), entry.name.end());
    for (const FrameModel& frame : entry.frames) {
      out.u32(static_cast<std::uint32_t>(frame_header));
      out.u32(frame.duration);
      frame_header += gaf::frame_header_size;
    }
  }
  std::size_t next = 0;
  for (const EntryModel& entry : model.entries)
    for (const FrameModel& frame : entry.frames) {
      out.u16(frame.width);
      out.u16(frame.height);
      out.u16(static_cast<std::uint16_t>(frame.x_offset));
      out.u16(static_cast<std::uint16_t>(frame.y_offset));
      out.u8(frame.color_key);
      out.u8(frame.compressed);
      out.u8(0);
      out.u8(frame.flag);
      out.u32(0);
      out.u32(static_cast<std::uint32_t>(data_offsets[next++]));
      out.u32(frame.unknown3);
    }
  for (const FrameModel* frame : blocks)
    bytes.insert(bytes.end(), frame->data.begin(), frame->data.end());
  return bytes;
}

}  // namespace gafcheck::rebuild
