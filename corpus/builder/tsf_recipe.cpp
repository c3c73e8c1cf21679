// tsf: recipes (TSF script text). Either the exact text:
//   tsf: {text: "..."}
// or a description mirroring TsfSpec (corpus/builder/tsf_builder.hpp), where a key given as ~
// leaves its statement out:
//   tsf: {comment, animations: [{name, looping, frames: [{name, delay,
//         layers: [{name, anchor_x, anchor_y, filename}]}]}]}
#include "corpus/builder/recipe_formats.hpp"
#include "corpus/builder/tsf_builder.hpp"

namespace gafcheck::builder {
namespace {

void read_text(const YAML::Node& map, const char* key, std::string& target) {
  if (map[key]) target = map[key].as<std::string>();
}

void read_value(const YAML::Node& map, const char* key, std::optional<std::string>& target) {
  const YAML::Node node = map[key];
  if (!node) return;
  if (node.IsNull())
    target.reset();
  else
    target = node.as<std::string>();
}

TsfFrameSpec read_tsf_frame(const YAML::Node& node) {
  TsfFrameSpec frame;
  read_text(node, "name", frame.name);
  read_value(node, "delay", frame.delay);
  if (node["layers"]) {
    frame.layers.clear();
    for (const auto& layer_node : node["layers"]) {
      TsfLayerSpec layer;
      read_text(layer_node, "name", layer.name);
      read_value(layer_node, "anchor_x", layer.anchor_x);
      read_value(layer_node, "anchor_y", layer.anchor_y);
      read_value(layer_node, "filename", layer.filename);
      frame.layers.push_back(layer);
    }
  }
  return frame;
}

}  // namespace

BuiltFile render_tsf_recipe(const YAML::Node& body) {
  if (body["text"]) {
    BuiltFile built;
    const std::string text = body["text"].as<std::string>();
    built.bytes.assign(text.begin(), text.end());
    return built;
  }
  TsfSpec spec;
  read_text(body, "comment", spec.comment);
  if (body["animations"]) {
    for (const auto& animation_node : body["animations"]) {
      TsfAnimationSpec animation;
      read_text(animation_node, "name", animation.name);
      read_value(animation_node, "looping", animation.looping);
      if (animation_node["frames"])
        for (const auto& frame : animation_node["frames"])
          animation.frames.push_back(read_tsf_frame(frame));
      spec.animations.push_back(animation);
    }
  }
  return build_tsf(spec);
}

}  // namespace gafcheck::builder
