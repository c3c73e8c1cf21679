// gafcheck census [DIR...]: check every input under the directories (default: the bundled
// corpus) in parallel and write a report in path order whose summary holds the survey figures.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <thread>

#include "validator/cli/census/census_runner.hpp"
#include "validator/cli/census/input_selection.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/cli/input_walk.hpp"
#include "validator/cli/run_reporter.hpp"

#ifndef GAFCHECK_CORPUS_DIR
#define GAFCHECK_CORPUS_DIR "corpus"
#endif

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

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

}  // namespace

int run_census(const Arguments& arguments, const std::string& command_line) {
  CensusRun run;
  std::vector<std::string> roots;
  std::string per_file_text, min_severity_text, extensions_text, shard_text, resume_verify;
  unsigned jobs = 0;
  po::options_description general(
      "Usage: gafcheck census [options] [DIR...]\n\n"
      "Checks every GAF, TAF, TSF and HPI-family file under the directories (default: the\n"
      "bundled corpus, " GAFCHECK_CORPUS_DIR
      "), picked by content as well as by extension, on\n"
      "several threads, and writes a YAML report in path order: a header, the documents of\n"
      "files with findings, one compact record per file, and a summary with the survey figures\n"
      "(structure totals, histograms, findings per rule). The report file is written as the run\n"
      "goes, so an interrupted census can be continued with --resume. --format writes other\n"
      "formats from the same pass (JSON Lines streamed; all of them include what --resume\n"
      "takes over from the old report).\n\nOptions");
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "jobs,j", po::value(&jobs)->default_value(0), "worker threads (0: one per core)")(
      "per-file", po::value(&per_file_text)->default_value("findings"),
      "which file documents to write: all, findings (files with findings at or above "
      "--min-severity), or none; records are always written")(
      "min-severity", po::value(&min_severity_text)->default_value("warning"),
      "with --per-file findings: the least severe finding that earns a file document")(
      "ext", po::value(&extensions_text),
      "only consider files with these extensions (comma-separated, e.g. gaf,taf)")(
      "shard", po::value(&shard_text),
      "check only shard K of N (K/N, by a hash of each path); join the shard reports with "
      "gafcheck merge")(
      "resume", po::value(&run.resume),
      "continue the census in this (interrupted) report: files it already holds, unchanged "
      "(path, size, mtime, ctime, device, inode), are taken over instead of checked again; may "
      "equal -o; a report cut short (no summary) is what this is for: its complete groups are "
      "taken over")("resume-verify", po::value(&resume_verify)->default_value("stat"),
                    "how --resume decides a file is unchanged: stat (the fields above) or hash "
                    "(also re-hash it and compare with the recorded SHA-256; a file recorded "
                    "without one is checked again)")(
      "hash-all", po::bool_switch(&run.hash_all),
      "SHA-256 every input, also files without a document (by default only files that get a "
      "document, and archives, are hashed: hashing is about half of a census's work)");
  po::options_description visible;
  visible.add(general)
      .add(output_options_description("the YAML report (the journal --resume reads)"))
      .add(report_options_description(run.common))
      .add(report_reading_description(run.common))
      .add(budget_options_description(run.common))
      .add(sandbox_options_description(run.common));
  OrderedOptions ordered;
  if (!parse_command_line(
          arguments, visible, roots,
          "\nExit codes: 0 no finding at or above --fail-on, 1 findings at or above it,\n"
          "2 usage error (also: -o cannot be written, or would be an input of the walk),\n"
          "3 an input could not be read, 4 internal error; 128+N when\n"
          "signal N interrupted the run (the report is then marked interrupted).\n"
          "Examples: gafcheck census -j 2 -o ta.yaml ~/ta/extracted\n"
          "          gafcheck census -o ta.yaml --format json -o ta.jsonl --format junit\n"
          "            -o ta.xml ~/ta/extracted   (one pass; the YAML report is the journal,\n"
          "            the other formats are renamed into place when the run ends)\n",
          &ordered))
    return 0;
  finish_common_options(run.common);
  run.common.outputs = resolve_outputs(ordered);
  run.per_file = parse_per_file(per_file_text);
  if (resume_verify != "stat" && resume_verify != "hash")
    throw UsageError{"--resume-verify takes stat or hash, not '" + resume_verify + "'"};
  run.resume_verify_hash = resume_verify == "hash";
  const auto min_severity = severity_from_name(min_severity_text);
  if (!min_severity)
    throw UsageError{"--min-severity takes error, warning or info, not '" + min_severity_text +
                     "'"};
  run.min_severity = *min_severity;
  if (!extensions_text.empty()) run.settings.extensions = parse_extensions(extensions_text);
  if (!shard_text.empty()) {
    run.shard = parse_shard(shard_text);
    run.settings.shard = run.shard->text();
  }
  if (roots.empty()) roots.push_back(GAFCHECK_CORPUS_DIR);
  run.settings.roots = normalized_roots(roots);
  run.settings.per_file = per_file_text;
  run.settings.baseline = run.common.baseline;
  run.settings.min_severity = min_severity_text;
  run.jobs = jobs != 0 ? jobs : std::max(1u, std::thread::hardware_concurrency());
  run.progress = ::isatty(STDERR_FILENO) == 1;

  ReportHeader header;
  header.command = "census";
  header.command_line = command_line;
  header.started_at = utc_timestamp();
  header.limits = run.common.check.limits;
  header.game = run.common.game;
  header.census = run.settings;
  return run_census_walk(run, header);
}

}  // namespace gafcheck::cli
