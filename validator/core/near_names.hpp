#pragma once
// "Did you mean": the published name (an option, rule id, profile, configuration key, command)
// that a mistyped one most likely meant, so a usage error can offer it.
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace gafcheck {

// The name of `names` that `text` is a typo of: the one fewest edits away (an insertion, deletion,
// substitution or swap of two neighbouring characters each), within a budget that grows with the
// text (one edit from 4 characters, two from 8: a one-letter word is near every two-letter one);
// failing that, the shortest name that holds a text of 4 or more characters ("slack" ->
// "hpi.slack", "entry.name-trailing" -> "entry.name-trailing-bytes"). Ties go to the name listed
// first. nullopt when none is near, for an empty text or one longer than 64 characters.
std::optional<std::string_view> nearest_name(std::string_view text,
                                             std::span<const std::string_view> names);

// "; did you mean 'NAME'?" with NAME prefix + the nearest name (prefix: "--" for options), or ""
// when no name is near.
std::string did_you_mean(std::string_view text, std::span<const std::string_view> names,
                         std::string_view prefix = {});

}  // namespace gafcheck
