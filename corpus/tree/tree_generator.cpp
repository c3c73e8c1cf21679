#include "corpus/tree/tree_generator.hpp"

#include <yaml-cpp/yaml.h>

#include <array>
#include <bit>
#include <cstdio>
#include <fstream>
#include <random>
#include <stdexcept>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/shaded_sprite.hpp"
#include "reports/yaml_emit.hpp"

namespace gafcheck::tree {
namespace {

namespace fs = std::filesystem;

// splitmix64: tiny, fast, and the same sequence everywhere.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint32_t below(std::uint32_t bound) { return static_cast<std::uint32_t>(next() % bound); }
  std::uint32_t between(std::uint32_t low, std::uint32_t high) {
    return low + below(high - low + 1);
  }
  bool chance(std::uint32_t percent) { return below(100) < percent; }

 private:
  std::uint64_t state_;
};

void write_file(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

void count_finding(TreeTruth& truth, const std::string& rule, std::uint64_t occurrences) {
  if (occurrences == 0) return;
  truth.findings[rule].occurrences += occurrences;
  ++truth.findings[rule].files;
}

// Where file number i goes, and whether it is a texture (plain arrays only: raw leaves, no
// composites) or a terrain mask (version word 0, as in retail).
struct Placement {
  fs::path relative;
  bool texture = false;
  bool version_zero = false;
};

Placement place(std::uint32_t index, Random& random) {
  char name[64];
  Placement placement;
  // The first files take every placement, so even a small tree has them all.
  const std::uint32_t kind =
      index < 4 ? std::array<std::uint32_t, 4>{10, 11, 0, 8}[index] : random.below(100);
  if (kind < 8) {
    std::snprintf(name, sizeof name, "textures/tex%04u.gaf", index);
    placement.texture = true;
  } else if (kind < 10) {
    std::snprintf(name, sizeof name, "terrain/mask%04u.gaf", index);
    placement.version_zero = true;
  } else if (kind < 11) {
    std::snprintf(name, sizeof name, "anims/extra/LOGO%04u", index);  // found by content only
  } else if (kind < 12) {
    std::snprintf(name, sizeof name, "anims/extra/BUILD%04u.GAF", index);
  } else {
    std::snprintf(name, sizeof name, "anims/set%02u/unit%04u.gaf", index % 24, index);
  }
  placement.relative = name;
  return placement;
}

class GafMaker {
 public:
  GafMaker(Random& random, TreeTruth& truth, const TreeOptions& options)
      : random_(random),
        truth_(truth),
        max_side_(options.max_side),
        art_(options.art),
        sprite_random_(static_cast<std::mt19937::result_type>(options.seed)) {}

  builder::GafSpec make(const Placement& placement) {
    builder::GafSpec spec;
    spec.version = placement.version_zero ? 0 : 0x00010100;
    ++truth_.histograms["versions"][spec.version];
    if (placement.version_zero) count_finding(truth_, "header.version-zero", 1);
    const std::uint32_t entries = random_.between(1, 24);
    std::uint64_t empty_entries = 0, zero_durations = 0;
    for (std::uint32_t e = 0; e < entries; ++e) {
      builder::EntrySpec entry;
      char name[32];
      std::snprintf(name, sizeof name, "SEQ%03u", e);
      entry.name = name;
      ++truth_.counts["entries"];
      const std::uint32_t frames = random_.chance(2) ? 0 : random_.between(1, 7);
      if (frames == 0) {
        ++empty_entries;
        ++truth_.counts["zero_frame_entries"];
      }
      const std::uint32_t duration = random_.chance(1) ? 0 : random_.between(1, 10);
      for (std::uint32_t f = 0; f < frames; ++f) {
        entry.frames.push_back({add_frame(spec, placement, true), duration, std::nullopt});
        ++truth_.counts["frames"];
        ++truth_.histograms["durations"][duration];
        if (duration == 0) ++zero_durations;
      }
      spec.entries.push_back(std::move(entry));
    }
    count_finding(truth_, "entry.no-frames", empty_entries);
    count_finding(truth_, "frame.duration-zero", zero_durations);
    return spec;
  }

 private:
  // Adds a frame header (a composite of fresh leaves, or a leaf) and returns its id.
  std::string add_frame(builder::GafSpec& spec, const Placement& placement, bool top_level) {
    builder::FrameSpec frame;
    frame.id = "f" + std::to_string(spec.frames.size());
    frame.unknown3 = random_.chance(27) ? static_cast<std::uint32_t>(random_.next() | 1) : 0;
    ++truth_.counts["frame_headers"];
    ++truth_.histograms["alt_bytes"][0];
    if (frame.unknown3 != 0) ++truth_.counts["unknown3_nonzero"];
    if (!top_level) ++truth_.counts["subframes"];
    const bool composite = top_level && !placement.texture && random_.chance(50);
    if (composite) {
      const std::size_t position = spec.frames.size();
      spec.frames.push_back(frame);
      const std::uint32_t layers = random_.between(1, 3);
      std::vector<std::string> children;
      for (std::uint32_t k = 0; k < layers; ++k)
        children.push_back(add_frame(spec, placement, false));
      spec.frames[position].children = std::move(children);
      ++truth_.counts["composite_frames"];
      ++truth_.histograms["layer_counts"][layers];
      return frame.id;
    }
    frame.width = static_cast<std::uint16_t>(random_.between(8, max_side_));
    frame.height = static_cast<std::uint16_t>(random_.between(8, max_side_));
    frame.color_key = random_.chance(90) ? 9 : 0;
    frame.compressed = placement.texture || random_.chance(40) ? 0 : 1;
    ++truth_.counts[frame.compressed ? "rle_leaves" : "raw_leaves"];
    ++truth_.histograms["compression_bytes"][frame.compressed];
    ++truth_.histograms["color_keys"][frame.color_key];
    truth_.max_width = std::max<std::uint64_t>(truth_.max_width, frame.width);
    truth_.max_height = std::max<std::uint64_t>(truth_.max_height, frame.height);
    const std::uint64_t area = std::uint64_t{frame.width} * frame.height;
    ++truth_.histograms["area_buckets"][std::int64_t{1} << (std::bit_width(area) - 1)];
    if (art_ == TreeOptions::Art::sprites) {
      add_sprite_pixels(frame);
    } else if (!frame.compressed) {
      // The default pattern never uses 0 or 9; some raw frames get key-colour pixels.
      auto pixels = builder::default_pixels(frame.width, frame.height);
      std::uint64_t keyed = 0;
      if (random_.chance(5)) {
        for (std::size_t i = random_.below(7); i < pixels.size(); i += 7 + random_.below(20)) {
          pixels[i] = frame.color_key;
          ++keyed;
        }
      }
      if (keyed) {
        ++truth_.counts["raw_frames_with_key"];
        truth_.counts["key_pixels"] += keyed;
      }
      frame.raw = std::move(pixels);
    }
    spec.frames.push_back(std::move(frame));
    return spec.frames.back().id;
  }

  // A shaded sprite, as RLE rows or raw pixels whose transparent margin is the colour key.
  void add_sprite_pixels(builder::FrameSpec& frame) {
    constexpr std::uint32_t shading = 60;  // per cent: 0.45 deflated bytes a pixel (real art: ~0.5)
    std::vector<std::vector<int>> rows;
    for (std::uint32_t y = 0; y < frame.height; ++y)
      rows.push_back(
          builder::shaded_ellipse_row(y, frame.width, frame.height, shading, sprite_random_));
    if (frame.compressed) {
      std::vector<std::vector<std::uint8_t>> encoded;
      for (const auto& row : rows) encoded.push_back(builder::encode_rle_row(row));
      frame.rle_rows = std::move(encoded);
      return;
    }
    std::vector<std::uint8_t> pixels;
    std::uint64_t keyed = 0;
    for (const auto& row : rows)
      for (const int pixel : row) {
        pixels.push_back(pixel < 0 ? frame.color_key : static_cast<std::uint8_t>(pixel));
        keyed += pixel < 0 ? 1 : 0;
      }
    if (keyed) {
      ++truth_.counts["raw_frames_with_key"];
      truth_.counts["key_pixels"] += keyed;
    }
    frame.raw = std::move(pixels);
  }

  Random& random_;
  TreeTruth& truth_;
  std::uint16_t max_side_;
  TreeOptions::Art art_;
  std::mt19937 sprite_random_;
};

// Files a census must leave alone: unit definitions and a sound, in the same directories.
void write_other_files(const fs::path& root, std::uint32_t index, TreeTruth& truth) {
  char name[64];
  std::snprintf(name, sizeof name, "units/unit%04u.fbi", index);
  const std::string text = "[UNITINFO]\n{\n\tUnitName=UNIT" + std::to_string(index) + ";\n}\n";
  write_file(root / name, std::vector<std::uint8_t>(text.begin(), text.end()));
  std::vector<std::uint8_t> sound = {'R', 'I', 'F', 'F', 0, 0, 0, 0, 'W', 'A', 'V', 'E'};
  sound.resize(200 + index % 100, 0x80);
  const auto riff_size = static_cast<std::uint32_t>(sound.size() - 8);
  for (int b = 0; b < 4; ++b) sound[4 + b] = static_cast<std::uint8_t>(riff_size >> (8 * b));
  std::snprintf(name, sizeof name, "sounds/snd%04u.wav", index);
  write_file(root / name, sound);
  truth.not_inputs += 2;
}

}  // namespace

TreeTruth generate_tree(const fs::path& root, const TreeOptions& options) {
  if (fs::exists(root) && !fs::is_empty(root))
    throw std::runtime_error(root.string() + " exists and is not empty");
  TreeTruth truth;
  Random random(options.seed);
  GafMaker maker(random, truth, options);
  for (std::uint32_t i = 0; i < options.files; ++i) {
    const Placement placement = place(i, random);
    const auto bytes = builder::build_gaf(maker.make(placement)).bytes;
    write_file(root / placement.relative, bytes);
    ++truth.files;
    truth.bytes += bytes.size();
    if (i % 16 == 0) write_other_files(root, i, truth);
  }
  return truth;
}

std::string truth_yaml(const TreeTruth& truth) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "kind" << YAML::Value << "truth";
  out << YAML::Key << "files" << YAML::Value << truth.files;
  out << YAML::Key << "not_inputs" << YAML::Value << truth.not_inputs;
  out << YAML::Key << "bytes" << YAML::Value << truth.bytes;
  for (const auto& [key, value] : truth.counts) out << YAML::Key << key << YAML::Value << value;
  for (const auto& [name, histogram] : truth.histograms) {
    out << YAML::Key << name << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const auto& [value, count] : histogram) {
      if (name == "versions") {
        char text[16];
        std::snprintf(text, sizeof text, "0x%08llX", static_cast<unsigned long long>(value));
        out << YAML::Key << YAML::DoubleQuoted << text;
      } else {
        out << YAML::Key << value;
      }
      out << YAML::Value << count;
    }
    out << YAML::EndMap;
  }
  out << YAML::Key << "max_width" << YAML::Value << truth.max_width;
  out << YAML::Key << "max_height" << YAML::Value << truth.max_height;
  out << YAML::Key << "findings" << YAML::Value;
  emit_rule_totals(out, truth.findings);
  out << YAML::EndMap;
  return std::string("---\n") + out.c_str() + "\n";
}

}  // namespace gafcheck::tree
