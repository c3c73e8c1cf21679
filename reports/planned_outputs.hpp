#pragma once
// The outputs of a command that writes its documents whole at the end (diff): each opened before
// the sandbox closes (a temp file beside its destination, renamed into place at commit) and named
// in the sandbox plan, so its directory may create the file and a violation removes the temp file.
#include <memory>
#include <vector>

#include "reports/output_requests.hpp"
#include "reports/report_output.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck {

std::vector<std::unique_ptr<ReportOutput>> open_planned_outputs(
    const std::vector<OutputRequest>& requests, SandboxPlan& plan);

}  // namespace gafcheck
