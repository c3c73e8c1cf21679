#pragma once
// Which tool wrote a file, as gafcheck identify and every file report say it: the tool and its
// versions from rules/writers.yaml with a confidence and the facts it rests on, or `unknown` with
// what was seen (never a guessed name). validator/provenance decides it.
#include <string>
#include <string_view>
#include <vector>

namespace gafcheck {

inline constexpr std::string_view unknown_writer = "unknown";

struct WriterIdentity {
  std::string tool = std::string(unknown_writer);
  std::string versions;             // empty when unknown
  std::string confidence = "none";  // certain, likely, possible; none for unknown
  std::vector<std::string> basis;   // the facts that matched (or, for unknown, what was seen)

  bool operator==(const WriterIdentity&) const = default;
};

}  // namespace gafcheck
