#pragma once
// A deterministic, retail-scale GAF tree for census tests and benchmarks. With the defaults it
// resembles the TA reference install of docs/format/gaf.md §9: 960 GAFs, ~12,000 entries, ~45,000
// top-level frames of which half are composites, ~90,000 frame headers, ~130 MB, plus files that
// are not inputs (text, sound) and GAFs the census must find by content (no or odd extensions).
// The generator counts what it writes, so a census of the tree can be compared with the truth.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

#include "validator/result/run_totals.hpp"

namespace gafcheck::tree {

struct TreeOptions {
  std::uint32_t files = 960;  // GAF files; everything else scales with it
  std::uint64_t seed = 1;
  // Leaves are 8 to max_side pixels on each side. 72 keeps the reference tree's ~130 MB; real
  // sprites run larger (a leaf of 64x64 or more is common), which benchmarks of pixel work want.
  std::uint16_t max_side = 72;
  // The leaves' pixels: a short repeating pattern (the default; the census tests' truth), or
  // shaded sprites (corpus/builder/shaded_sprite.hpp) that deflate about as poorly as real art
  // does, for benchmarks whose cost depends on how the pixels compress.
  enum class Art { pattern, sprites };
  Art art = Art::pattern;
};

// The census figures of the tree, counted while writing it.
struct TreeTruth {
  std::uint64_t files = 0;                      // GAF files (census inputs)
  std::uint64_t not_inputs = 0;                 // other files
  std::uint64_t bytes = 0;                      // bytes of the GAF files
  std::map<std::string, std::uint64_t> counts;  // entries, frames, frame_headers, ...
  std::map<std::string, std::map<std::int64_t, std::uint64_t>> histograms;
  std::uint64_t max_width = 0;
  std::uint64_t max_height = 0;
  std::map<std::string, RuleTotals> findings;  // rules the tree triggers on purpose
};

// Writes the tree under root (created; must not exist or be empty) and returns its truth.
TreeTruth generate_tree(const std::filesystem::path& root, const TreeOptions& options);

// The truth as a YAML document shaped like the census summary's figures.
std::string truth_yaml(const TreeTruth& truth);

}  // namespace gafcheck::tree
