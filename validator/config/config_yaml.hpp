#pragma once
// The first pass over a configuration's text: yaml-cpp's parser events, refused on the spot for
// what a configuration never needs and a hostile one would use to multiply work (anchors and
// aliases, tags, more than one document, complex or repeated keys, deep nesting, too many nodes),
// each as a ConfigError "FILE:LINE:COLUMN: message". Only text that passes is loaded as a tree.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gafcheck::config {

inline constexpr unsigned max_config_depth = 8;
inline constexpr std::uint64_t max_config_nodes = 100000;

// Returns how many nodes the text holds (0: empty, or only comments). Throws ConfigError.
std::uint64_t refuse_unsafe_yaml(const std::string& text, const std::string& path);

// A configuration named by mistake may be anything (a secrets file, /etc/shadow, a binary), and
// its error message must not print it. Text from the file is quoted only when it is a near miss
// of a name gafcheck publishes (a key, rule id, level or profile: nearest_name finds one, as for
// a typo or a part of the name): " 'fail-onn'"; anything else is left out: "". Only a near copy
// or a piece of a public name can be printed, never a secret. (The name suggested, did_you_mean,
// is public and always safe to print.)
std::string quoted_if_near(std::string_view text, const std::vector<std::string_view>& names);
// A YAML parser's message without what it quotes from the text ("unknown escape character: X"
// -> "unknown escape character").
std::string without_quoted_text(const std::string& message);

}  // namespace gafcheck::config
