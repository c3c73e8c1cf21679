#pragma once
// What the rebuild does about each finding of its input, by rule (the sidecar's `rebuild`
// section): fixed (the canonical file no longer has it, and the game draws the same), dropped
// (the content it concerns is left out: what the player loses is in the note), or kept (the
// rebuilt file keeps the oddity because it is what the game draws or plays).
#include <string>

#include "validator/rebuild/rebuild_file.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck::rebuild {

// The disposition of a finding on content the rebuild keeps (an entry the game reaches).
Disposition disposition_of(const Finding& finding, bool mask_version_kept);

// A layer.alt-blend finding once its composite is written: kept (the layer stays in its
// composite with its +11 byte, rebuild/kept_composite.hpp) or dropped (flattened).
Disposition tinted_layer_disposition(Disposition disposition, bool kept_as_composite);

// A finding on content the rebuild leaves out, with why.
Disposition dropped_disposition(const Finding& finding, std::string note);

}  // namespace gafcheck::rebuild
