// gafcheck show FILE: the structure tree of a GAF (or an archive's members), or an annotated
// hexdump of one range: an offset, a finding of check, or a structure path.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "validator/check/check_input.hpp"
#include "validator/cli/archive_commands.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/core/text.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/inspect/show_view.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

constexpr const char* show_usage =
    "Usage: gafcheck show [options] FILE\n\n"
    "Shows where things are in a GAF file (or a TAF read as a GAF, or an archive member named\n"
    "ARCHIVE!path/in/archive.gaf), from the structure index and byte-extent map check builds.\n\n"
    "Without a range option: the structure tree, as pngcheck -v lists chunks: offset, size and\n"
    "structure path of the header, entry table, every entry (its name escaped as reports escape\n"
    "it), frame table, frame header, layer table and pixel block; then the slack (bytes no\n"
    "structure claims) and check's findings, numbered. For an HPI archive: its members with the\n"
    "offsets of their directory entries and data, sizes and methods.\n\n"
    "With --at, --finding or --path: a hexdump of that range widened by --context bytes, each\n"
    "16-byte row labelled with the structures that claim its bytes (or 'slack'), and each\n"
    "finding printed under the row it starts in (rule, severity, retail impact, message).\n"
    "The focus bytes are bold (marked * when plain). Offsets of an archive member are offsets in\n"
    "its decoded bytes. Findings are check's with the catalogue's levels (no .gafcheck.yaml).\n\n"
    "Examples:\n"
    "  gafcheck show unit.gaf                       # the tree and the numbered findings\n"
    "  gafcheck show unit.gaf --finding 0           # the bytes of the first finding\n"
    "  gafcheck show unit.gaf --at 0x1c0 --context 64\n"
    "  gafcheck show unit.gaf --path 'entry[0]/frame[3]'          # a frame header\n"
    "  gafcheck show unit.gaf --path 'entry[0]/frame[3]/pixels'   # its pixels or RLE rows\n"
    "  gafcheck show mod.ufo!anims/unit.gaf --color never | less\n\n"
    "A member that does not decode exactly (a chunk whose checksum or stream is bad, a length\n"
    "other than the directory's) is shown as a reader decodes it, marked DAMAGED with the rule\n"
    "ids check reports (hpi.chunk-checksum...) on standard error and above the output, exit 1.\n\n"
    "Exit codes: 0 shown, 1 the input is not found in the archive or is a damaged member,\n"
    "2 usage error (also: an offset outside the file, an unknown finding number or path),\n"
    "3 the input could not be read.\n\n"
    "Options";

std::uint64_t parse_offset(const std::string& text, const std::string& option) {
  const bool hex_form = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const std::string digits = hex_form ? text.substr(2) : text;
  const char* allowed = hex_form ? "0123456789abcdefABCDEF" : "0123456789";
  if (digits.empty() || digits.size() > (hex_form ? 16u : 19u) ||
      digits.find_first_not_of(allowed) != std::string::npos)
    throw UsageError{option + " takes a byte offset, decimal or 0x hex, not '" +
                     escape_bytes(text) + "'"};
  return std::stoull(digits, nullptr, hex_form ? 16 : 10);
}

bool colour_wanted(const std::string& colour) {
  if (colour == "always") return true;
  if (colour == "never") return false;
  if (colour == "auto") return ::isatty(STDOUT_FILENO) == 1;
  throw UsageError{"--color is always, never or auto, not '" + escape_bytes(colour) + "'"};
}

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

}  // namespace

int run_show(const Arguments& arguments) {
  RunOptions options;
  std::vector<std::string> paths;
  std::string at, path, colour = "auto";
  std::int64_t finding = -1;
  std::uint64_t context = 32;
  po::options_description general(show_usage);
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "at", po::value(&at)->value_name("OFFSET"),
      "dump the bytes around this offset (decimal or 0x hex)")(
      "finding", po::value(&finding)->value_name("N"),
      "dump the bytes of check's N-th finding on FILE (0-based, in report order; the tree "
      "numbers them)")("path", po::value(&path)->value_name("STRUCTURE"),
                       "dump a structure by its path as findings print it: header, entry_table, "
                       "entry[0], entry[0]/frames, entry[0]/frame[3], entry[0]/frame[3]/layers, "
                       "entry[0]/frame[3]/pixels")(
      "context", po::value(&context)->value_name("N")->default_value(context),
      "bytes shown before and after the range (at most 4096 bytes are dumped)")(
      "color", po::value(&colour)->value_name("always|never|auto")->default_value(colour),
      "always, never or auto (a terminal)");
  po::options_description visible;
  visible.add(general)
      .add(budget_options_description(options))
      .add(sandbox_options_description(options));
  if (!parse_command_line(arguments, visible, paths)) return 0;
  if (paths.size() != 1) throw UsageError{"show takes exactly one FILE (see gafcheck show --help)"};
  const int ranges = !at.empty() + (finding != -1) + !path.empty();
  if (ranges > 1) throw UsageError{"--at, --finding and --path each pick the range: give one"};
  if (finding < -1) throw UsageError{"--finding takes a finding number from 0"};
  const bool by_offset = !at.empty();
  const std::uint64_t offset = by_offset ? parse_offset(at, "--at") : 0;
  const ShowStyle style{colour_wanted(colour)};
  finish_common_options(options);

  SandboxPlan plan;
  plan.read_paths = {disk_path_of(paths[0])};
  confine(plan, !options.no_sandbox);

  const LoadedInput loaded = load_input(paths[0], options.check);
  if (!loaded.error.empty()) {
    std::cerr << "gafcheck: cannot read " << escape_bytes(paths[0]) << ": " << loaded.error << '\n';
    return loaded.unreadable ? 3 : 1;
  }
  // A damaged member is shown as a reader decodes it, said so first, and the exit status is 1.
  if (loaded.damaged())
    std::cerr << "gafcheck: " << escape_bytes(paths[0])
              << " is a damaged archive member, shown as a reader decodes it: " << loaded.damage
              << '\n';
  ShowInput input;
  input.display = escape_bytes(loaded.name.display);
  input.member = loaded.name.is_member();
  input.bytes = loaded.view();
  input.report = check_bytes(input.bytes, loaded.name, options.check);
  const Format format = input.report.format;
  if (format == Format::gaf || format == Format::taf_paletted || format == Format::ta3d_gaf)
    input.layout = pixels::read_gaf_layout_map(input.bytes, options.check.limits);
  else if (format == Format::taf_truecolor)
    input.layout = pixels::read_truecolor_layout_map(input.bytes, options.check.limits);

  std::string out =
      "gafcheck show: " + style.paint(input.display, bold) + ", " +
      std::to_string(input.bytes.size()) + " bytes, " + std::string(format_name(format)) +
      (input.member ? " (an archive member: offsets are in its decoded bytes)" : "") + "\n";
  if (loaded.damaged())
    out += style.paint("DAMAGED", bold) + ": " + loaded.damage +
           "; the bytes below are a reader's decoding, not what was packed\n";
  const std::uint64_t size = input.bytes.size();
  if (by_offset) {
    if (offset >= size)
      throw UsageError{"--at " + escape_bytes(at) + " is outside the file (" +
                       std::to_string(size) + " bytes, offsets 0.." +
                       (size ? std::to_string(size - 1) : std::string("none")) + ")"};
    print_dump(input, widened(offset, 1, context, size, "offset " + show_offset(offset)), style,
               out);
  } else if (finding != -1) {
    const auto n = static_cast<std::uint64_t>(finding);
    if (n >= input.report.findings.size())
      throw UsageError{"--finding " + std::to_string(n) + ": check lists " +
                       std::to_string(input.report.findings.size()) + " findings for this file"};
    const Finding& chosen = input.report.findings[n];
    if (size == 0)
      throw UsageError{"the file is empty: finding " + std::to_string(n) + " has no bytes"};
    const std::uint64_t begin = std::min(chosen.offset, size - 1);
    print_dump(input, widened(begin, chosen.length, context, size, "finding " + std::to_string(n)),
               style, out);
  } else if (!path.empty()) {
    if (!input.layout || !input.layout->mapped)
      throw UsageError{"--path needs a GAF whose extent map could be built; this input reads as " +
                       std::string(format_name(format)) + " (use --at)"};
    const auto extent = extent_at_path(*input.layout, path);
    if (!extent)
      throw UsageError{"no structure at path '" + escape_bytes(path) +
                       "' (gafcheck show FILE lists the paths)"};
    print_dump(input,
               widened(extent->offset, extent->length, context, size,
                       escape_bytes(path) + ", " + pixels::extent_label(*input.layout, *extent)),
               style, out);
  } else {
    print_tree(input, style, out, options.check.limits);
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
  return loaded.damaged() ? 1 : 0;
}

}  // namespace gafcheck::cli
