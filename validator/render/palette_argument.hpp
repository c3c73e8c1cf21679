#pragma once
// A --palette argument, a palette file or an archive member (totala1.hpi!palettes/PALETTE.PAL),
// loaded as render and diff load it: read by the input loader under the caller's budgets, its
// format told from its bytes (palette_reader.hpp). A damaged member is refused unless the caller
// allows it; then it is used as a reader decodes it and named so.
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

}  // namespace gafcheck::render
