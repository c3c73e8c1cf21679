#pragma once
// TSF scripts for `gafcheck rebuild`: written again in one canonical form where what
// the script means is unambiguous, refused with the reason otherwise.
//
// The canonical form (one place): no byte order mark, no comments, CRLF line endings (the TA:
// Kingdoms GUI scripts are Windows text); one section header or statement per line, indented
// four spaces per nesting level, the '{' and '}' of a section on their own lines at its
// header's indent; statements as `Key = value;` in the order written; the known keys in the
// spec's spelling (Looping in an animation, Delay in a frame, AnchorX, AnchorY and Filename in a
// layer; the game compares keys ignoring ASCII case), their integer values in plain decimal
// ("+007" is 7); other keys, values, and section names byte for byte.
//
// Refused: anything the check reports as an error (syntax, missing structure, values out of
// range, names leaving the script's directory), a key given twice in one section (which one the
// game uses is not established), a comment inside a key, value or section name, and values
// longer than the parser keeps. Extra animations (tsf.multiple-animations: only the first is
// compiled) refuse the script unless drop_unrenderable, which leaves them out.
//
// Output size: each statement or section line of the input becomes one line of at most its own
// bytes plus 4 x depth of indent and 5 bytes of separators; the output is also held to --max-heap.
#include <string_view>

#include "validator/core/byte_view.hpp"
#include "validator/rebuild/rebuild_file.hpp"

namespace gafcheck::rebuild {

RebuildResult normalise_tsf(ByteView input, std::string_view path_in_tree,
                            const RebuildOptions& options);

}  // namespace gafcheck::rebuild
