#pragma once
// The SARIF 2.1.0 report: one run, tool.driver with every catalogue rule, one result per finding.
// Two profiles:
//  - github (--format sarif): what GitHub code scanning accepts and shows. Each result's one
//    location is the top-level file with region {startLine: 1} (GitHub requires a line); offset,
//    length, member and structure path go in properties and logicalLocations. Suppressed findings
//    are left out (GitHub ignores SARIF suppressions and would open alerts for them).
//  - binary (--format sarif-binary): spec-pure for binary artifacts. Regions are {byteOffset,
//    byteLength}; every file is an artifact in run.artifacts with its SHA-256, archive members
//    nested under their archive (parentIndex) and results located in them; suppressed findings
//    are kept, with suppressions [{kind: external, justification}].
// Both give every result partialFingerprints.primaryLocationLineHash, the offset-free fingerprint
// (finding_fingerprint.hpp).
//
// Streamed: results are written as each file report arrives (JSON does not order an object's
// keys, so the run's results come before its artifacts and invocations). The writer holds one
// file report's fingerprint counts (at most the findings budget's worth) and the current archive
// chain; the binary profile's artifacts go to an anonymous temporary file (opened by the
// constructor, before the run confines itself) and are copied in at the end. Memory stays flat in
// the size of the tree.
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reports/report_places.hpp"
#include "reports/sarif_result.hpp"
#include "reports/yaml_report.hpp"
#include "validator/report/file_report.hpp"

namespace gafcheck {

// Receives the report text in order; each call is a whole piece (a result, a closing).
using TextSink = std::function<void(std::string_view)>;

class SarifWriter {
 public:
  // Throws OutputError when the binary profile's temporary file cannot be made.
  SarifWriter(SarifProfile profile, TextSink sink);
  SarifWriter(const SarifWriter&) = delete;
  SarifWriter& operator=(const SarifWriter&) = delete;
  ~SarifWriter();

  // Opens the log and its run, up to the results array.
  void header(const ReportHeader& header);
  // One result per finding of the report. relative and root: see ReportPlaces::place.
  void file(const FileReport& report, std::string_view relative, std::string_view root);
  // Closes the results; writes artifacts, originalUriBaseIds and the invocation.
  void summary(const ReportClosing& closing);

 private:
  struct Artifact {
    std::string display;  // the report's path, for members to find their parent
    std::size_t index = 0;
  };
  std::string uri_base_id(std::string_view root);
  // Writes the report's artifact and points location at it.
  void add_artifact(const FileReport& report, const ReportPlace& place, SarifLocation& location);
  void copy_artifacts();

  SarifProfile profile_;
  TextSink sink_;
  ReportPlaces places_;
  ReportHeader header_;
  bool first_result_ = true;
  std::vector<std::string> roots_;  // as first seen; uriBaseId ROOTn names roots_[n]
  // Artifacts (binary profile): written to artifacts_file_ as they come; the chain of archives
  // the current report lies in (bounded by the archive depth budget).
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> artifacts_file_;
  std::size_t artifact_count_ = 0;
  std::vector<Artifact> chain_;
};

}  // namespace gafcheck
