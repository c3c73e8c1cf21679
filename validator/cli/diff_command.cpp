// gafcheck diff OLD NEW: what changed between two sprite files, archives or trees (by content, as
// the game draws it), or between two reports (regression triage).
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <variant>

#include "reports/report_comparison.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/cli/output_options.hpp"
#include "validator/compare/content_comparison.hpp"
#include "validator/compare/content_side.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_file.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/platform/output_guard.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;

namespace {

// diff's command line; validate() turns it into one of the two runs.
struct DiffOptions : CommandArguments {
  std::string fail_on;
  bool allow_incomplete = false;
  bool content = false, reports = false;
  bool list_unchanged = false;
  std::string palette, images;
  std::uint64_t max_pictures = 200;
  RunOptions common;
};

// The run diff does: two reports compared, or two contents.
struct DiffRun {
  std::variant<ReportComparison, compare::ContentComparison> run_of_kind;
  ExitCode run() const {
    return std::visit([](const auto& run) { return run.run(); }, run_of_kind);
  }
};

constexpr const char* diff_help_epilogue =
    "\nExit codes: 0 the sides draw the same (bytes may differ: the summary says so) or, for\n"
    "reports, nothing new at or above --fail-on; 1 a difference --fail-on counts; 2 usage\n"
    "error (also: sides of different kinds, -o cannot be written or is OLD or NEW); 3 a side\n"
    "or a file in it could not be read, or a report is not a gafcheck report or is incomplete\n"
    "(without --allow-incomplete).\n";

CommandHelp diff_options_description(DiffOptions& o) {
  po::options_description general(
      "Usage: gafcheck diff [options] OLD NEW\n\n"
      "What changed between OLD and NEW. Each side is a GAF, TAF or TSF file, an archive\n"
      "(.hpi/.ufo/.ccx/.gp3), an archive member (mod.ufo!anims/x.gaf) or a directory, and both\n"
      "sides are of one kind. Sprite files are compared as the game draws them: entries matched\n"
      "by name as the game looks them up (a renamed entry is renamed), frames aligned by what\n"
      "they draw (an inserted, deleted or moved frame is one change, not a cascade), and for a\n"
      "changed frame its size, origin, duration, storage and pixels (how many differ, where,\n"
      "and whether it is one palette index recoloured). A frame whose bytes changed but that\n"
      "draws the same is re-encoded. Trees and archives are matched path by path (case folded,\n"
      "as the game does); identical bytes are never parsed, and bytes found under another path\n"
      "are moved or copied. Each changed file is checked on both sides and the findings it\n"
      "gained or lost are listed.\n\n"
      "When both sides are gafcheck reports (told from their bytes, not their names), diff\n"
      "compares the reports instead: files added and removed, and per file the findings that\n"
      "are new, resolved or changed.\n\n"
      "Output: a YAML document (kind: content-diff, or kind: diff for reports), --format json\n"
      "the same as one JSON line; on a terminal, with no --format and no -o, text for people.\n"
      "--format html (content only) writes one self-contained page: the verdict and counts, per\n"
      "changed file its entry and frame changes, and per changed frame the old and new drawings\n"
      "and their difference (differing pixels magenta over the old drawing dimmed) side by side,\n"
      "with swipe and onion-skin views. --images DIR writes those three PNGs per changed frame.\n"
      "A one-line summary goes to standard error.\n\nOptions");
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "output,o", po::value<std::vector<std::string>>()->composing()->value_name("FILE"),
      "where to write the diff ('-': stdout, the default); after a --format, where that format "
      "goes")("format",
              po::value<std::vector<std::string>>()->composing()->value_name("yaml|json|text|html"),
              "yaml (default), json (the same document as one JSON line), text (content "
              "only: one line per change, for people) or html (content only: one page with the "
              "changed frames' pictures); --format F -o FILE pairs may repeat")(
      "fail-on", po::value(&o.fail_on)->value_name("drawn|bytes|findings|LEVEL|never"),
      "what makes the exit status 1. Content: drawn (default: something the game shows or does "
      "differs), bytes (any byte differs), findings (a changed file gained an error finding), "
      "error, warning or info (it gained a finding at or above that severity), never. "
      "Reports: error (default), warning, info or never (NEW has a finding at or above it "
      "that OLD had not)")("content", po::bool_switch(&o.content),
                           "compare the sides by content, even if they are reports")(
      "reports", po::bool_switch(&o.reports),
      "compare the sides as gafcheck reports: a side that is not one is refused with what the "
      "report reader finds wrong with it (exit 3)")(
      "list-unchanged", po::bool_switch(&o.list_unchanged),
      "content: list the files whose bytes did not change too (they are always counted)")(
      "images", po::value(&o.images)->value_name("DIR"),
      "content: write the old, new and difference PNGs of each changed frame below DIR "
      "(FILE/ENTRY/frame-N.old.png, .new.png, .difference.png); DIR lies outside the sides, "
      "and no input is ever replaced. Without DIR (last, or before another option), -o DIR "
      "names the directory and the document goes to standard output")(
      "palette", po::value(&o.palette)->value_name("PALETTE"),
      "content: the palette the pictures of paletted frames are drawn with, a palette file or "
      "archive member as render takes it (default: the forensic palette)")(
      "max-pictures", po::value(&o.max_pictures)->value_name("N")->default_value(200),
      "content: draw the pictures of at most N changed frames (the rest are counted, and the "
      "page says so); their PNGs stay within --max-heap too")(
      "game", po::value(&o.common.game)->value_name("ta|tak|ta3d")->default_value("ta"),
      "which engine's reading to compare and check under (findings, and with ta3d a TA3D "
      "truecolor GAF drawn as TA3D draws it)")(
      "allow-incomplete", po::bool_switch(&o.allow_incomplete),
      "reports: compare a report that is incomplete (cut short: no summary document; or its run "
      "was interrupted) instead of refusing it: its missing files show as removed or added");
  general.add(budget_options_description(o.common));
  add_report_reader_groups(general, o.common);
  return {general, diff_help_epilogue};
}

// A side given as a whole file that begins as a gafcheck report does. Only the file's first
// bytes are read (before the sandbox, as the input walk sniffs); an archive member or a
// directory is content.
bool names_a_report(const std::string& side) {
  if (disk_path_of(side) != side) return false;
  const OpenedInput head = InputFile::open_head(side, 4096);
  return head && compare::is_gafcheck_report(head->view());
}

bool compare_reports(const DiffOptions& o) {
  if (o.content && o.reports) throw UsageError{"diff takes --content or --reports, not both"};
  if (o.content) return false;
  // The report reader refuses a side that is not a report, saying why (exit 3).
  if (o.reports) return true;
  // One report against content goes on to the content comparison, which refuses it naming both
  // kinds.
  return names_a_report(o.positional[0]) && names_a_report(o.positional[1]);
}

ReportComparison validate_reports(DiffOptions& o) {
  for (const char* option : {"images", "palette", "max-pictures"})
    if (o.given.count(option) && !o.given[option].defaulted())
      throw UsageError{"--" + std::string(option) + " is for content, not reports"};
  o.common.fail_on = o.fail_on.empty() ? "error" : o.fail_on;
  finish_common_options(o.common);
  ReportComparison comparison;
  comparison.before = o.positional[0];
  comparison.after = o.positional[1];
  comparison.outputs = resolve_outputs(o.ordered, {"yaml", "json"});
  for (const OutputRequest& request : comparison.outputs)
    throw_if_failed(check_output_among_inputs(request.path, o.positional, "report"));
  comparison.fail_threshold = fail_threshold(o.common);
  comparison.allow_incomplete = o.allow_incomplete;
  comparison.sandbox = !o.common.no_sandbox;
  return comparison;
}

// --images DIR is neither a side that is a directory nor inside one: its pictures would be
// compared as files of the tree on the next run, and could take the name of one. (A file side
// cannot be DIR, which must be a directory, and is protected from the pictures by its identity.)
void check_images_directory(const std::string& directory, const std::vector<std::string>& sides) {
  std::error_code error;
  const auto pictures = std::filesystem::weakly_canonical(directory, error);
  for (const std::string& side : sides) {
    if (error || !std::filesystem::is_directory(side)) continue;
    const auto tree = std::filesystem::weakly_canonical(side, error);
    const auto [tree_end, pictures_end] =
        std::mismatch(tree.begin(), tree.end(), pictures.begin(), pictures.end());
    if (!error && tree_end == tree.end())
      throw UsageError{"--images " + escape_bytes(directory) + " is the side " +
                       escape_bytes(side) + " or inside it: choose a directory outside both sides"};
  }
}

// What `--images` with no DIR after it stands for: the directory -o names.
constexpr const char* images_from_output = "(the -o directory)";

// `--images` last, or before another option, has no DIR of its own: `diff OLD NEW -o DIR
// --images` writes the pictures into DIR (render's spelling), the document to standard output.
Arguments with_images_from_output(Arguments arguments) {
  for (std::size_t k = 0; k < arguments.size(); ++k)
    if (arguments[k] == "--images" &&
        (k + 1 == arguments.size() || arguments[k + 1].starts_with("-")))
      arguments[k] = std::string("--images=") + images_from_output;
  return arguments;
}

// The first -o that no --format claims, taken out of the outputs: the pictures' directory.
std::string take_lone_output(OrderedOptions& ordered) {
  bool pending_format = false;
  for (auto option = ordered.begin(); option != ordered.end(); ++option) {
    if (option->first == "format") pending_format = true;
    if (option->first != "output") continue;
    if (pending_format) {
      pending_format = false;
      continue;
    }
    std::string directory = option->second;
    ordered.erase(option);
    return directory;
  }
  throw UsageError{"--images without a DIR takes its directory from -o DIR; give one"};
}

compare::ContentComparison validate_content(DiffOptions& o) {
  if (o.allow_incomplete) throw UsageError{"--allow-incomplete is for reports"};
  finish_common_options(o.common);
  compare::ContentComparison comparison;
  comparison.before = o.positional[0];
  comparison.after = o.positional[1];
  OrderedOptions ordered = o.ordered;
  if (o.images == images_from_output) o.images = take_lone_output(ordered);
  comparison.outputs = resolve_outputs(ordered, {"yaml", "json", "text", "html"});
  // On a terminal, with nothing asked for, people get the text form.
  const bool output_named = std::any_of(
      ordered.begin(), ordered.end(), [](const auto& option) { return option.first == "output"; });
  if (!o.given.count("format") && !output_named && ::isatty(STDOUT_FILENO))
    comparison.outputs = {{"text", "-"}};
  for (const OutputRequest& request : comparison.outputs) {
    throw_if_failed(check_output_among_inputs(
        request.path, {disk_path_of(o.positional[0]), disk_path_of(o.positional[1])}, "side"));
    throw_if_failed(check_output_outside(request.path, o.positional, "side"));
    if (!o.palette.empty())
      throw_if_failed(
          check_output_among_inputs(request.path, {disk_path_of(o.palette)}, "--palette"));
  }
  comparison.settings.check = o.common.check;
  comparison.settings.ta3d = o.common.game == "ta3d";
  comparison.settings.list_unchanged = o.list_unchanged;
  comparison.images_directory = o.images;
  comparison.palette = o.palette;
  comparison.settings.pictures.max_frames = o.max_pictures;
  comparison.settings.pictures.wanted =
      !o.images.empty() || std::any_of(comparison.outputs.begin(), comparison.outputs.end(),
                                       [](const OutputRequest& r) { return r.format == "html"; });
  if (!o.palette.empty() && !comparison.settings.pictures.wanted)
    throw UsageError{"--palette draws pictures: it takes --format html or --images"};
  if (!o.images.empty())
    check_images_directory(o.images,
                           {disk_path_of(o.positional[0]), disk_path_of(o.positional[1])});
  comparison.sandbox = !o.common.no_sandbox;
  comparison.content_asked = o.content;
  const std::string fail_on = o.fail_on.empty() ? "drawn" : o.fail_on;
  if (fail_on == "drawn") {
    comparison.fail_on = compare::FailOn::drawn;
  } else if (fail_on == "bytes") {
    comparison.fail_on = compare::FailOn::bytes;
  } else if (fail_on == "never") {
    comparison.fail_on = compare::FailOn::never;
  } else if (fail_on == "findings" || severity_from_name(fail_on)) {
    comparison.fail_on = compare::FailOn::findings;
    comparison.findings_threshold = severity_from_name(fail_on).value_or(Severity::error);
  } else {
    throw UsageError{
        "--fail-on takes drawn, bytes, findings, error, warning, info or never, not '" +
        escape_bytes(fail_on) + "'"};
  }
  return comparison;
}

DiffRun validate(DiffOptions& o) {
  if (o.positional.size() != 2) throw UsageError{"diff takes exactly two sides: OLD NEW"};
  if (compare_reports(o)) return {validate_reports(o)};
  return {validate_content(o)};
}

}  // namespace

int run_diff(const Arguments& arguments, const std::string& command_line) {
  return run_command(with_images_from_output(arguments), command_line, diff_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
