#pragma once
// The GitLab Code Quality report (a Code Climate issue list): one JSON array, one issue per
// finding, with the offset-free fingerprint (finding_fingerprint.hpp) GitLab compares merge
// requests by. GitLab places issues on lines of text files; a binary file has none, so every issue
// is on line 1 of its top-level file and the description says where in the bytes. Suppressed
// findings are left out (Code Quality has no notion of them).
//
// Streamed: each issue is written as its file report arrives; the writer holds one report's
// fingerprint counts (at most the findings budget's worth).
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "reports/report_places.hpp"
#include "reports/sarif_writer.hpp"
#include "validator/core/finding.hpp"

namespace gafcheck {

// A finding whose retail impact is crash -> blocker; otherwise error -> critical,
// warning -> major, info -> info.
std::string_view codeclimate_severity(const Finding& finding);

nlohmann::json codeclimate_issue(const Finding& finding, const ReportPlace& place,
                                 const std::string& fingerprint);

class CodeClimateWriter {
 public:
  explicit CodeClimateWriter(TextSink sink) : sink_(std::move(sink)) {}

  void header();
  // relative and root: see ReportPlaces::place.
  void file(const FileReport& report, std::string_view relative, std::string_view root);
  void summary();

 private:
  TextSink sink_;
  ReportPlaces places_;
  bool first_ = true;
};

}  // namespace gafcheck
