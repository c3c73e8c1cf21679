#pragma once
// --format codeclimate: the GitLab Code Quality report (a Code Climate issue list), one JSON
// array, one issue per listed finding, with the offset-free fingerprint (finding_fingerprint.hpp)
// GitLab compares merge requests by. GitLab places issues on lines of text files; a binary file
// has none, so every issue is on line 1 of its top-level file (relative to the root it was found
// under) and the description says where in the bytes. Suppressed findings are left out (Code
// Quality has no notion of them).
//
// Memory: streamed; each issue is written as its input comes. The writer holds one report's
// fingerprint counts (at most the findings budget's worth).
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <string_view>

#include "reports/format_writer.hpp"
#include "reports/report_places.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck {

// A finding whose retail impact is crash -> blocker; otherwise error -> critical,
// warning -> major, info -> info.
std::string_view codeclimate_severity(const Finding& finding);

nlohmann::json codeclimate_issue(const Finding& finding, const ReportPlace& place,
                                 const std::string& fingerprint);

std::unique_ptr<FormatWriter> make_codeclimate_writer(std::unique_ptr<ReportOutput> output,
                                                      const FormatContext& context);

}  // namespace gafcheck
