#pragma once
// A --palette argument, a palette file or an archive member (totala1.hpi!palettes/PALETTE.PAL),
// loaded as render and diff load it: read by the input loader under the caller's budgets, its
// format told from its bytes (palette_reader.hpp). A damaged member is refused unless the caller
// allows it; then it is used as a reader decodes it and named so.
//
// Which palette a command draws with (resolve_palette), the first that is given of:
//   --palette PALETTE            a file or an archive member
//   --palette-from ARCHIVE       the archive's palettes/PALETTE.PAL member
//   GAFCHECK_PALETTE             the environment variable: a file or an archive member
//   palette: in a configuration  given with --config; relative to the configuration's folder
// else the computed forensic palette, which the command says once on standard error
// (forensic_palette_notice) and records where it records the palette.
#include <string>

#include "validator/base/result.hpp"
#include "validator/core/check_options.hpp"
#include "validator/render/palette.hpp"

namespace gafcheck::render {

// A palette that is a damaged archive member: refused (found), or when allowed (--draw-damaged)
// used and named in message.
struct DamagedPalette {
  bool allowed = false;
  bool found = false;
  std::string message;
};

// The palette file or member, or a usage Problem saying why it cannot be used.
Result<Palette> read_palette_at(const std::string& argument, const CheckOptions& options,
                                DamagedPalette& damaged);

// The palette argument's palette (the forensic one when it is empty); throws UsageError when it
// cannot be used.
Palette load_palette(const std::string& argument, const CheckOptions& options,
                     DamagedPalette& damaged);

// Where a command may find its palette. config_palette is the palette: value of a configuration
// the user named (--config FILE), config_directory that file's folder: a configuration found
// beside the inputs (an upload's .gafcheck.yaml) must not be passed, since its palette: could
// name any file the user can read and show its bytes as colours.
struct PaletteChoice {
  std::string palette;
  std::string palette_from;
  std::string config_palette;
  std::string config_directory;
};

inline constexpr const char* palette_environment_variable = "GAFCHECK_PALETTE";

// The palette argument (a file or ARCHIVE!member) the choice names, empty for the forensic
// palette, and what named it ("--palette", "GAFCHECK_PALETTE", ...). Reads the environment, no
// file: callers let the sandbox read argument's file before they load it.
struct PalettePlace {
  std::string argument;
  std::string chosen_by;
};
PalettePlace palette_place(const PaletteChoice& choice);

struct ResolvedPalette {
  Palette palette;     // its own source names the file and format: "x.pal (PALETTE.PAL)"
  std::string source;  // what chose it: "--palette", "GAFCHECK_PALETTE", ..., or "forensic"
};

// The choice's palette; throws UsageError when the one it names cannot be used.
ResolvedPalette resolve_palette(const PaletteChoice& choice, const CheckOptions& options,
                                DamagedPalette& damaged);

// Said once on standard error by a command that drew with the forensic palette.
inline constexpr const char* forensic_palette_notice =
    "drawn with the forensic palette; give --palette PALETTE.PAL (or GAFCHECK_PALETTE / config "
    "palette:) to see the game's colours";

}  // namespace gafcheck::render
