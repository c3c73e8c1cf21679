// taf: recipes (truecolor TAF). Keys mirror TafSpec (corpus/builder/taf_builder.hpp):
//   taf: {version, sequence_count, reserved, name, name_hex, unknown1, unknown2, frame_count,
//         frames: [{width, height, x_offset, y_offset, transparency, format, layer_count, flag,
//                   unknown2, unknown3, duration, data_offset, pixels: [u16, ...]}]}
#include <stdexcept>

#include "corpus/builder/recipe.hpp"
#include "corpus/builder/recipe_formats.hpp"
#include "corpus/builder/taf_builder.hpp"

namespace gafcheck::builder {
namespace {

template <typename T>
void read(const YAML::Node& map, const char* key, T& target) {
  if (map[key]) target = static_cast<T>(recipe_number(map[key], key));
}

template <typename T>
void read(const YAML::Node& map, const char* key, std::optional<T>& target) {
  if (map[key]) target = static_cast<T>(recipe_number(map[key], key));
}

TafFrameSpec read_taf_frame(const YAML::Node& node) {
  TafFrameSpec frame;
  read(node, "width", frame.width);
  read(node, "height", frame.height);
  read(node, "x_offset", frame.x_offset);
  read(node, "y_offset", frame.y_offset);
  read(node, "transparency", frame.transparency);
  read(node, "format", frame.format);
  read(node, "layer_count", frame.layer_count);
  read(node, "flag", frame.flag);
  read(node, "unknown2", frame.unknown2);
  read(node, "unknown3", frame.unknown3);
  read(node, "duration", frame.duration);
  read(node, "data_offset", frame.data_offset);
  if (node["pixels"]) {
    frame.pixels.emplace();
    for (const auto& pixel : node["pixels"])
      frame.pixels->push_back(static_cast<std::uint16_t>(recipe_number(pixel, "pixel")));
  }
  return frame;
}

}  // namespace

BuiltFile render_taf_recipe(const YAML::Node& body) {
  TafSpec spec;
  read(body, "version", spec.version);
  read(body, "sequence_count", spec.sequence_count);
  read(body, "reserved", spec.reserved);
  if (body["name"]) spec.name = body["name"].as<std::string>();
  if (body["name_hex"]) {
    const auto bytes = parse_hex_bytes(body["name_hex"].as<std::string>());
    if (bytes.size() != 32) throw std::runtime_error("name_hex must be 32 bytes");
    spec.name_bytes.emplace();
    std::copy(bytes.begin(), bytes.end(), spec.name_bytes->begin());
  }
  read(body, "unknown1", spec.unknown1);
  read(body, "unknown2", spec.unknown2);
  read(body, "frame_count", spec.frame_count);
  if (body["frames"])
    for (const auto& frame : body["frames"]) spec.frames.push_back(read_taf_frame(frame));
  return build_taf(spec);
}

}  // namespace gafcheck::builder
