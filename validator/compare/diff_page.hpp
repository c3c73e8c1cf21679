#pragma once
// gafcheck diff's HTML page of a content diff: one self-contained page (no external resource:
// pictures as PNG data: URIs, inline style and script) for a reviewer. A header with the verdict
// and the counts; per changed file its change, a table of its entry and frame changes (the
// fields that differ, the pixels that differ, their box, a recolour) and, per changed frame
// whose pictures were taken (frame_pictures.hpp), the old and new drawings and their difference
// side by side, with a swipe and an onion-skin view; its TSF statements; the findings it gained
// and lost. Every text from the inputs is escape_bytes()d, then HTML-escaped.
#include <string>

#include "validator/compare/content_diff.hpp"

namespace gafcheck::compare {

std::string html_content_diff(const ContentDiff& diff);

}  // namespace gafcheck::compare
