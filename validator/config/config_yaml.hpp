#pragma once
// The first pass over a configuration's text: yaml-cpp's parser events, refused on the spot for
// what a configuration never needs and a hostile one would use to multiply work (anchors and
// aliases, tags, more than one document, complex or repeated keys, deep nesting, too many nodes),
// each as a ConfigError "FILE:LINE:COLUMN: message". Only text that passes is loaded as a tree.
#include <cstdint>
#include <string>

namespace gafcheck::config {

inline constexpr unsigned max_config_depth = 8;
inline constexpr std::uint64_t max_config_nodes = 100000;

// Returns how many nodes the text holds (0: empty, or only comments). Throws ConfigError.
std::uint64_t refuse_unsafe_yaml(const std::string& text, const std::string& path);

}  // namespace gafcheck::config
