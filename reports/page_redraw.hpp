#pragma once
// gafcheck html's run: an existing report (check or census, read back through the hardened report
// reader) drawn as the page --format html writes, its thumbnails and hex excerpts made again
// from the files beneath the root the report's paths are looked up in (report_redraw.hpp).
#include <cstdint>
#include <string>

#include "validator/base/exit_code.hpp"
#include "validator/core/check_options.hpp"
#include "validator/render/palette.hpp"

namespace gafcheck {

struct PageRedraw {
  std::string report_path;
  std::string root;    // where the report's paths are looked up
  std::string output;  // the page; "-": standard output
  CheckOptions check;  // budgets for the files read again
  std::uint64_t thumbnails_per_file = 0, thumbnails = 0;
  std::uint64_t gallery_thumbnails = 0;                  // --max-gallery-thumbnails
  render::Palette palette = render::forensic_palette();  // --palette
  bool sandbox = true;

  // Throws UsageError when the page would replace a file the report names beneath the root.
  ExitCode run() const;
};

}  // namespace gafcheck
