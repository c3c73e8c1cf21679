#include "validator/inspect/show_run.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>

#include "reports/json_text.hpp"
#include "validator/base/errors.hpp"
#include "validator/check/check_input.hpp"
#include "validator/core/text.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck {
namespace {

// The extent a structure path names: the structure itself (a frame header before its pixels),
// its pixels with a "/pixels" suffix, or the header a frame table slot points to.
std::optional<pixels::Extent> extent_at_path(const pixels::GafLayoutMap& layout,
                                             const std::string& wanted) {
  const std::string suffix = "/pixels";
  const bool want_pixels =
      wanted.size() > suffix.size() &&
      wanted.compare(wanted.size() - suffix.size(), suffix.size(), suffix) == 0;
  const std::string path = want_pixels ? wanted.substr(0, wanted.size() - suffix.size()) : wanted;
  for (const pixels::Extent& extent : layout.map.sorted) {
    if (pixels::is_pixels(extent.kind) != want_pixels) continue;
    if (pixels::extent_path(layout, extent) == path) return extent;
  }
  if (want_pixels) return std::nullopt;
  const gaf::GafIndex& index = layout.index;
  // An aliased slot's entry is the one it shares (never itself an alias: the first slot).
  for (const gaf::EntryRecord& entry : index.entries) {
    if (entry.alias_of == gaf::no_index) continue;
    const std::string slot = indexed("entry", entry.slot),
                      shared = indexed("entry", entry.alias_of);
    if (path == slot) return extent_at_path(layout, shared);
    if (path == join_path(slot, "frames"))
      return extent_at_path(layout, join_path(shared, "frames"));
  }
  for (const gaf::EntryRecord& entry : index.entries)
    for (std::uint32_t k = 0; k < entry.ref_count; ++k) {
      const gaf::FrameRef& ref = index.refs[entry.first_ref + k];
      if (ref.frame == gaf::no_index || !index.frames[ref.frame].header_in_bounds) continue;
      if (join_indexed(indexed("entry", entry.slot), "frame", k) == path)
        return pixels::Extent{index.frames[ref.frame].offset, 24, pixels::ExtentKind::frame_header,
                              ref.frame};
    }
  // A layer slot pointing at a header first reached by another path (a shared header, a cycle).
  for (const gaf::FrameRecord& frame : index.frames)
    for (std::uint32_t c = 0; c < frame.child_count; ++c) {
      const std::uint32_t child = index.children[frame.first_child + c];
      if (child == gaf::no_index || !index.frames[child].header_in_bounds) continue;
      if (join_indexed(frame.path, "layer", c) == path)
        return pixels::Extent{index.frames[child].offset, 24, pixels::ExtentKind::frame_header,
                              child};
    }
  return std::nullopt;
}

DumpRange widened(std::uint64_t begin, std::uint64_t length, std::uint64_t context,
                  std::uint64_t file_size, std::string what) {
  DumpRange range;
  range.focus_begin = begin;
  // A finding's length comes from the file (a declared size): kept inside it, never overflowing.
  range.focus_end = begin + std::clamp<std::uint64_t>(length, 1, file_size - begin);
  range.begin = begin - std::min(begin, context);
  range.end = std::min(file_size, range.focus_end + std::min(context, file_size));
  if (range.end - range.begin > max_dump_bytes) {
    what += "; the first " + std::to_string(max_dump_bytes) + " of " +
            std::to_string(range.end - range.begin) + " bytes shown";
    range.end = range.begin + max_dump_bytes;
  }
  range.what = std::move(what);
  return range;
}

// The input read and checked, with its extent map when it has one.
ShowInput show_input(const LoadedInput& loaded, const CheckOptions& check) {
  ShowInput input;
  input.display = escape_bytes(loaded.name.display);
  input.member = loaded.name.is_member();
  input.bytes = loaded.view();
  input.report = check_bytes(input.bytes, loaded.name, check);
  const Format format = input.report.format;
  if (format == Format::gaf || format == Format::taf_paletted || format == Format::ta3d_gaf)
    input.layout = pixels::read_gaf_layout_map(input.bytes, check.limits);
  else if (format == Format::taf_truecolor)
    input.layout = pixels::read_truecolor_layout_map(input.bytes, check.limits);
  return input;
}

// The range asked for, within the file.
DumpRange chosen_range(const ShowRun& run, const ShowInput& input) {
  const std::uint64_t size = input.bytes.size();
  if (run.by_offset) {
    if (run.offset >= size)
      throw UsageError{"--at " + escape_bytes(run.at_text) + " is outside the file (" +
                       std::to_string(size) + " bytes, offsets 0.." +
                       (size ? std::to_string(size - 1) : std::string("none")) + ")"};
    return widened(run.offset, 1, run.context, size, "offset " + show_offset(run.offset));
  }
  if (run.finding != -1) {
    const auto n = static_cast<std::uint64_t>(run.finding);
    if (n >= input.report.findings.size())
      throw UsageError{"--finding " + std::to_string(n) + ": check lists " +
                       counted(input.report.findings.size(), "finding") + " for this file"};
    const Finding& chosen = input.report.findings[n];
    if (size == 0)
      throw UsageError{"the file is empty: finding " + std::to_string(n) + " has no bytes"};
    const std::uint64_t begin = std::min(chosen.offset, size - 1);
    return widened(begin, chosen.length, run.context, size, "finding " + std::to_string(n));
  }
  if (!input.layout || !input.layout->mapped)
    throw UsageError{"--path needs a GAF whose extent map could be built; this input reads as " +
                     std::string(format_name(input.report.format)) + " (use --at)"};
  const auto extent = extent_at_path(*input.layout, run.structure);
  if (!extent)
    throw UsageError{"no structure at path '" + escape_bytes(run.structure) +
                     "' (gafcheck show FILE lists the paths)"};
  return widened(extent->offset, extent->length, run.context, size,
                 escape_bytes(run.structure) + ", " + pixels::extent_label(*input.layout, *extent));
}

}  // namespace

std::string ShowRun::text_output(const ShowInput& shown, const LoadedInput& loaded) const {
  std::string out = "gafcheck show: " + style.paint(shown.display, bold) + ", " +
                    std::to_string(shown.bytes.size()) + " bytes, " +
                    std::string(format_name(shown.report.format)) +
                    (shown.member ? " (an archive member: offsets are in its decoded bytes)" : "") +
                    "\n";
  if (loaded.damaged())
    out += style.paint("DAMAGED", bold) + ": " + loaded.damage +
           "; the bytes below are a reader's decoding, not what was packed\n";
  if (dumps_a_range())
    print_dump(shown, chosen_range(*this, shown), style, out);
  else
    print_tree(shown, style, out, check.limits);
  return out;
}

std::string ShowRun::json_output(const ShowInput& shown, const LoadedInput& loaded) const {
  nlohmann::json document = {
      {"kind", "show"},
      {"input", shown.display},
      {"size", shown.bytes.size()},
      {"format", std::string(format_name(shown.report.format))},
      {"member", shown.member},
      {"damaged", loaded.damaged() ? nlohmann::json(json_text(loaded.damage)) : nullptr},
      {"tree", nullptr},
      {"dump", nullptr}};
  if (dumps_a_range())
    document["dump"] = dump_document(shown, chosen_range(*this, shown));
  else
    document["tree"] = tree_document(shown, check.limits);
  document["findings"] = show_findings_document(shown);
  return dump_json(document) + "\n";
}

ExitCode ShowRun::run() const {
  SandboxPlan plan;
  plan.read_paths = {disk_path_of(input)};
  confine(plan, sandbox);

  const LoadedInput loaded = load_input(input, check);
  if (!loaded.error.empty()) {
    std::cerr << "gafcheck: cannot read " << escape_bytes(input) << ": " << loaded.error << '\n';
    return loaded.unreadable ? ExitCode::unreadable : ExitCode::findings;
  }
  // A damaged member is shown as a reader decodes it, said so first, and the exit status is 1.
  if (loaded.damaged())
    std::cerr << "gafcheck: " << escape_bytes(input)
              << " is a damaged archive member, shown as a reader decodes it: " << loaded.damage
              << '\n';
  const ShowInput shown = show_input(loaded, check);
  const std::string out = json ? json_output(shown, loaded) : text_output(shown, loaded);
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  return loaded.damaged() ? ExitCode::findings : ExitCode::clean;
}

}  // namespace gafcheck
