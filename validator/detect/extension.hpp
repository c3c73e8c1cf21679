#pragma once
// What only the file name can add to content detection: the kind of a GAF-layout .taf, and
// whether the extension names another format than the bytes (format.extension-mismatch).
#include <string>
#include <string_view>
#include <vector>

#include "validator/core/byte_view.hpp"
#include "validator/core/format.hpp"
#include "validator/core/walk_context.hpp"

namespace gafcheck {

// The extensions the detector knows (".gaf", ".taf", ".tsf" and the HPI family), for the shell
// completions and the manual.
std::vector<std::string_view> known_extension_names();

// The lower-case extension of the display path's last component (".gaf"), or "".
std::string display_extension(std::string_view display_path);

// A GAF-layout file named .taf is a paletted TAF when its frames say so, and is checked as a
// truecolor TAF when no frame says either (docs/format/gaf.md §6: only the format byte tells).
// Every other sniffed format is returned unchanged.
Format refine_format_by_name(Format sniffed, ByteView bytes, std::string_view display_path);

// format.extension-mismatch when the extension is one gafcheck knows (.gaf .taf .tsf and the
// HPI family) and names another format than the bytes.
void check_extension(WalkContext& context, Format format, std::string_view display_path);

}  // namespace gafcheck
