#pragma once
// Reads a report back (a stream of YAML documents) one document at a time. A report read back is
// untrusted input: it travels between machines as a CI artifact or shared baseline. So the reader
// is bounded (line length, document size, total bytes), splits documents where every YAML reader
// does, builds no node for an anchor, alias, tag, complex or duplicate key or deep nesting
// (yaml_event_tree.hpp), and checks every document against what gafcheck writes
// (report_schema_check.hpp) before anyone uses it. Every refusal is a ReportError naming the
// report, the document and the reason.
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>

#include "validator/base/errors.hpp"

namespace gafcheck {

// A report that cannot be used: the CLI exits 3 with its message.
struct ReportError : Error {
  explicit ReportError(const std::string& message) : Error(ExitCode::unreadable, message) {}
};

// A gafcheck report (its header says so) that does not hold what gafcheck writes: a field its
// schema requires is missing, a value is of the wrong kind... Commands that treat a file that is
// no gafcheck report at all as a usage error (merge, --baseline) still exit 3 for this.
struct DamagedReport : ReportError {
  using ReportError::ReportError;
};

// A document that does not hold what the code reading it needs (a record without a field, a rule
// this build does not know, a report that is not a census report). The caller names the report
// and says what it means: a damaged report, or the wrong file given (a usage error). One that
// reaches main untranslated is a bug.
struct ReportContentError : InternalError {
  using InternalError::InternalError;
};

struct ReportLimits {
  std::uint64_t total_bytes = std::uint64_t{4} << 30;  // --max-report-size
  std::uint64_t document_bytes = std::uint64_t{16} << 20;
  std::uint64_t line_bytes = std::uint64_t{1} << 20;
  unsigned depth = 12;  // nested maps and sequences; gafcheck writes at most 5
  // YAML nodes in one document (keys count): a file document with 65,536 archive members and
  // 10,000 findings (the default budgets) has about 1,070,000.
  std::uint64_t nodes = 1500000;
};

// The limits every ReportStream starts with; the CLI sets them from --max-report-size.
const ReportLimits& default_report_limits();
void set_default_report_limits(const ReportLimits& limits);

struct ReportDocument {
  std::string text;  // verbatim, starting with its "---" line
  YAML::Node node;   // validated against what gafcheck writes for its kind
  std::string kind;
  std::uint64_t index = 0;  // 1 for the header
};

class ReportStream {
 public:
  // Throws ReportError when the file cannot be opened, is empty or does not start with a gafcheck
  // header document; the header is then the first document next() returns.
  explicit ReportStream(const std::string& path,
                        const ReportLimits& limits = default_report_limits());

  // The next document, or nullopt at the end. A document that does not parse or validate is a
  // ReportError unless it is the last one: a write cut short by a killed process, which ends the
  // stream. So is a document after the summary.
  std::optional<ReportDocument> next();
  // After next() returned nullopt: whether the report ended with its summary document.
  bool complete() const { return summary_seen_; }
  // Whether the last document was dropped as cut short, and what was wrong with it.
  bool truncated() const { return truncated_; }
  const std::string& cut_short() const { return cut_short_; }
  const std::string& path() const { return path_; }
  // The report schema version its header says (report_schema_check.hpp).
  unsigned schema_version() const { return schema_version_; }

 private:
  struct Chunk {
    std::string text;
    bool explicit_start = false;  // began at a "---" marker
    std::uint64_t first_line = 0;
  };
  bool read_line(std::string& line);
  std::optional<Chunk> next_chunk();
  [[noreturn]] void fail(const std::string& where, const std::string& reason) const;
  // Drops the last document, cut short by a killed writer (or made to look so).
  std::nullopt_t dropped(const std::string& where, const std::string& reason);

  std::string path_;
  ReportLimits limits_;
  std::ifstream in_;
  std::uint64_t bytes_read_ = 0;
  std::uint64_t line_number_ = 0;
  bool last_line_had_newline_ = true;
  std::string line_;
  bool have_line_ = false;  // line_ is a "---" marker not yet consumed
  bool at_end_ = false;     // the file is read to its end
  bool ended_ = false;      // next() returns no more documents
  bool reading_header_ = false;
  bool gafcheck_header_ = false;  // the first document says kind: header, tool: gafcheck
  unsigned schema_version_ = 1;   // what the header says; each document is checked against it
  std::uint64_t documents_ = 0;
  std::optional<ReportDocument> header_;
  bool summary_seen_ = false;
  bool truncated_ = false;
  std::string cut_short_;
};

}  // namespace gafcheck
