#pragma once
// gafcheck render's work for one input: every selected frame of every selected entry drawn under
// the chosen policies, written as PNG below the output directory, and listed in index.json.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "validator/cli/render_inputs.hpp"
#include "validator/cli/safe_extract.hpp"
#include "validator/core/budget.hpp"
#include "validator/render/palette.hpp"

namespace gafcheck::cli {

struct RenderSettings {
  std::optional<std::string> entry;  // NAME or INDEX; none: every entry
  std::optional<std::uint32_t> frame;
  bool retail = true;
  bool strict = false;
  bool diff = false;
  bool sheet = false;    // one sprite sheet per entry and policy
  bool animate = false;  // one animated GIF per entry and policy
  render::Palette palette;
  bool record_palette = false;  // list the palette in every record (--game tak: per input)
  BudgetLimits limits;
  bool force = false;  // replace existing images
};

struct RenderTally {
  std::uint64_t written = 0;
  std::uint64_t not_drawn = 0;    // listed with a reason
  std::uint64_t not_written = 0;  // the output directory refused the file
  std::uint64_t not_found = 0;    // --entry or --frame selects nothing, or not a GAF or TAF
};

// Renders one input (already read) into directory, below prefix ("" or "N-name/"); appends the
// index.json records to images.
void render_input(const LoadedInput& input, const std::string& prefix,
                  const ExtractDirectory& directory, const RenderSettings& settings,
                  nlohmann::json& images, RenderTally& tally);

}  // namespace gafcheck::cli
