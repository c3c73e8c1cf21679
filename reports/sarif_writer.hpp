#pragma once
// --format sarif and --format sarif-binary: a SARIF 2.1.0 log, one run, tool.driver with every
// catalogue rule (sarif_rules.hpp), one result per listed finding (sarif_result.hpp).
//  - sarif (the GitHub profile): what GitHub code scanning accepts and shows. Each result's one
//    location is the top-level file, relative to the root it was found under, with region
//    {startLine: 1} (GitHub requires a line); offset, length, member and structure path go in
//    properties and logicalLocations. Suppressed findings are left out (GitHub ignores SARIF
//    suppressions and would open alerts for them).
//  - sarif-binary: spec-pure for binary artifacts. Regions are {byteOffset, byteLength}; every
//    file is an artifact in run.artifacts with its length and SHA-256, archive members nested
//    under their archive (parentIndex) and their results located in them; suppressed findings
//    are kept, with suppressions [{kind: external, justification}].
// Both give each result partialFingerprints.primaryLocationLineHash, the offset-free fingerprint
// (finding_fingerprint.hpp). Roots are run.originalUriBaseIds ROOT0, ROOT1, ... in command-line
// order.
//
// Memory: streamed. JSON does not order an object's keys, so the run's results are written as
// each input comes and its artifacts, originalUriBaseIds and invocations follow them. The writer
// holds one report's fingerprint counts (at most the findings budget's worth) and the chain of
// archives the current report lies in; sarif-binary's artifacts go to an anonymous temporary
// file, opened with the writer (before the run confines itself), and are copied in at the end.
// Memory stays flat in the size of the tree.
#include <memory>

#include "reports/format_writer.hpp"

namespace gafcheck {

std::unique_ptr<FormatWriter> make_sarif_writer(std::unique_ptr<ReportOutput> output,
                                                const FormatContext& context);
std::unique_ptr<FormatWriter> make_sarif_binary_writer(std::unique_ptr<ReportOutput> output,
                                                       const FormatContext& context);

}  // namespace gafcheck
