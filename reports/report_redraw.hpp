#pragma once
// gafcheck html: what --format html attaches beside a file's findings (html_attachments.hpp),
// made again from the file a report names, looked up under --root. The file is used only when it
// is still the file the report describes (its size, and its sha256 when the report has one); a
// file missing, unreadable, outside the root (a '..', a symbolic link leading out) or changed
// since the report gets a note saying so and nothing drawn from it, never a guess.
#include <functional>
#include <string>

#include "validator/core/check_options.hpp"
#include "validator/platform/beneath_root.hpp"
#include "validator/result/file_report.hpp"

namespace gafcheck {

using AttachHook = std::function<void(ByteView, FileReport&)>;

// "ROOT/PATH" for a report's path (an archive member keeps its "!member" part, load_input
// resolves it), or nullopt when the path is empty or has a ".." component: a report read back
// is untrusted and names only files under the root.
std::optional<std::string> path_under_root(const std::string& root, const std::string& path);

// Fills report.attachments from the file's bytes through `attach`, or with the reason they
// cannot be made (ReportAttachments::unavailable); a file without findings gets its gallery tiles.
// The file is looked up beneath `root` (its name, `root_name`, only for messages) and never
// outside it, through a '..' or a symbolic link (beneath_root.hpp).
void redraw_attachments(const RootDirectory& root, const std::string& root_name,
                        const CheckOptions& options, const AttachHook& attach, FileReport& report);

}  // namespace gafcheck
