#include "reports/report_redraw.hpp"

#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_loader.hpp"

namespace gafcheck {

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

namespace {

// The file a report path names beneath the root: the whole path when it names a file there, else
// an archive member, "mod.ufo!anims/x.gaf", the longest part before a '!' that does. A refusal
// (a link leading out) is the answer, never a reason to try a shorter part.
LoadedInput load_beneath(const RootDirectory& root, const std::string& path,
                         const CheckOptions& options) {
  const std::uint64_t max_size = options.limits[BudgetKind::file_size];
  RootDirectory::Opened opened = root.open(path, max_size);
  std::size_t disk_size = path.size();
  for (std::size_t bang = path.rfind('!');
       !opened.file && opened.missing && bang != std::string::npos && bang > 0;
       bang = path.rfind('!', bang - 1)) {
    opened = root.open(path.substr(0, bang), max_size);
    disk_size = bang;
  }
  if (!opened.file) {
    LoadedInput out;
    out.error = opened.error;
    return out;
  }
  return load_opened_input(std::move(*opened.file), path.substr(0, disk_size),
                           disk_size == path.size() ? std::string() : path.substr(disk_size + 1),
                           options);
}

}  // namespace

void redraw_attachments(const RootDirectory& root, const std::string& root_name,
                        const CheckOptions& options, const AttachHook& attach, FileReport& report) {
  if (report.format == Format::unreadable) return;
  const auto unavailable = [&report](std::string why) {
    report.attachments.emplace();
    report.attachments->unavailable = std::move(why);
  };
  const std::optional<std::string> disk = path_under_root(root_name, report.path);
  if (!disk) return unavailable("not drawn: the report names it with a '..' component");
  const LoadedInput input = load_beneath(root, report.path, options);
  if (!input.error.empty())
    return unavailable("not drawn: " + escape_bytes(*disk) + " cannot be read beneath --root (" +
                       input.error + "); nothing outside the root is read");
  // Not what was packed: its pictures would pass for the member's.
  if (input.damaged())
    return unavailable("not drawn: " + escape_bytes(*disk) +
                       " is a damaged archive member: " + input.damage);
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

}  // namespace gafcheck
