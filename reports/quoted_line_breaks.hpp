#pragma once
// Older gafcheck versions wrote some names raw into double-quoted scalars, U+2028 included.
// YAML 1.2 reads such a character as text, YAML 1.1 (PyYAML) as a line break, which inside double
// quotes only folds the scalar (or is an error before "---"), so both see the same documents.
// Anywhere else (a plain scalar, a comment, between tokens) a YAML 1.1 reader would start a new
// line there, perhaps a new document. This recognises the lines gafcheck writes (block `key:
// "text"`, list items, one-line flow maps with lists of double-quoted texts) and says whether
// every such character stands inside double quotes.
#include <string>

namespace gafcheck {

// Whether every YAML 1.1 line break (U+0085, U+2028, U+2029) and byte order mark in the line
// stands inside a double-quoted scalar of a line shaped as gafcheck writes them.
bool yaml11_breaks_only_in_double_quotes(const std::string& line);

}  // namespace gafcheck
