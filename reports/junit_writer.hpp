#pragma once
// --format junit: JUnit XML for CI servers (Jenkins, GitLab test reports). One <testsuites> with
// one <testsuite> (counts, time, timestamp, the run's settings as properties), and one
// <testcase> per report: each input file, and each archive member as ARCHIVE!MEMBER, in the
// report's order. classname is gafcheck.FORMAT (gafcheck.gaf, gafcheck.hpi, ...), name the path
// inside the root it was found under (path_in_root: stable across machines, unique in a run; with
// several roots, inside their longest common directory, so a/x.gaf and b/x.gaf stay two names).
// A file with a finding at or above --fail-on gets a <failure> whose body has one line per listed
// finding (finding_line.hpp); a file whose findings are all suppressed, or that is ignored, gets
// <skipped> (ReportItem::suppressed); other listed findings go to the testcase's <system-out>.
// Validated against the Jenkins JUnit XSD (tests/e2e/formats_test.py). Text is escaped by
// xml_text.hpp. The testcases are spooled to an unnamed temp file as the run goes (memory stays
// flat in tree size) and written after the suite's opening tag, whose counts are only known at
// the end.
#include <memory>

#include "reports/format_writer.hpp"

namespace gafcheck {

std::unique_ptr<FormatWriter> make_junit_writer(std::unique_ptr<ReportOutput> output,
                                                const FormatContext& context);

}  // namespace gafcheck
