#include "corpus/builder/taf_builder.hpp"

namespace gafcheck::builder {

std::vector<std::uint16_t> default_taf_pixels(std::uint16_t width, std::uint16_t height,
                                              std::uint8_t format) {
  std::vector<std::uint16_t> pixels(std::size_t{width} * height);
  for (std::size_t k = 0; k < pixels.size(); ++k) {
    const auto colour = static_cast<std::uint16_t>(k * 37 % 0x0FFF);
    if (format == 4) {
      static constexpr std::uint16_t alpha[3] = {0x0000, 0xF000, 0x8000};
      pixels[k] = static_cast<std::uint16_t>(alpha[k % 3] | colour);
    } else if (format == 5) {
      pixels[k] = static_cast<std::uint16_t>((k % 2 ? 0x8000 : 0x0000) | (colour & 0x7FFF));
    } else {
      pixels[k] = 0x1234;
    }
  }
  return pixels;
}

GafSpec taf_as_gaf_spec(const TafSpec& spec) {
  GafSpec gaf;
  gaf.version = spec.version;
  gaf.entry_count_word = spec.sequence_count.value_or(1);
  gaf.reserved = spec.reserved;
  EntrySpec sequence;
  sequence.name = spec.name;
  sequence.name_bytes = spec.name_bytes;
  sequence.loop_word = spec.unknown1;
  sequence.unknown = spec.unknown2;
  sequence.frame_count = spec.frame_count;
  for (std::size_t i = 0; i < spec.frames.size(); ++i) {
    const TafFrameSpec& frame = spec.frames[i];
    const std::string id = "f" + std::to_string(i);
    sequence.frames.push_back({id, frame.duration, std::nullopt});
    std::vector<std::uint8_t> data;
    for (std::uint16_t pixel :
         frame.pixels.value_or(default_taf_pixels(frame.width, frame.height, frame.format))) {
      data.push_back(static_cast<std::uint8_t>(pixel));
      data.push_back(static_cast<std::uint8_t>(pixel >> 8));
    }
    gaf.frames.push_back({.id = id,
                          .width = frame.width,
                          .height = frame.height,
                          .x_offset = frame.x_offset,
                          .y_offset = frame.y_offset,
                          .color_key = frame.transparency,
                          .compressed = frame.format,
                          .layer_count = frame.layer_count,
                          .alt_byte = frame.flag,
                          .unknown2 = frame.unknown2,
                          .unknown3 = frame.unknown3,
                          .data = std::move(data),
                          .data_offset = frame.data_offset});
  }
  gaf.entries.push_back(std::move(sequence));
  return gaf;
}

BuiltFile build_taf(const TafSpec& spec) {
  return build_gaf(taf_as_gaf_spec(spec));
}

TafSpec simple_taf_spec(std::uint8_t format, std::size_t frames) {
  TafSpec spec;
  for (std::size_t i = 0; i < frames; ++i) {
    TafFrameSpec frame;
    frame.format = format;
    spec.frames.push_back(frame);
  }
  return spec;
}

}  // namespace gafcheck::builder
