#pragma once
// gafcheck diff's content document (kind: content-diff; reports/schema/content-diff.schema.json),
// written as YAML (JSON is the same document through json_from_yaml_document), and its text form
// for a terminal and standard error.
#include <string>

#include "validator/compare/content_diff.hpp"

namespace gafcheck::compare {

// "same" (not a byte differs), "re-encoded" (bytes differ, the game shows the same) or
// "different".
std::string_view content_verdict(const ContentDiff& diff);

std::string yaml_content_diff(const ContentDiff& diff);

// One line per changed file, entry and frame, for people; the last line sums it up.
std::string text_content_diff(const ContentDiff& diff);

// The summing-up line alone (standard error, when the document goes elsewhere).
std::string content_diff_summary(const ContentDiff& diff);

}  // namespace gafcheck::compare
