#include "corpus/builder/ta3d_builder.hpp"

#include <zlib.h>

#include <algorithm>
#include <stdexcept>

#include "validator/gaf/gaf_layout.hpp"

namespace gafcheck::builder {
namespace {

void append_u32(std::vector<std::uint8_t>& out, std::uint32_t value) {
  for (int shift = 0; shift < 32; shift += 8)
    out.push_back(static_cast<std::uint8_t>(value >> shift));
}

void append_counted(std::vector<std::uint8_t>& out, const std::vector<std::uint8_t>& bytes) {
  append_u32(out, static_cast<std::uint32_t>(bytes.size()));
  out.insert(out.end(), bytes.begin(), bytes.end());
}

std::vector<std::uint8_t> default_rgba(std::uint16_t width, std::uint16_t height) {
  std::vector<std::uint8_t> pixels;
  pixels.reserve(std::size_t{width} * height * 4);
  for (std::uint32_t y = 0; y < height; ++y)
    for (std::uint32_t x = 0; x < width; ++x)
      for (std::uint8_t channel : {std::uint8_t(x * 16), std::uint8_t(y * 16), std::uint8_t(x + y),
                                   std::uint8_t(x == 0 ? 0 : 0xFF)})
        pixels.push_back(channel);
  return pixels;
}

// A marker-only JPEG: start of image, a JFIF APP0 segment, end of image.
std::vector<std::uint8_t> marker_jpeg() {
  return {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J',  'F',  'I',  'F',  0x00,
          0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xD9};
}

}  // namespace

std::vector<std::uint8_t> ta3d_zlib_payload(const std::vector<std::uint8_t>& pixels) {
  uLongf size = compressBound(static_cast<uLong>(pixels.size()));
  std::vector<std::uint8_t> stream(size);
  if (compress2(stream.data(), &size, pixels.data(), static_cast<uLong>(pixels.size()), 9) != Z_OK)
    throw std::runtime_error("compress2 failed");
  stream.resize(size);
  std::vector<std::uint8_t> payload;
  append_counted(payload, stream);
  return payload;
}

BuiltFile build_ta3d(const Ta3dSpec& spec) {
  BuiltFile built;
  std::vector<std::uint8_t>& out = built.bytes;
  gaf::append_file_header(out, {spec.version, static_cast<std::uint32_t>(spec.entries.size())});
  built.labels["entry_table"] = out.size();
  out.resize(out.size() + spec.entries.size() * 4, 0);
  for (std::size_t i = 0; i < spec.entries.size(); ++i) {
    const Ta3dEntrySpec& entry = spec.entries[i];
    const std::string label = "entry[" + std::to_string(i) + "]";
    built.labels[label] = out.size();
    built.put_u32(12 + i * 4, static_cast<std::uint32_t>(out.size()));
    gaf::EntryHeader entry_fields;
    entry_fields.frame_count = static_cast<std::uint16_t>(entry.frames.size());
    entry_fields.loop_word = 1;
    std::copy_n(entry.name.begin(), std::min<std::size_t>(entry.name.size(), 31),
                entry_fields.name.begin());
    gaf::append_entry_header(out, entry_fields);
    const std::uint64_t table = out.size();
    built.labels[label + "/frames"] = table;
    out.resize(out.size() + entry.frames.size() * 8, 0);
    for (std::size_t j = 0; j < entry.frames.size(); ++j) {
      const Ta3dFrameSpec& frame = entry.frames[j];
      const std::string frame_label = "frame:" + std::to_string(i) + "/" + std::to_string(j);
      const auto header = static_cast<std::uint32_t>(out.size());
      built.labels[frame_label] = header;
      built.put_u32(table + j * 8, header);
      built.put_u32(table + j * 8 + 4, frame.frame_word);
      gaf::FrameHeader fields;
      fields.width = frame.width;
      fields.height = frame.height;
      fields.x_offset = frame.x_offset;
      fields.y_offset = frame.y_offset;
      fields.color_key = frame.alpha ? 1 : 0;  // the transparency byte
      fields.compressed = 1;
      fields.data_offset = header + static_cast<std::uint32_t>(gaf::frame_header_size);
      gaf::append_frame_header(out, fields);
      built.labels[frame_label + "/data"] = out.size();
      if (frame.payload) {
        out.insert(out.end(), frame.payload->begin(), frame.payload->end());
      } else if (spec.era == Ta3dEra::zlib) {
        const auto payload =
            ta3d_zlib_payload(frame.rgba.value_or(default_rgba(frame.width, frame.height)));
        out.insert(out.end(), payload.begin(), payload.end());
      } else {
        append_counted(out, marker_jpeg());
        if (frame.alpha) {
          built.labels[frame_label + "/alpha"] = out.size();
          append_counted(out, marker_jpeg());
        }
      }
    }
  }
  return built;
}

}  // namespace gafcheck::builder
