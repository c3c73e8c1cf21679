#include "corpus/builder/tsf_builder.hpp"

namespace gafcheck::builder {
namespace {

class ScriptWriter {
 public:
  explicit ScriptWriter(BuiltFile& built) : built_(built) {}

  void line(int depth, const std::string& text) {
    indent(depth);
    append(text + "\n");
  }
  // "[name]" and the section's opening brace; the header's offset is labelled `label`.
  void open(int depth, const std::string& name, const std::string& label) {
    indent(depth);
    built_.labels[label] = built_.bytes.size();
    append("[" + name + "]\n");
    line(depth, "{");
  }
  // "key = text;" in the section labelled `section`, its value's offset labelled section/key.
  void value(int depth, const std::string& key, const std::optional<std::string>& text,
             const std::string& section) {
    if (!text) return;
    indent(depth);
    append(key + " = ");
    built_.labels[section + "/" + key] = built_.bytes.size();
    append(*text + ";\n");
  }

 private:
  void indent(int depth) { append(std::string(static_cast<std::size_t>(depth) * 4, ' ')); }
  void append(const std::string& text) {
    built_.bytes.insert(built_.bytes.end(), text.begin(), text.end());
  }

  BuiltFile& built_;
};

}  // namespace

BuiltFile build_tsf(const TsfSpec& spec) {
  BuiltFile built;
  ScriptWriter out(built);
  if (!spec.comment.empty()) out.line(0, "/* " + spec.comment + " */");
  for (std::size_t a = 0; a < spec.animations.size(); ++a) {
    const TsfAnimationSpec& animation = spec.animations[a];
    const std::string animation_label = "animation[" + std::to_string(a) + "]";
    out.open(0, animation.name, animation_label);
    out.value(1, "Looping", animation.looping, animation_label);
    for (std::size_t f = 0; f < animation.frames.size(); ++f) {
      const TsfFrameSpec& frame = animation.frames[f];
      const std::string frame_label = animation_label + "/frame[" + std::to_string(f) + "]";
      out.open(1, frame.name.empty() ? "Frame" + std::to_string(f) : frame.name, frame_label);
      out.value(2, "Delay", frame.delay, frame_label);
      for (std::size_t l = 0; l < frame.layers.size(); ++l) {
        const TsfLayerSpec& layer = frame.layers[l];
        const std::string layer_label = frame_label + "/layer[" + std::to_string(l) + "]";
        out.open(2, layer.name.empty() ? "Layer" + std::to_string(l) : layer.name, layer_label);
        out.value(3, "AnchorX", layer.anchor_x, layer_label);
        out.value(3, "AnchorY", layer.anchor_y, layer_label);
        out.value(3, "Filename", layer.filename, layer_label);
        out.line(2, "}");
      }
      out.line(1, "}");
    }
    out.line(0, "}");
  }
  return built;
}

TsfSpec simple_tsf_spec(std::size_t frames, const std::string& image) {
  TsfSpec spec;
  TsfAnimationSpec animation;
  for (std::size_t i = 0; i < frames; ++i) {
    TsfFrameSpec frame;
    frame.layers[0].filename = image;
    animation.frames.push_back(frame);
  }
  spec.animations.push_back(animation);
  return spec;
}

TextPlace place_of(const std::vector<std::uint8_t>& text, std::uint64_t offset) {
  TextPlace place;
  for (std::uint64_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++place.line;
      place.column = 1;
    } else {
      ++place.column;
    }
  }
  return place;
}

}  // namespace gafcheck::builder
