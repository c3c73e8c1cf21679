// gafcheck rebuild IN -o OUT: a canonical, safe file the game draws the same; a
// directory IN is mirrored into OUT, sprite files rebuilt, archives through the archive hook,
// everything else copied byte for byte.
#include <filesystem>

#include "validator/census/run_reporter.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/core/text.hpp"
#include "validator/platform/output_guard.hpp"
#include "validator/rebuild/rebuild_run.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace fs = std::filesystem;
namespace {

constexpr const char* rebuild_usage =
    "Usage: gafcheck rebuild [options] IN -o OUT\n"
    "       gafcheck rebuild [options] DIR -o OUTDIR\n\n"
    "Content disarm and reconstruction: writes a new GAF or TAF holding what the retail game\n"
    "draws from IN and nothing else, laid out canonically, so that nothing hostile survives and\n"
    "nothing visible changes:\n"
    "  - exactly the entries the game can reach: the entry count as the game reads it (low 16\n"
    "    bits, signed), and of names equal under its folding (A-Z only) the first; in order, with\n"
    "    their names (NUL-padded, nothing after the NUL), loop words and frame durations;\n"
    "  - every frame as the retail renderer draws it (runs clamped to the width, a short row\n"
    "    read on into the bytes after it, composites flattened into one image of the same\n"
    "    pixels, origin and size: see `gafcheck render`);\n"
    "  - RLE rows from the canonical encoder, or raw frames where the engine reads plain arrays\n"
    "    (textures/, vismasks.gaf); version 0x00010100 (0 kept for TERRAIN.GAF and VISMASKS.GAF);\n"
    "    reserved and unknown fields 0 (--keep-unknown keeps each frame's unknown3); no shared\n"
    "    or overlapping structures, no slack, no pointer tables.\n"
    "Guarantees (tested, and fuzzed by fuzz_rebuild): `gafcheck check --fail-on warning` finds\n"
    "nothing in OUT but what the sidecar lists as kept (an empty frame, a duration above 65535);\n"
    "`gafcheck render` draws every reachable frame of OUT as it draws IN's; rebuilding OUT gives\n"
    "OUT byte for byte; the result does not depend on -j.\n\n"
    "Refusals, not guesses: where the game's outcome is undefined (a finding with retail impact\n"
    "crash that reads past the end of the file, cycles, or rebases a pointer twice: "
    "header.truncated,\n"
    "entry.out-of-bounds, entry.alias, frame.out-of-bounds, frame.header-shared, composite.cycle,\n"
    "composite.table-shared, rle.reads-past-eof, extent.rebase-overlap; a frame the renderer "
    "cannot\n"
    "draw, such as a composite inside a composite; a budget hit), nothing is written and the\n"
    "reasons are printed: exit 1. --drop-unrenderable drops those frames (or entries) instead and\n"
    "lists them; a file of which nothing drawable would remain is refused all the same.\n\n"
    "Nothing is left out silently: every entry, frame, flattened tinted layer or archive member\n"
    "left out is named on stderr (\"dropped ...\") and in the sidecar (its findings end in\n"
    "[rebuild: dropped: ...], and rebuild.lost counts it). Content left out that no option asked\n"
    "for (an entry the game never loads, a member whose chunks are damaged or whose rebuild is\n"
    "refused, an unsafe or duplicate member path) still writes OUT, but the exit status is 5.\n"
    "--drop-unreachable asks for what the game never loads (exit 0 when that is all).\n"
    "Lines listed per input (reasons, members left out) stop at --max-findings and are counted\n"
    "past it; stderr shows the first 100 of each file.\n\n"
    "--report FILE writes a sidecar in --format (yaml by default; any check format): the input's\n"
    "findings, each message ending in [rebuild: fixed|dropped|kept|refused: what was done], and\n"
    "summary counters rebuild.fixed, rebuild.dropped, rebuild.kept, rebuild.refused.\n\n"
    "Archives (.hpi .ufo .ccx .gp3, by content): a new v1 archive, no encryption, zlib chunks of\n"
    "at most 64 KiB, the Cavedog footer, members in one order (folded path components). Left out\n"
    "and listed: unsafe member paths (as extract refuses them), the later of paths equal under\n"
    "case folding (the first is kept), members that cannot be decoded or whose chunks are in\n"
    "error, members over a per-member budget, GAF/TAF/TSF members that are refused, entries\n"
    "neither a file nor a directory (hpi.entry-flag) and, with --drop-unrenderable, members\n"
    "whose name cannot be read (never stored under the '<entry[N]>' that stands for it). Other\n"
    "members are copied byte for byte; nested archives are rebuilt within --max-archive-depth.\n"
    "Entries that point at one member's stored bytes are rebuilt once and written as one stored\n"
    "copy that all of them point at (hpi.overlap, kept as the input had it), so rebuilding OUT\n"
    "gives OUT again; the same content stored twice is rebuilt once and stored twice;\n"
    "what is held at once (kept members, compressed, and the member being rebuilt) is charged\n"
    "to --max-heap. TA: Kingdoms (v2) archives are refused; crash findings refuse unless\n"
    "--drop-unrenderable.\n\n"
    "TSF scripts: CRLF lines, 4-space indents, no comments, known keys in the spec's spelling,\n"
    "integers in plain decimal; refused when ambiguous (check errors, a key given twice, a\n"
    "comment inside a token, extra animations unless --drop-unrenderable).\n\n"
    "DIR mode mirrors the tree with the same checks as one file: sprite files, TSF scripts and\n"
    "archives (by content) rebuilt; a file check takes by its name (.gaf .taf .tsf .hpi\n"
    ".ufo .ccx .gp3) that is none of these is refused, not copied; a TSF script is refused when "
    "an\n"
    "image it names would not be in OUTDIR (check looks there); every other file (readme.txt)\n"
    "is copied byte for byte, its sidecar document counting rebuild.copied_unchecked. Symbolic\n"
    "links and special files (FIFOs, devices) are not followed or copied: each is named on\n"
    "stderr as dropped and the exit status is 5; a directory the walk cannot read ends it, exit\n"
    "3. A refused file is left out of OUTDIR.\n\n"
    "Output safety: files are created below OUT's directory (OUTDIR) only, one component at a\n"
    "time, never through a symbolic link: a symbolic link at OUT's own name (or OUTDIR's) is\n"
    "refused, even with --force, and the file it points at is never written; an existing file is\n"
    "not replaced without --force, and the input never (OUT naming IN, OUTDIR inside DIR or DIR\n"
    "inside OUTDIR is a usage error).\n\n"
    "Examples:\n"
    "  gafcheck rebuild upload.gaf -o clean.gaf\n"
    "  gafcheck rebuild mod.ufo -o clean.ufo --report r.yaml\n"
    "  gafcheck rebuild --drop-unrenderable --report r.yaml mod/ -o clean-mod/ -j 4\n\n"
    "  gafcheck rebuild damaged.ufo -o clean.ufo; echo $?   # 5: written, a member left out\n\n"
    "Exit codes: 0 everything rebuilt whole (or copied; drops --drop-unrenderable asked for\n"
    "included), 1 some file refused (not written), 2 usage error or an output not written, 3 an\n"
    "input could not be read, 5 written, but content no option asked to drop was left out (each\n"
    "named on stderr as \"dropped\"). The highest applies.\n"
    "\nOptions";

bool inside(const fs::path& child, const fs::path& parent) {
  auto c = child.begin();
  for (auto p = parent.begin(); p != parent.end(); ++p, ++c)
    if (p->empty())
      continue;
    else if (c == child.end() || *c != *p)
      return false;
  return true;
}

fs::path absolute_of(const std::string& path) {
  std::error_code error;
  fs::path full = fs::weakly_canonical(fs::absolute(path), error);
  return error ? fs::absolute(path).lexically_normal() : full;
}

// The output as named: absolute, its last component as written (a symbolic link there is the
// output's own name, which the writer refuses to follow), "dir/" read as "dir".
fs::path named_output(const std::string& path) {
  fs::path named = fs::absolute(path).lexically_normal();
  if (named.filename().empty()) named = named.parent_path();
  return named;
}

// rebuild's command line; validate() turns it into the run.
struct RebuildOptions : CommandArguments {
  RunOptions common;  // budgets, --no-sandbox; the sidecar's output
  std::string output, report, format = "yaml";
  bool force = false;
  unsigned jobs = 1;
  rebuild::RebuildOptions rebuild;
};

CommandHelp rebuild_options_description(RebuildOptions& o) {
  po::options_description general(rebuild_usage);
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "output,o", po::value(&o.output),
      "the file (or, for a DIR, the directory) to write (required)")(
      "drop-unrenderable", po::bool_switch(&o.rebuild.drop_unrenderable),
      "drop the frames and entries whose outcome in the game is undefined instead of refusing")(
      "drop-unreachable", po::bool_switch(&o.rebuild.drop_unreachable),
      "leave out what the game never loads (an entry past its entry count or named like an "
      "earlier one, a member whose path folds like an earlier one's) without exit 5")(
      "keep-unknown", po::bool_switch(&o.rebuild.keep_unknown),
      "keep each frame's unknown3 word (editor scratch the game never reads; default 0)")(
      "report", po::value(&o.report), "write the sidecar report to this file")(
      "format", po::value(&o.format)->default_value("yaml"),
      "the sidecar's format (yaml, json, sarif, junit, gnu, codeclimate, html)")(
      "force", po::bool_switch(&o.force), "replace existing output files (never the input)")(
      "jobs,j", po::value(&o.jobs)->default_value(1), "files rebuilt at once in DIR mode");
  return {with_budgets_and_sandbox(general, o.common)};
}

// The sidecar report, written by the run reporter in every format asked for.
class ReportedSidecar final : public RebuildSidecar {
 public:
  ReportedSidecar(const RunOptions& options, const std::string& input,
                  const std::string& command_line)
      : reporter_(options, PerFile::all, {input}) {
    header_.command = "rebuild";
    header_.command_line = command_line;
    header_.started_at = utc_timestamp();
    header_.limits = options.check.limits;
  }
  std::vector<std::string> temp_paths() const override {
    std::vector<std::string> paths;
    for (const auto& writer : reporter_.writers())
      if (writer->output().is_temp()) paths.push_back(writer->output().current_path().string());
    return paths;
  }
  void start(const SandboxState& sandbox) override {
    header_.sandbox = sandbox;
    reporter_.start(header_);
  }
  void add(FileReport report) override { reporter_.add(std::move(report)); }
  void finish() override { reporter_.finish(false); }

 private:
  RunReporter reporter_;
  ReportHeader header_;
};

// Where the run writes: OUT (or OUTDIR) checked against IN and --report. A missing IN is exit 3.
void place_outputs(RebuildRun& run, RebuildOptions& o) {
  const std::string& input = run.input;
  const std::string& output = o.output;
  std::error_code error;
  run.tree_mode = fs::is_directory(input, error);
  if (!run.tree_mode && !fs::exists(input, error))
    throw Error{ExitCode::unreadable, "cannot read " + escape_bytes(input) + ": no such file"};
  // Containment is decided on resolved paths; what is written is the output as named.
  run.in_full = absolute_of(input);
  const fs::path out_full = absolute_of(output);
  run.out_named = named_output(output);
  const fs::path& out_named = run.out_named;
  const fs::path& in_full = run.in_full;
  const bool tree_mode = run.tree_mode;
  const std::string& report = o.report;
  if (!tree_mode &&
      (out_named.filename().empty() || out_named.filename() == "." || out_named.filename() == ".."))
    throw UsageError{"rebuild: -o " + escape_bytes(output) + " names no file"};
  if (tree_mode) {
    if (inside(out_full, in_full) || inside(in_full, out_full))
      throw UsageError{"rebuild: OUTDIR " + escape_bytes(output) + " and DIR " +
                       escape_bytes(input) + " must not contain one another"};
  } else {
    throw_if_failed(check_output_among_inputs(output, {input}, "rebuilt file"));
  }
  if (!report.empty()) {
    throw_if_failed(check_output_among_inputs(report, {input, output}, "sidecar report"));
    if (tree_mode &&
        (inside(absolute_of(report), in_full) || inside(absolute_of(report), out_full)))
      throw UsageError{"rebuild: --report must lie outside DIR and OUTDIR"};
    o.common.outputs = {OutputRequest{o.format, report}};
  }
  run.out_directory = tree_mode ? out_named : absolute_of(out_named.parent_path().string());
}

RebuildRun validate(RebuildOptions& o) {
  if (o.positional.size() != 1)
    throw UsageError{"rebuild takes one IN (see gafcheck rebuild --help)"};
  if (o.output.empty()) throw UsageError{"rebuild needs -o OUT, the file or directory to write"};
  if (o.jobs == 0 || o.jobs > 256) throw UsageError{"-j is from 1 to 256"};
  finish_common_options(o.common);
  RebuildRun run;
  run.options = o.rebuild;
  run.options.limits = o.common.check.limits;
  run.input = o.positional[0];
  place_outputs(run, o);
  o.common.quiet = true;
  run.force = o.force;
  run.jobs = o.jobs;
  run.sandbox = !o.common.no_sandbox;
  run.report = o.report;
  run.open_sidecar = [&o] {
    return std::make_unique<ReportedSidecar>(o.common, o.positional[0], o.command_line);
  };
  return run;
}

}  // namespace

int run_rebuild(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, rebuild_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
