#pragma once
// Names of what render writes, made from hostile bytes: an entry's directory is its index in the
// entry table and its name, "INDEX-NAME", the name cut at its first NUL and reduced to
// [A-Za-z0-9_+-] and inner dots (every other byte, path separators, control bytes and a leading
// dot included, becomes '_'), at most 32 bytes. The index prefix makes every directory distinct
// even where two entries share a name or differ only in case (case-insensitive file systems), and
// no name can be "." or "..".
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace gafcheck::render {

inline constexpr std::size_t max_name_part = 32;

// The sanitised part (never empty: "_" for an empty name).
std::string sanitized_name(std::string_view bytes, std::size_t max_bytes = max_name_part);

std::string entry_directory(std::uint32_t entry, const std::array<std::uint8_t, 32>& name);

// "INDEX-BASENAME" for one input among several (the last component of its display name).
std::string input_directory(std::size_t input, std::string_view display_name);

}  // namespace gafcheck::render
