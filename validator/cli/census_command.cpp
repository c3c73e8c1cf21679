// gafcheck census DIR...: check every input under the directories in parallel and write a report
// in path order whose summary holds the survey figures.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>

#include "validator/census/census_runner.hpp"
#include "validator/census/run_configuration.hpp"
#include "validator/census/run_reporter.hpp"
#include "validator/census/shard_environment.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/core/text.hpp"
#include "validator/input/input_selection.hpp"
#include "validator/input/input_walk.hpp"
#include "validator/modsets/conflicts_census.hpp"
#include "validator/modsets/engine_profiles.hpp"

#ifndef GAFCHECK_CORPUS_DIR
#define GAFCHECK_CORPUS_DIR "corpus"
#endif

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

// A census with no DIR is a usage error: checking some default tree surprises anyone who runs it
// in their own. The hint names the seed corpus this build knows of, for a first try.
[[noreturn]] void throw_no_directory() {
  throw UsageError{
      "census needs a DIR: name a directory, e.g. `gafcheck census .` (the bundled "
      "seed corpus: `gafcheck census " GAFCHECK_CORPUS_DIR "`)"};
}

PerFile parse_per_file(const std::string& text) {
  if (text == "all") return PerFile::all;
  if (text == "none") return PerFile::none;
  if (text != "findings")
    throw UsageError{"--per-file takes all, findings or none, not '" + text + "'"};
  return PerFile::findings;
}

std::vector<std::string> normalized_roots(std::vector<std::string> roots) {
  for (std::string& root : roots)
    while (root.size() > 1 && root.back() == '/') root.pop_back();
  std::sort(roots.begin(), roots.end(), path_less);
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  return roots;
}

// --shard K/N, or --shard auto with K and N from the batch engine's variables.
void choose_shard(CensusRun& run, const std::string& text, const std::string& shards_text) {
  if (!shards_text.empty() && text != "auto")
    throw UsageError{"--shards N goes with --shard auto (Kubernetes Indexed Jobs)"};
  if (text.empty()) return;
  if (text == "auto") {
    std::optional<std::uint32_t> shards;
    if (!shards_text.empty()) {
      std::uint32_t value = 0;
      const char* end = shards_text.data() + shards_text.size();
      const auto [next, error] = std::from_chars(shards_text.data(), end, value);
      if (error != std::errc() || next != end || value == 0)
        throw UsageError{"--shards takes a whole number N >= 1, not '" + shards_text + "'"};
      shards = value;
    }
    const auto lookup = [](const char* name) -> const char* { return std::getenv(name); };
    ShardFromEnvironment found = shard_from_environment(lookup, shards);
    run.shard = found.shard;
    run.settings.shard_from = std::move(found.variables);
  } else {
    run.shard = parse_shard(text);
  }
  run.settings.shard = run.shard->text();
}

// census's command line; validate() turns it into the run.
struct CensusOptions : CommandArguments {
  CensusRun run;
  ConfigOptions config_options;
  std::string per_file_text, extensions_text, shard_text, resume_verify;
  std::string files_from, max_list_size, colour;
  bool nul_separated = false;
  std::string shards;
  unsigned jobs = 0;
  bool conflicts = false;
  std::string engine;
};

// census --conflicts: the conflict table of the DIRs, as gafcheck conflicts gives it.
void add_conflicts_options(po::options_description& general, CensusOptions& o) {
  const modsets::EngineProfiles& profiles = modsets::embedded_engine_profiles();
  general.add_options()(
      "conflicts", po::bool_switch(&o.conflicts),
      "also list every path the DIRs' loose files and archives supply more than once, as "
      "gafcheck conflicts does (each DIR a game folder): the summary document gets a conflicts "
      "section (reports/schema/conflicts.schema.json), the HTML page its table and the text view "
      "its lines. Exit status "
      "as conflicts' default --fail-on findings: at least 1 when a loaded copy and a copy it "
      "shadows differ in findings, 3 when an archive or a copy cannot be read exactly. Not "
      "with --shard or --files-from (a game folder is one whole)")(
      "engine", po::value(&o.engine)->value_name("NAME|all"),
      ("with --conflicts: whose loading rule picks the winner: " + profiles.names() +
       ", or all (default " + profiles.default_engine + "; gafcheck conflicts --help tells them)")
          .c_str());
}

// --conflicts: the closing work that lists the DIRs' overlaps after the walk.
void choose_conflicts(CensusOptions& o) {
  const modsets::EngineProfiles& profiles = modsets::embedded_engine_profiles();
  if (!o.conflicts) {
    if (!o.engine.empty()) throw UsageError{"--engine goes with --conflicts"};
    return;
  }
  if (!o.files_from.empty() || !o.shard_text.empty())
    throw UsageError{
        "--conflicts takes whole game folders: not with --files-from or --shard (run gafcheck "
        "conflicts DIR on the whole folder)"};
  const std::string engine = o.engine.empty() ? profiles.default_engine : o.engine;
  if (engine != "all" && !profiles.find(engine))
    throw UsageError{"--engine takes " + profiles.names() + " or all, not '" +
                     escape_bytes(engine) + "'"};
  o.run.closing_work = [roots = o.positional, engine, check = o.run.common.check] {
    return modsets::census_conflicts(roots, engine, check);
  };
}

// Which files are checked, and which get a document.
void add_selection_options(po::options_description& general, CensusOptions& o) {
  general.add_options()("help,h", po::bool_switch(), "show this help");
  add_jobs_option(general, o.jobs, "worker threads (0: one per core)");
  general.add_options()(
      "per-file",
      po::value(&o.per_file_text)->value_name("all|findings|none")->default_value("findings"),
      "which file documents to write: all, findings (files with findings at or above "
      "--min-severity, below), or none; records are always written")(
      "ext", po::value(&o.extensions_text)->value_name("EXT,..."),
      "only consider files with these extensions (comma-separated, e.g. gaf,taf)")(
      "shard", po::value(&o.shard_text)->value_name("K/N"),
      "check only shard K of N (K/N, by a hash of each path); join the shard reports with "
      "gafcheck merge. 'auto' takes K and N from the batch engine running this task: GitLab "
      "parallel (CI_NODE_INDEX, CI_NODE_TOTAL), a Slurm array (SLURM_ARRAY_TASK_ID, _COUNT, "
      "_MIN, and _MAX/_STEP when set), an AWS Batch array (AWS_BATCH_JOB_ARRAY_INDEX, _SIZE) or "
      "a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with --shards); the header records the "
      "variables (census.shard_from); none set is a usage error")(
      "shards", po::value(&o.shards)->value_name("N"),
      "with --shard auto: N, for engines that do not tell their tasks (Kubernetes: the Job's "
      "spec.completions); other engines' totals must equal it")(
      "files-from", po::value(&o.files_from)->value_name("LIST"),
      "check the files this list names, one path per line ('-': standard input), instead of "
      "walking DIRs (which are then not allowed): paths relative to the working directory, "
      "reported as written, picked like walked files; a CR before the newline and empty lines "
      "are ignored, duplicates checked once, a missing path is a finding. The list is read "
      "whole before the census (the report is in path order); the header records its SHA-256, "
      "which --resume and merge compare")(
      "null,0", po::bool_switch(&o.nul_separated),
      "with --files-from: the paths are separated by NUL bytes (find -print0), not newlines")(
      "max-list-size", po::value(&o.max_list_size)->value_name("SIZE")->default_value("256M"),
      "with --files-from: at most this much memory for the paths held (this shard's, plus "
      "64 bytes each); a longer list is a usage error, never checked in part");
}

// Continuing an interrupted census, and hashing.
void add_resume_options(po::options_description& general, CensusOptions& o) {
  general.add_options()(
      "resume", po::value(&o.run.resume)->value_name("REPORT"),
      "continue the census in this (interrupted) report: files it already holds, unchanged "
      "(path, size, mtime, ctime, device, inode), are taken over instead of checked again; may "
      "equal -o, or be another name of it (a hard link, elsewhere too): then -o's name moves "
      "aside in its own directory as -o.resume-source until the new report is complete, and "
      "REPORT's other names keep the old report (e.g. --resume old/ta.yaml -o new/ta.yaml); a "
      "report cut short (no summary) is what this is for: its complete groups are taken over")(
      "resume-verify", po::value(&o.resume_verify)->value_name("stat|hash")->default_value("stat"),
      "how --resume decides a file is unchanged: stat (the fields above) or hash "
      "(also re-hash it and compare with the recorded SHA-256; a file recorded "
      "without one is checked again)")(
      "hash-all", po::bool_switch(&o.run.hash_all),
      "SHA-256 every input, also files without a document (by default only files that get a "
      "document, and archives, are hashed: hashing is about half of a census's work)");
}

po::options_description census_options_description(CensusOptions& o) {
  po::options_description general(
      "Usage: gafcheck census [options] DIR...\n"
      "       gafcheck census [options] --files-from LIST|-\n\n"
      "Checks every GAF, TAF, TSF and HPI-family file under the directories (at least one DIR,\n"
      "or --files-from; `gafcheck census .` for the current one), picked by content as well as\n"
      "by extension, on several threads, and writes a YAML report in path order: a header, the\n"
      "documents of files with findings, one compact record per file, and a summary with the\n"
      "survey figures (structure totals, histograms, findings per rule). The report file is\n"
      "written as the run goes, so an interrupted census can be continued with --resume.\n"
      "--format writes other formats from the same pass (JSON Lines streamed; all of them\n"
      "include what --resume takes over from the old report). On a terminal, with neither\n"
      "--format nor -o, standard output gets the text format instead: the verdict and why of\n"
      "each file that gets a document, its findings, a summary line (coloured; see --color).\n"
      "A pipe or a file gets the YAML report.\n\nOptions");
  add_selection_options(general, o);
  add_resume_options(general, o);
  add_conflicts_options(general, o);
  o.run.common.min_severity = "warning";  // a census lists what needs attention by default
  po::options_description visible;
  visible.add(general)
      .add(output_options_description("the YAML report (the journal --resume reads)", &o.colour))
      .add(report_options_description(o.run.common))
      .add(report_reading_description(o.run.common))
      .add(budget_options_description(o.run.common))
      .add(config_options_description(o.config_options))
      .add(sandbox_options_description(o.run.common));
  return visible;
}

std::string census_help_epilogue() {
  return "\n" + config_discovery_help() +
         "\nExit codes: 0 no finding at or above --fail-on, 1 findings at or above it (with\n"
         "--conflicts also: a loaded copy and a copy it shadows differ in findings),\n"
         "2 usage error (also: -o cannot be written, or would be an input of the walk),\n"
         "3 an input (with --conflicts: an archive or a copy of an overlapping path) could\n"
         "not be read, 4 internal error; 128+N when\n"
         "signal N interrupted the run (the report is then marked interrupted).\n"
         "Examples: gafcheck census -j 2 -o ta.yaml ~/ta/extracted\n"
         "          gafcheck census -o ta.yaml --format json -o ta.jsonl --format junit\n"
         "            -o ta.xml ~/ta/extracted   (one pass; the YAML report is the journal,\n"
         "            the other formats are renamed into place when the run ends)\n";
}

// --files-from LIST (read now, whole) or the DIRs (one at least).
void choose_inputs(CensusOptions& o) {
  CensusRun& run = o.run;
  std::vector<std::string>& roots = o.positional;  // the DIRs
  if (o.nul_separated && o.files_from.empty()) throw UsageError{"-0 goes with --files-from"};
  if (!o.files_from.empty()) {
    if (!roots.empty())
      throw UsageError{
          "--files-from replaces DIR arguments: list every input in it (find DIR "
          "-type f >> LIST adds a directory's files)"};
    FileListOptions list_options{o.files_from, o.nul_separated ? '\0' : '\n', run.shard,
                                 parse_quantity(o.max_list_size, "max-list-size")};
    run.list = std::make_shared<const FileList>(read_file_list(list_options));
    run.settings.files_from = run.list->identity;
  } else {
    if (roots.empty()) throw_no_directory();
    run.settings.roots = normalized_roots(roots);
  }
}

// The configuration files of the inputs, read now, before the report is opened and the process
// confines itself; a configuration's min-severity applies unless --min-severity is given.
void settle_configuration(CensusOptions& o) {
  CensusRun& run = o.run;
  std::vector<std::string> listed;
  if (run.list)
    for (const ListedPath& entry : run.list->paths)
      if (entry.problem.empty()) listed.push_back(entry.path);
  run.configuration =
      std::make_shared<const RunConfiguration>(run.settings.roots, o.config_options, listed);
  run.configuration->settle(run.common, o.given);
  run.settings.config_sha256 = run.configuration->sha256s();
  run.settings.rules = run.configuration->rule_texts();
}

const CensusRun& validate(CensusOptions& o) {
  CensusRun& run = o.run;
  finish_common_options(run.common);
  run.common.outputs = resolve_terminal_outputs(o.ordered, o.colour);
  run.per_file = parse_per_file(o.per_file_text);
  if (o.resume_verify != "stat" && o.resume_verify != "hash")
    throw UsageError{"--resume-verify takes stat or hash, not '" + o.resume_verify + "'"};
  run.resume_verify_hash = o.resume_verify == "hash";
  if (!o.extensions_text.empty()) run.settings.extensions = parse_extensions(o.extensions_text);
  choose_shard(run, o.shard_text, o.shards);
  choose_inputs(o);
  // Before the configurations settle the run-wide budgets and game: a .gafcheck.yaml inside a
  // game folder (the upload's own) must not change how its copies are read and checked, so the
  // conflicts are read under the command line's settings, as gafcheck conflicts reads them.
  choose_conflicts(o);
  settle_configuration(o);
  attach_for_html(run.common);  // after the configuration's min-severity is settled
  run.settings.per_file = o.per_file_text;
  run.settings.baseline = run.common.baseline;
  run.settings.min_severity = run.common.min_severity;
  run.jobs = worker_threads(o.jobs);
  // The text format on standard output shows each file as it is done: a progress line drawn on
  // the same terminal would cut through its lines.
  run.progress = ::isatty(STDERR_FILENO) == 1 && !text_on_standard_output(run.common.outputs);
  return run;
}

ReportHeader census_header(const CensusRun& run, const std::string& command_line) {
  ReportHeader header;
  header.command = "census";
  header.command_line = command_line;
  header.started_at = utc_timestamp();
  header.limits = run.common.check.limits;
  header.game = run.common.game;
  header.profile = run.configuration->profile_label();
  header.config = run.configuration->sources();
  header.census = run.settings;
  return header;
}

}  // namespace

int run_census(const Arguments& arguments, const std::string& command_line) {
  CensusOptions options;
  if (!parse_command_line(arguments, census_options_description(options), options.positional,
                          census_help_epilogue(), &options.ordered, &options.given))
    return exit_status(ExitCode::clean);
  const CensusRun& run = validate(options);
  // The walk's status is an ExitCode's, or 128 + the signal that interrupted it.
  return run_census_walk(run, census_header(run, command_line));
}

}  // namespace gafcheck::cli
