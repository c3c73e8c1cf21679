#pragma once
// TSF lint (docs/format/gaf.md §8): syntax, the animation/frame/layer shape the compiler needs,
// value ranges, and the images the layers name.
#include <string_view>

#include "validator/core/input_name.hpp"
#include "validator/core/walk_context.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck::tsf {

class ImageLookup;

// Lints the script in context.file and adds tsf.* counters to summary. images: where Filename
// values are looked up; nullptr skips the lookup (names are still checked for path escapes).
void lint_tsf(WalkContext& context, Counters& summary, ImageLookup* images);

// The check pipeline's entry: images are looked up next to a file on disk when that directory
// exists; not for an archive member (its siblings are members, not files beside a path that
// only looks like one).
void check_tsf(WalkContext& context, FileReport& report, const InputName& name);

}  // namespace gafcheck::tsf
