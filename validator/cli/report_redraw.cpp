#include "validator/cli/report_redraw.hpp"

#include "validator/cli/render_inputs.hpp"
#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::cli {

std::optional<std::string> path_under_root(const std::string& root, const std::string& path) {
  if (path.empty()) return std::nullopt;
  for (std::size_t start = 0; start <= path.size();) {
    std::size_t end = path.find_first_of("/!", start);
    if (end == std::string::npos) end = path.size();
    if (path.compare(start, end - start, "..") == 0 && end - start == 2) return std::nullopt;
    start = end + 1;
  }
  std::string joined = root.empty() ? "." : root;
  if (joined.back() != '/' && path.front() != '/') joined += '/';
  return joined + path;
}

void redraw_attachments(const std::string& root, const CheckOptions& options,
                        const AttachHook& attach, FileReport& report) {
  if (report.findings.empty() || report.format == Format::unreadable) return;
  const auto unavailable = [&report](std::string why) {
    report.attachments.emplace();
    report.attachments->unavailable = std::move(why);
  };
  const std::optional<std::string> disk = path_under_root(root, report.path);
  if (!disk) return unavailable("not drawn: the report names it with a '..' component");
  const LoadedInput input = load_input(*disk, options);
  if (!input.error.empty())
    return unavailable("not drawn: " + escape_bytes(*disk) + " cannot be read (" + input.error +
                       ")");
  const ByteView bytes = input.view();
  if (bytes.size() != report.size)
    return unavailable("not drawn: " + escape_bytes(*disk) + " has changed since the report (" +
                       std::to_string(bytes.size()) + " bytes, the report says " +
                       std::to_string(report.size) + ")");
  if (!report.sha256.empty() && sha256_hex(bytes) != report.sha256)
    return unavailable("not drawn: " + escape_bytes(*disk) +
                       " has changed since the report (its sha256 differs)");
  attach(bytes, report);
}

}  // namespace gafcheck::cli
