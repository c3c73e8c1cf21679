#pragma once
// Writes TSF script text (docs/format/gaf.md §8) from a readable description, laid out like the
// seed's example. Values are strings so that tests can write malformed ones. Labels give the offset
// of every section header ('[') and statement value: "animation[0]", "animation[0]/Looping",
// "animation[0]/frame[1]", ".../Delay", ".../layer[0]", ".../AnchorX", ".../AnchorY",
// ".../Filename". Used by the tests and the corpus generator.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"

namespace gafcheck::builder {

struct TsfLayerSpec {
  std::string name;  // default "Layer<i>"
  std::optional<std::string> anchor_x = "0";
  std::optional<std::string> anchor_y = "0";
  std::optional<std::string> filename = "frame.png";  // nullopt: no Filename statement
};

struct TsfFrameSpec {
  std::string name;  // default "Frame<i>"
  std::optional<std::string> delay = "2";
  std::vector<TsfLayerSpec> layers = {TsfLayerSpec{}};
};

struct TsfAnimationSpec {
  std::string name = "JPGTest";
  std::optional<std::string> looping = "0";
  std::vector<TsfFrameSpec> frames;
};

struct TsfSpec {
  std::string comment = "written by the gafcheck builder";  // empty: no comment line
  std::vector<TsfAnimationSpec> animations;
};

BuiltFile build_tsf(const TsfSpec& spec);

// A tidy script: one animation "JPGTest" with `frames` frames, each one layer naming
// `image` (every frame the same image).
TsfSpec simple_tsf_spec(std::size_t frames = 2, const std::string& image = "frame.png");

// 1-based line and column (in bytes) of an offset in text, for asserting finding positions.
struct TextPlace {
  std::uint64_t line = 1;
  std::uint64_t column = 1;
};
TextPlace place_of(const std::vector<std::uint8_t>& text, std::uint64_t offset);

}  // namespace gafcheck::builder
