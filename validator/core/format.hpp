#pragma once
#include <optional>
#include <string_view>

namespace gafcheck {

// What the bytes are, decided from content (detect/sniff), not from the file name.
enum class Format { gaf, taf_truecolor, taf_paletted, ta3d_gaf, hpi, tsf, unknown, unreadable };

std::string_view format_name(Format format);
std::optional<Format> format_from_name(std::string_view name);

}  // namespace gafcheck
