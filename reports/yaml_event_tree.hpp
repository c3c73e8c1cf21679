#pragma once
// Builds a YAML::Node from yaml-cpp's parser events for one document of a report, refusing on the
// spot what gafcheck never writes: anchors, aliases, tags, complex (non-scalar) keys, duplicate
// keys and nesting deeper than a bound. Refusing at the event, before any node exists, is what
// keeps an alias bomb from multiplying the work of everything that walks the tree.
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>

#include "validator/base/errors.hpp"

namespace gafcheck {

// Refused or malformed YAML; line is 1-based within the document's text. The report reader turns
// it into a ReportError (exit 3) that names the document.
struct YamlRefusal : Error {
  YamlRefusal(std::uint64_t line_in_document, const std::string& reason, bool syntax_error = false)
      : Error(ExitCode::unreadable, reason), line(line_in_document), syntax(syntax_error) {}
  std::uint64_t line;
  bool syntax;  // not YAML at all (as text cut short is), rather than YAML gafcheck never writes
};

struct TreeLimits {
  unsigned depth = 12;                   // nested maps and sequences
  std::uint64_t nodes = 1000000;         // scalars (keys included), maps and sequences
  std::uint64_t scalar_bytes = 1 << 20;  // gafcheck writes one-line scalars
};

// The documents in `text` (zero when it holds only comments and blank lines, else one). Throws
// YamlRefusal, also when the text holds more than one document.
std::optional<YAML::Node> load_one_document(const std::string& text, const TreeLimits& limits);

}  // namespace gafcheck
