#include "corpus/builder/gaf_builder.hpp"

#include <algorithm>
#include <stdexcept>

#include "validator/gaf/gaf_layout.hpp"

namespace gafcheck::builder {
namespace {

class Writer {
 public:
  explicit Writer(std::vector<std::uint8_t>& bytes) : bytes_(bytes) {}
  std::uint64_t size() const { return bytes_.size(); }
  void u8(std::uint8_t v) { bytes_.push_back(v); }
  void u16(std::uint16_t v) {
    u8(static_cast<std::uint8_t>(v));
    u8(static_cast<std::uint8_t>(v >> 8));
  }
  void u32(std::uint32_t v) {
    u16(static_cast<std::uint16_t>(v));
    u16(static_cast<std::uint16_t>(v >> 16));
  }
  void file_header(const gaf::FileHeader& header) { gaf::append_file_header(bytes_, header); }
  void entry_header(const gaf::EntryHeader& header) { gaf::append_entry_header(bytes_, header); }
  void frame_header(const gaf::FrameHeader& header) { gaf::append_frame_header(bytes_, header); }
  void raw(const std::vector<std::uint8_t>& data) {
    bytes_.insert(bytes_.end(), data.begin(), data.end());
  }

 private:
  std::vector<std::uint8_t>& bytes_;
};

std::size_t frame_position(const GafSpec& spec, const std::string& id) {
  for (std::size_t i = 0; i < spec.frames.size(); ++i)
    if (spec.frames[i].id == id) return i;
  throw std::invalid_argument("no frame with id '" + id + "'");
}

std::vector<std::uint8_t> frame_data(const FrameSpec& frame) {
  if (frame.data) return *frame.data;
  if (!frame.children.empty()) return {};  // the layer table is written separately
  if (frame.compressed == 0) return frame.raw.value_or(default_pixels(frame.width, frame.height));
  std::vector<std::vector<std::uint8_t>> rows;
  if (frame.rle_rows) {
    rows = *frame.rle_rows;
  } else {
    const auto pixels = default_pixels(frame.width, frame.height);
    for (std::uint16_t y = 0; y < frame.height; ++y) {
      std::vector<int> row(frame.width);
      for (std::uint16_t x = 0; x < frame.width; ++x)
        row[x] = (x + y) % 5 == 0 ? -1 : pixels[std::size_t{y} * frame.width + x];
      rows.push_back(encode_rle_row(row));
    }
  }
  std::vector<std::uint8_t> data;
  Writer out(data);
  for (const auto& row : rows) {
    out.u16(static_cast<std::uint16_t>(row.size()));
    out.raw(row);
  }
  return data;
}

}  // namespace

std::vector<std::uint8_t> default_pixels(std::uint16_t width, std::uint16_t height) {
  std::vector<std::uint8_t> pixels(std::size_t{width} * height);
  for (std::uint16_t y = 0; y < height; ++y)
    for (std::uint16_t x = 0; x < width; ++x)
      pixels[std::size_t{y} * width + x] = static_cast<std::uint8_t>((x + 2 * y) % 7 + 1);
  return pixels;
}

std::vector<std::uint8_t> encode_rle_row(const std::vector<int>& pixels) {
  std::vector<std::uint8_t> out;
  std::size_t i = 0;
  while (i < pixels.size()) {
    if (pixels[i] < 0) {
      std::size_t run = 0;
      while (i + run < pixels.size() && pixels[i + run] < 0 && run < 127) ++run;
      out.push_back(static_cast<std::uint8_t>(run << 1 | 1));
      i += run;
      continue;
    }
    std::size_t repeat = 1;
    while (i + repeat < pixels.size() && pixels[i + repeat] == pixels[i] && repeat < 64) ++repeat;
    if (repeat >= 3) {
      out.push_back(static_cast<std::uint8_t>((repeat - 1) << 2 | 2));
      out.push_back(static_cast<std::uint8_t>(pixels[i]));
      i += repeat;
      continue;
    }
    std::size_t literal = 0;
    while (i + literal < pixels.size() && pixels[i + literal] >= 0 && literal < 64) {
      const std::size_t j = i + literal;
      if (j + 2 < pixels.size() && pixels[j] == pixels[j + 1] && pixels[j] == pixels[j + 2]) break;
      ++literal;
    }
    if (literal == 0) literal = 1;
    out.push_back(static_cast<std::uint8_t>((literal - 1) << 2));
    for (std::size_t k = 0; k < literal; ++k)
      out.push_back(static_cast<std::uint8_t>(pixels[i + k]));
    i += literal;
  }
  return out;
}

std::uint64_t BuiltFile::at(const std::string& label) const {
  const auto found = labels.find(label);
  if (found == labels.end()) throw std::out_of_range("no label '" + label + "' in the built file");
  return found->second;
}

void BuiltFile::put_u8(std::uint64_t offset, std::uint8_t value) {
  bytes.at(offset) = value;
}
void BuiltFile::put_u16(std::uint64_t offset, std::uint16_t value) {
  put_u8(offset, static_cast<std::uint8_t>(value));
  put_u8(offset + 1, static_cast<std::uint8_t>(value >> 8));
}
void BuiltFile::put_u32(std::uint64_t offset, std::uint32_t value) {
  put_u16(offset, static_cast<std::uint16_t>(value));
  put_u16(offset + 2, static_cast<std::uint16_t>(value >> 16));
}

namespace {

// Where each part of the file goes: header, slot table, entries with their frame tables, frame
// headers, layer tables, data.
struct GafPlacement {
  std::vector<std::uint32_t> slots;
  std::vector<std::uint64_t> entry_offset, frame_offset, table_offset, data_offset;
  std::vector<std::vector<std::uint8_t>> data;
};

bool has_composite_table(const FrameSpec& frame) {
  return !frame.children.empty() && !frame.data;
}

GafPlacement place_gaf(const GafSpec& spec) {
  GafPlacement at;
  if (spec.slots) {
    at.slots = *spec.slots;
  } else {
    for (std::uint32_t i = 0; i < spec.entries.size(); ++i) at.slots.push_back(i);
  }
  at.entry_offset.resize(spec.entries.size());
  std::uint64_t cursor = gaf::header_size + gaf::entry_slot_size * at.slots.size();
  for (std::size_t i = 0; i < spec.entries.size(); ++i) {
    at.entry_offset[i] = cursor;
    cursor += gaf::entry_header_size + gaf::frame_ref_size * spec.entries[i].frames.size();
  }
  at.frame_offset.resize(spec.frames.size());
  for (std::size_t i = 0; i < spec.frames.size(); ++i) {
    at.frame_offset[i] = cursor;
    cursor += gaf::frame_header_size;
  }
  at.table_offset.resize(spec.frames.size());
  for (std::size_t i = 0; i < spec.frames.size(); ++i) {
    at.table_offset[i] = cursor;
    if (!spec.frames[i].data) cursor += gaf::layer_pointer_size * spec.frames[i].children.size();
  }
  at.data.resize(spec.frames.size());
  at.data_offset.resize(spec.frames.size());
  for (std::size_t i = 0; i < spec.frames.size(); ++i) {
    at.data[i] = frame_data(spec.frames[i]);
    const bool composite_table = has_composite_table(spec.frames[i]);
    at.data_offset[i] = composite_table ? at.table_offset[i] : cursor;
    if (!composite_table) cursor += at.data[i].size();
  }
  return at;
}

// The entries, each with its name and frame table.
void write_entries(const GafSpec& spec, const GafPlacement& at, Writer& out, BuiltFile& built) {
  for (std::size_t i = 0; i < spec.entries.size(); ++i) {
    const EntrySpec& entry = spec.entries[i];
    const std::string label = "entry[" + std::to_string(i) + "]";
    built.labels[label] = out.size();
    gaf::EntryHeader header;
    header.frame_count =
        entry.frame_count.value_or(static_cast<std::uint16_t>(entry.frames.size()));
    header.loop_word = entry.loop_word;
    header.unknown = entry.unknown;
    if (entry.name_bytes) {
      header.name = *entry.name_bytes;
    } else {
      std::copy_n(entry.name.begin(), std::min<std::size_t>(entry.name.size(), 31),
                  header.name.begin());
    }
    out.entry_header(header);
    built.labels[label + "/frames"] = out.size();
    for (const FrameRefSpec& ref : entry.frames) {
      out.u32(ref.header_offset.value_or(
          static_cast<std::uint32_t>(at.frame_offset.at(frame_position(spec, ref.frame)))));
      out.u32(ref.duration);
    }
  }
}

}  // namespace

BuiltFile build_gaf(const GafSpec& spec) {
  BuiltFile built;
  Writer out(built.bytes);
  const GafPlacement at = place_gaf(spec);
  out.file_header({spec.version,
                   spec.entry_count_word.value_or(static_cast<std::uint32_t>(at.slots.size())),
                   spec.reserved});
  built.labels["entry_table"] = out.size();
  for (std::uint32_t slot : at.slots) out.u32(static_cast<std::uint32_t>(at.entry_offset.at(slot)));
  write_entries(spec, at, out, built);
  for (std::size_t i = 0; i < spec.frames.size(); ++i) {
    const FrameSpec& frame = spec.frames[i];
    built.labels["frame:" + frame.id] = out.size();
    out.frame_header(gaf::frame_header_of(
        frame, frame.layer_count.value_or(static_cast<std::uint8_t>(frame.children.size())),
        frame.data_offset.value_or(static_cast<std::uint32_t>(at.data_offset[i])), frame.unknown2));
  }
  for (std::size_t i = 0; i < spec.frames.size(); ++i) {
    if (spec.frames[i].data) continue;
    if (!spec.frames[i].children.empty())
      built.labels["frame:" + spec.frames[i].id + "/data"] = out.size();
    for (const std::string& child : spec.frames[i].children)
      out.u32(static_cast<std::uint32_t>(at.frame_offset.at(frame_position(spec, child))));
  }
  for (std::size_t i = 0; i < spec.frames.size(); ++i) {
    if (has_composite_table(spec.frames[i])) continue;
    built.labels["frame:" + spec.frames[i].id + "/data"] = out.size();
    out.raw(at.data[i]);
  }
  return built;
}

}  // namespace gafcheck::builder
