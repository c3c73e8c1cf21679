#include "validator/compare/content_comparison.hpp"

#include <sys/stat.h>

#include <iostream>
#include <memory>
#include <optional>

#include "reports/json_documents.hpp"
#include "reports/planned_outputs.hpp"
#include "validator/base/errors.hpp"
#include "validator/compare/diff_document.hpp"
#include "validator/compare/diff_page.hpp"
#include "validator/compare/picture_files.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/platform/sandbox.hpp"
#include "validator/render/palette_argument.hpp"

namespace gafcheck::compare {
namespace {

// Both sides must be alike: two trees, two archives, two sprite files, two TSFs, two reports (as
// files: two whole reports are compared as reports unless --content says otherwise), two other
// files. The error names both kinds.
void require_same_kind(const Side& before, const Side& after, bool content_asked) {
  if (before.kind == after.kind) return;
  const std::string kinds =
      escape_bytes(before.argument) + " is " + std::string(side_kind_name(before.kind)) + ", " +
      escape_bytes(after.argument) + " " + std::string(side_kind_name(after.kind));
  if (!content_asked && (before.kind == SideKind::report || after.kind == SideKind::report))
    throw UsageError{"diff compares two reports or two contents: " + kinds +
                     " (--content compares the report's bytes as a file)"};
  throw UsageError{"diff compares like with like: " + kinds};
}

std::string rendered(const ContentDiff& diff, const std::string& format) {
  if (format == "json") return json_from_yaml_document(yaml_content_diff(diff));
  if (format == "text") return text_content_diff(diff);
  if (format == "html") return html_content_diff(diff);
  return yaml_content_diff(diff);
}

// The pictures' directory, opened before the sandbox; the sides and the palette are protected
// by device and inode, so no picture replaces one whatever its name below DIR.
SafeDirectory open_pictures_directory(const std::string& directory,
                                      const std::vector<std::string>& inputs) {
  SafeDirectory target = open_output_directory(directory, "write pictures into");
  for (const std::string& input : inputs) {
    struct stat status {};
    if (!input.empty() && ::stat(input.c_str(), &status) == 0)
      target.protect(status.st_dev, status.st_ino, "an input " + escape_bytes(input));
  }
  return target;
}

void say_pictures(const ContentDiff& diff, const std::string& directory, std::uint64_t written) {
  if (!directory.empty())
    std::cerr << "diff: " << written << " pictures written into " << escape_bytes(directory)
              << " (old, new and difference of " << diff.pictures.taken << " changed frames)\n";
  if (diff.pictures.past_max_frames != 0)
    std::cerr << "diff: " << diff.pictures.past_max_frames
              << " changed frames not drawn: past --max-pictures " << diff.pictures.max_frames
              << '\n';
  if (diff.pictures.past_heap != 0)
    std::cerr << "diff: " << diff.pictures.past_heap
              << " changed frames not drawn: past the heap budget (--max-heap "
              << diff.pictures.heap_budget << ")\n";
}

}  // namespace

ExitCode ContentComparison::run() const {
  SandboxPlan plan;
  plan.read_paths = {disk_path_of(before), disk_path_of(after)};
  if (!palette.empty()) plan.read_paths.push_back(disk_path_of(palette));
  std::optional<SafeDirectory> pictures_directory;
  if (!images_directory.empty()) {
    pictures_directory.emplace(open_pictures_directory(images_directory, plan.read_paths));
    plan.write_trees = {images_directory};
  }
  const auto written = open_planned_outputs(outputs, plan);
  confine(plan, sandbox);

  Result<Side> old_side = open_side(before, settings.check);
  Result<Side> new_side = open_side(after, settings.check);
  for (const Result<Side>* side : {&old_side, &new_side})
    if (!*side) {
      std::cerr << "gafcheck diff: " << side->problem().message << '\n';
      return side->problem().code;
    }
  require_same_kind(*old_side, *new_side, content_asked);
  CompareSettings own = settings;
  if (own.pictures.wanted) {
    render::DamagedPalette damaged;
    own.pictures.palette = render::load_palette(palette, settings.check, damaged);
  }
  const ContentDiff diff = compare_content(*old_side, *new_side, own);
  std::uint64_t pictures_written = 0;
  if (pictures_directory)
    pictures_written = write_pictures(*pictures_directory, images_directory, picture_files(diff));
  bool summary_on_terminal = true;
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    written[i]->write(rendered(diff, outputs[i].format));
    if (outputs[i].format == "text" && is_standard_output(outputs[i].path))
      summary_on_terminal = false;  // the text ends with the summary already
  }
  for (const auto& output : written) output->commit();
  if (summary_on_terminal) std::cerr << content_diff_summary(diff);
  if (own.pictures.wanted) say_pictures(diff, images_directory, pictures_written);
  if (diff.unreadable) return ExitCode::unreadable;
  switch (fail_on) {
    case FailOn::drawn: return diff.drawn_differs() ? ExitCode::findings : ExitCode::clean;
    case FailOn::bytes: return diff.bytes_differ() ? ExitCode::findings : ExitCode::clean;
    case FailOn::findings:
      return diff.has_new_findings_at_or_above(findings_threshold) ? ExitCode::findings
                                                                   : ExitCode::clean;
    case FailOn::never: return ExitCode::clean;
  }
  return ExitCode::clean;
}

}  // namespace gafcheck::compare
