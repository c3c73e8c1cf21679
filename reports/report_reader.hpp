#pragma once
// Reads a report (a stream of YAML documents) one document at a time, with memory bounded by the
// largest document. Documents are split at "---" lines: every value gafcheck writes is a one-line
// scalar, so such a line never occurs inside a document.
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <optional>
#include <string>

namespace gafcheck {

struct ReportDocument {
  std::string text;  // verbatim, "---" line included
  YAML::Node node;
  std::string kind;  // the document's kind field
};

class ReportStream {
 public:
  // Throws std::runtime_error when the file cannot be opened.
  explicit ReportStream(const std::string& path);

  // The next document, or nullopt at the end. A document that does not parse is an error
  // (std::runtime_error naming the report) unless it is the last one: a write cut short by a
  // killed process, which ends the stream and sets truncated().
  std::optional<ReportDocument> next();
  bool truncated() const { return truncated_; }
  const std::string& path() const { return path_; }

 private:
  std::optional<std::string> next_text();

  std::string path_;
  std::ifstream in_;
  std::string line_;
  bool have_line_ = false;
  bool truncated_ = false;
};

}  // namespace gafcheck
