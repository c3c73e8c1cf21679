#pragma once
// gafcheck render's whole run: the output directory opened and every input protected, the
// sandbox entered, the palette loaded, the inputs drawn on workers and taken over in input order,
// index.json written and the run summed up on standard error.
#include <cstdint>
#include <string>
#include <vector>

#include "validator/base/exit_code.hpp"
#include "validator/core/check_options.hpp"
#include "validator/render/palette_argument.hpp"
#include "validator/render/render_job.hpp"

namespace gafcheck {

struct RenderRun {
  std::vector<std::string> inputs;  // files or archive members (ARCHIVE!path)
  std::string directory;            // written into, created if need be
  render::PaletteChoice palette;    // none given: forensic (or TA: Kingdoms')
  bool tak_lookup = false;          // each input's palette looked up as TA: Kingdoms does
  std::uint64_t max_images = 250'000;
  unsigned jobs = 1;  // worker threads (at least 1)
  RenderSettings settings;
  CheckOptions check;  // how inputs and palettes are read
  bool sandbox = true;

  // Throws UsageError when DIR cannot be written or would replace an input, or the palette is
  // not usable.
  ExitCode run() const;
};

}  // namespace gafcheck
