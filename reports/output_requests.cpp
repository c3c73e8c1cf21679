#include "reports/output_requests.hpp"

#include "reports/report_output.hpp"
#include "validator/base/errors.hpp"

namespace gafcheck {

bool is_standard_output(const std::string& path) {
  return path == "-" || path.empty() || path == "/dev/stdout";
}

std::vector<std::string> output_paths(const std::vector<OutputRequest>& requests) {
  std::vector<std::string> paths;
  for (const OutputRequest& request : requests) paths.push_back(request.path);
  return paths;
}

bool text_on_standard_output(const std::vector<OutputRequest>& requests) {
  for (const OutputRequest& request : requests)
    if (request.format == "text" && is_standard_output(request.path)) return true;
  return false;
}

const std::string* yaml_output(const std::vector<OutputRequest>& requests) {
  for (const OutputRequest& request : requests)
    if (request.format == "yaml") return &request.path;
  return nullptr;
}

std::vector<std::unique_ptr<FormatWriter>> open_writers(const std::vector<OutputRequest>& requests,
                                                        const FormatContext& context,
                                                        OutputMode yaml_mode) {
  std::vector<std::unique_ptr<FormatWriter>> writers;
  for (const OutputRequest& request : requests) {
    const OutputMode mode = request.format == "yaml" ? yaml_mode : OutputMode::atomic;
    FormatContext own = context;
    own.colour = request.colour;
    writers.push_back(make_format_writer(  // throws FormatUnavailable, a usage error
        request.format, std::make_unique<ReportOutput>(request.path, mode), own));
  }
  return writers;
}

}  // namespace gafcheck
