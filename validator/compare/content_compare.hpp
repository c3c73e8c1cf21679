#pragma once
// Compares two sides of gafcheck diff by content. Trees and archives are matched path by path as
// the game folds paths (A-Z folded, '\' as '/'); a file whose bytes are identical is recognised
// by them and never parsed; bytes gone from one path and found under another are moved or
// copied. A changed archive is compared member by member (nested archives too, to the depth
// budget); a changed sprite file entry by entry and frame by frame; a changed TSF statement by
// statement. Each changed file is checked on both sides, and the findings it gained or lost are
// listed with it.
#include <string>

#include "validator/compare/content_diff.hpp"
#include "validator/compare/content_side.hpp"
#include "validator/core/check_options.hpp"

namespace gafcheck::compare {

struct CompareSettings {
  CheckOptions check;           // budgets and game for reading, drawing and checking both sides
  bool ta3d = false;            // --game ta3d: TA3D truecolor frames drawn as TA3D draws them
  bool list_unchanged = false;  // list unchanged files, not only count them
  PictureSettings pictures;     // the pictures of changed frames (HTML page, --images)
};

// Both sides must be of the same kind (and not reports): the caller says otherwise first.
ContentDiff compare_content(const Side& before, const Side& after, const CompareSettings& settings);

}  // namespace gafcheck::compare
