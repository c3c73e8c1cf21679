// gafcheck rebuild IN -o OUT: a canonical, safe file the game draws the same; a
// directory IN is mirrored into OUT, sprite files rebuilt, archives through the archive hook,
// everything else copied byte for byte.
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <set>
#include <thread>

#include "validator/census/run_reporter.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/core/text.hpp"
#include "validator/platform/output_guard.hpp"
#include "validator/platform/safe_extract.hpp"
#include "validator/platform/sandbox.hpp"
#include "validator/rebuild/rebuild_jobs.hpp"
#include "validator/tsf/image_lookup.hpp"

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
    "error, members over a per-member budget, and GAF/TAF/TSF members that are refused. Other\n"
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
    "links and special files (FIFOs, devices) are not followed or copied, and counted. A refused\n"
    "file is left out of OUTDIR.\n\n"
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

// The regular files below root, sorted, paths relative to it ('/'-separated); symbolic links
// and special files (FIFOs, sockets, devices) are counted, not listed.
std::vector<std::string> tree_files(const fs::path& root, std::uint64_t& symlinks,
                                    std::uint64_t& special) {
  std::vector<std::string> files;
  std::error_code error;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, error);
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    const fs::file_status status = it->symlink_status();
    if (fs::is_symlink(status)) {
      ++symlinks;
      continue;
    }
    if (fs::is_regular_file(status))
      files.push_back(it->path().lexically_relative(root).generic_string());
    else if (!fs::is_directory(status))
      ++special;
  }
  std::sort(files.begin(), files.end());
  return files;
}

// A path's components with ASCII case folded and '\\' read as '/', "." and empty ones dropped.
std::string folded_path(std::string_view path) {
  std::string folded;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find_first_of("/\\", start);
    if (end == std::string_view::npos) end = path.size();
    const std::string_view part = path.substr(start, end - start);
    if (!part.empty() && part != ".") folded += (folded.empty() ? "" : "/") + ascii_lowercase(part);
    start = end + 1;
  }
  return folded;
}

// The images a rebuilt TSF script names, looked up among the files the output tree will hold,
// ignoring case as the game's file systems do.
class OutputTreeImages final : public tsf::ImageLookup {
 public:
  OutputTreeImages(const std::set<std::string>& written, std::string_view script)
      : written_(written) {
    const auto slash = script.find_last_of('/');
    directory_ = folded_path(slash == std::string_view::npos ? "" : script.substr(0, slash));
  }
  tsf::ImageProbe probe(std::string_view relative_name) override {
    const std::string name = folded_path(relative_name);
    const std::string path = directory_.empty() ? name : directory_ + "/" + name;
    return {written_.count(path) > 0, {}};
  }
  std::string where() const override { return "the rebuilt tree"; }

 private:
  const std::set<std::string>& written_;
  std::string directory_;
};

// The output as named: absolute, its last component as written (a symbolic link there is the
// output's own name, which the writer refuses to follow), "dir/" read as "dir".
fs::path named_output(const std::string& path) {
  fs::path named = fs::absolute(path).lexically_normal();
  if (named.filename().empty()) named = named.parent_path();
  return named;
}

constexpr std::size_t stderr_lines_per_file = 100;

}  // namespace

int run_rebuild(const Arguments& arguments, const std::string& command_line) {
  RunOptions options;
  std::vector<std::string> inputs;
  std::string output, report, format = "yaml";
  bool force = false;
  unsigned jobs = 1;
  rebuild::RebuildOptions rebuild_options;
  po::options_description general(rebuild_usage);
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "output,o", po::value(&output),
      "the file (or, for a DIR, the directory) to write (required)")(
      "drop-unrenderable", po::bool_switch(&rebuild_options.drop_unrenderable),
      "drop the frames and entries whose outcome in the game is undefined instead of refusing")(
      "drop-unreachable", po::bool_switch(&rebuild_options.drop_unreachable),
      "leave out what the game never loads (an entry past its entry count or named like an "
      "earlier one, a member whose path folds like an earlier one's) without exit 5")(
      "keep-unknown", po::bool_switch(&rebuild_options.keep_unknown),
      "keep each frame's unknown3 word (editor scratch the game never reads; default 0)")(
      "report", po::value(&report), "write the sidecar report to this file")(
      "format", po::value(&format)->default_value("yaml"),
      "the sidecar's format (yaml, json, sarif, junit, gnu, codeclimate, html)")(
      "force", po::bool_switch(&force), "replace existing output files (never the input)")(
      "jobs,j", po::value(&jobs)->default_value(1), "files rebuilt at once in DIR mode");
  po::options_description visible;
  visible.add(general)
      .add(budget_options_description(options))
      .add(sandbox_options_description(options));
  if (!parse_command_line(arguments, visible, inputs)) return 0;
  if (inputs.size() != 1) throw UsageError{"rebuild takes one IN (see gafcheck rebuild --help)"};
  if (output.empty()) throw UsageError{"rebuild needs -o OUT, the file or directory to write"};
  if (jobs == 0 || jobs > 256) throw UsageError{"-j is from 1 to 256"};
  finish_common_options(options);
  rebuild_options.limits = options.check.limits;
  const std::string& input = inputs[0];
  std::error_code error;
  const bool tree_mode = fs::is_directory(input, error);
  if (!tree_mode && !fs::exists(input, error)) {
    std::cerr << "gafcheck: cannot read " << escape_bytes(input) << ": no such file\n";
    return 3;
  }

  // Containment is decided on resolved paths; what is written is the output as named.
  const fs::path in_full = absolute_of(input), out_full = absolute_of(output);
  const fs::path out_named = named_output(output);
  if (!tree_mode &&
      (out_named.filename().empty() || out_named.filename() == "." || out_named.filename() == ".."))
    throw UsageError{"rebuild: -o " + escape_bytes(output) + " names no file"};
  if (tree_mode) {
    if (inside(out_full, in_full) || inside(in_full, out_full))
      throw UsageError{"rebuild: OUTDIR " + escape_bytes(output) + " and DIR " +
                       escape_bytes(input) + " must not contain one another"};
  } else {
    refuse_output_among_inputs(output, {input}, "rebuilt file");
  }
  if (!report.empty()) {
    refuse_output_among_inputs(report, {input, output}, "sidecar report");
    if (tree_mode &&
        (inside(absolute_of(report), in_full) || inside(absolute_of(report), out_full)))
      throw UsageError{"rebuild: --report must lie outside DIR and OUTDIR"};
    options.outputs = {OutputRequest{format, report}};
  }
  options.quiet = true;

  const fs::path out_directory =
      tree_mode ? out_named : absolute_of(out_named.parent_path().string());
  std::string open_error;
  auto target = ExtractDirectory::open(out_directory.string(), open_error);
  if (!target)
    throw UsageError{"cannot write into " + escape_bytes(out_directory.string()) + ": " +
                     open_error};
  struct stat input_stat {};
  if (!tree_mode && ::stat(input.c_str(), &input_stat) == 0)
    target->protect(input_stat.st_dev, input_stat.st_ino);

  std::optional<RunReporter> reporter;
  if (!report.empty()) reporter.emplace(options, PerFile::all, inputs);
  SandboxPlan plan;
  plan.read_paths = {input};
  plan.write_trees = {out_directory.string()};
  plan.threads = jobs > 1;
  if (!report.empty()) plan.output_paths = {report};
  if (reporter)
    for (const auto& writer : reporter->writers())
      if (writer->output().is_temp())
        plan.remove_on_violation.push_back(writer->output().current_path().string());
  ReportHeader header;
  header.command = "rebuild";
  header.command_line = command_line;
  header.started_at = utc_timestamp();
  header.limits = options.check.limits;
  header.sandbox = confine(plan, !options.no_sandbox);
  if (reporter) reporter->start(header);

  std::vector<RebuildJob> work;
  std::uint64_t symlinks = 0, special = 0;
  if (tree_mode) {
    for (const std::string& relative : tree_files(in_full, symlinks, special))
      work.push_back({in_full / relative, relative});
  } else {
    work.push_back({fs::path(input), input});
  }
  const auto run_all = [&](const std::vector<std::size_t>& indices, const auto& run_one) {
    std::atomic<std::size_t> next{0};
    const auto worker = [&] {
      for (std::size_t i; (i = next.fetch_add(1)) < indices.size();) run_one(work[indices[i]]);
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < std::min<std::size_t>(jobs, indices.size()); ++t)
      threads.emplace_back(worker);
    worker();
    for (std::thread& thread : threads) thread.join();
  };
  std::vector<std::size_t> all(work.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  run_all(all, [&](RebuildJob& job) {
    run_rebuild_job(job, rebuild_options, reporter.has_value(), tree_mode);
  });
  // DIR mode: TSF scripts once every other file's fate is known, their images looked up among
  // the files OUTDIR will hold (check of OUTDIR looks there). Scripts are never images.
  std::vector<std::size_t> scripts;
  std::set<std::string> written;
  for (std::size_t i = 0; i < work.size(); ++i) {
    const RebuildOutcome outcome = work[i].outcome;
    if (outcome == RebuildOutcome::deferred)
      scripts.push_back(i);
    else if (outcome == RebuildOutcome::rebuilt || outcome == RebuildOutcome::rebuilt_with_losses ||
             outcome == RebuildOutcome::copied)
      written.insert(folded_path(work[i].path_in_tree));
  }
  run_all(scripts, [&](RebuildJob& job) {
    OutputTreeImages images(written, job.path_in_tree);
    rebuild::RebuildOptions with_images = rebuild_options;
    with_images.output_images = &images;
    run_rebuild_job(job, with_images, reporter.has_value(), tree_mode);
  });

  int exit_code = 0;
  std::uint64_t rebuilt = 0, with_losses = 0, copied = 0, refused = 0;
  for (RebuildJob& job : work) {
    const std::string shown = escape_bytes(tree_mode ? job.path_in_tree : input);
    std::size_t shown_lines = 0;
    for (const std::string& message : job.messages)
      if (shown_lines++ < stderr_lines_per_file)
        std::cerr << "gafcheck: " << shown << ": " << sanitize_text(message) << '\n';
    const std::uint64_t not_shown = job.messages.size() -
                                    std::min(job.messages.size(), stderr_lines_per_file) +
                                    job.messages_unlisted;
    if (not_shown > 0)
      std::cerr << "gafcheck: " << shown << ": " << not_shown
                << " more lines not shown (the sidecar, --report, has every finding's fate)\n";
    if (job.sidecar && reporter) reporter->add(std::move(*job.sidecar));
    if (reporter)
      for (FileReport& member : job.member_sidecars) reporter->add(std::move(member));
    switch (job.outcome) {
      case RebuildOutcome::unreadable: exit_code = std::max(exit_code, 3); continue;
      case RebuildOutcome::archive_refused:
        exit_code = std::max(exit_code, 2);
        ++refused;
        continue;
      case RebuildOutcome::deferred:  // cannot happen: every script ran in the second pass
      case RebuildOutcome::refused:
        exit_code = std::max(exit_code, 1);
        std::cerr << "gafcheck: " << shown << ": refused, not written\n";
        ++refused;
        continue;
      case RebuildOutcome::rebuilt: ++rebuilt; break;
      case RebuildOutcome::rebuilt_with_losses:
        std::cerr << "gafcheck: " << shown
                  << ": written, but content was left out that no option asked to drop "
                     "(listed above as dropped)\n";
        ++with_losses;
        break;
      case RebuildOutcome::copied: ++copied; break;
    }
    const std::string name = tree_mode ? job.path_in_tree : out_named.filename().string();
    if (const auto not_written = target->write(name, job.bytes, force)) {
      std::cerr << "gafcheck: " << escape_bytes(name) << " not written: " << *not_written << '\n';
      exit_code = std::max(exit_code, 2);
    } else if (job.outcome == RebuildOutcome::rebuilt_with_losses) {
      exit_code = std::max(exit_code, 5);
    }
  }
  if (reporter) reporter->finish(false);
  std::cerr << "rebuild: " << rebuilt << " rebuilt, ";
  if (with_losses) std::cerr << with_losses << " written with content left out, ";
  std::cerr << copied << " copied, " << refused << " refused";
  if (symlinks) std::cerr << ", " << symlinks << " symbolic links not followed";
  if (special) std::cerr << ", " << special << " special files (FIFOs, devices) not copied";
  std::cerr << '\n';
  return exit_code;
}

}  // namespace gafcheck::cli
