#include "reports/planned_outputs.hpp"

namespace gafcheck {

std::vector<std::unique_ptr<ReportOutput>> open_planned_outputs(
    const std::vector<OutputRequest>& requests, SandboxPlan& plan) {
  std::vector<std::unique_ptr<ReportOutput>> outputs;
  for (const OutputRequest& request : requests) {
    outputs.push_back(std::make_unique<ReportOutput>(request.path));
    plan.output_paths.push_back(request.path);
    if (outputs.back()->is_temp())
      plan.remove_on_violation.push_back(outputs.back()->current_path().string());
  }
  return outputs;
}

}  // namespace gafcheck
