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

TafFrameSpec read_taf_frame(const YAML::Node& node) {
  TafFrameSpec frame;
  read_number(node, "width", frame.width);
  read_number(node, "height", frame.height);
  read_number(node, "x_offset", frame.x_offset);
  read_number(node, "y_offset", frame.y_offset);
  read_number(node, "transparency", frame.transparency);
  read_number(node, "format", frame.format);
  read_number(node, "layer_count", frame.layer_count);
  read_number(node, "flag", frame.flag);
  read_number(node, "unknown2", frame.unknown2);
  read_number(node, "unknown3", frame.unknown3);
  read_number(node, "duration", frame.duration);
  read_number(node, "data_offset", frame.data_offset);
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
  read_number(body, "version", spec.version);
  read_number(body, "sequence_count", spec.sequence_count);
  read_number(body, "reserved", spec.reserved);
  if (body["name"]) spec.name = body["name"].as<std::string>();
  read_name_hex(body, spec.name_bytes);
  read_number(body, "unknown1", spec.unknown1);
  read_number(body, "unknown2", spec.unknown2);
  read_number(body, "frame_count", spec.frame_count);
  if (body["frames"])
    for (const auto& frame : body["frames"]) spec.frames.push_back(read_taf_frame(frame));
  return build_taf(spec);
}

}  // namespace gafcheck::builder
