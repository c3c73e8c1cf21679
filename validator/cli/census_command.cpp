// gafcheck census [DIR...]: check every file under the directories (default: the bundled corpus)
// and write a report whose summary document gives files by verdict and findings per rule.
#include <iostream>

#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/cli/input_walk.hpp"
#include "validator/cli/run_inputs.hpp"
#include "validator/cli/run_reporter.hpp"

#ifndef GAFCHECK_CORPUS_DIR
#define GAFCHECK_CORPUS_DIR "corpus"
#endif

namespace gafcheck::cli {
namespace po = boost::program_options;

int run_census(const Arguments& arguments, const std::string& command_line) {
  CommonOptions options;
  std::vector<std::string> roots;
  std::string per_file_text = "findings";
  bool help = false;
  po::options_description general(
      "Usage: gafcheck census [options] [DIR...]\n\n"
      "Checks every file under the directories (default: the bundled corpus, " GAFCHECK_CORPUS_DIR
      ")\nand writes a YAML report ending in a summary document: files by verdict and format,\n"
      "findings per rule (occurrences and files), structure totals.\n\nOptions");
  general.add_options()("help,h", po::bool_switch(&help), "show this help")(
      "per-file", po::value(&per_file_text)->default_value("findings"),
      "which file documents to write: all, findings (files with findings), or none");
  po::options_description hidden;
  hidden.add_options()("dir", po::value(&roots));
  po::options_description visible;
  visible.add(general)
      .add(report_options_description(options))
      .add(budget_options_description(options));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("dir", -1);

  po::variables_map values;
  po::store(po::command_line_parser(arguments).options(all).positional(positional).run(), values);
  if (values["help"].as<bool>()) {
    std::cout << visible;
    return 0;
  }
  po::notify(values);
  finish_common_options(options);
  PerFile per_file = PerFile::findings;
  if (per_file_text == "all")
    per_file = PerFile::all;
  else if (per_file_text == "none")
    per_file = PerFile::none;
  else if (per_file_text != "findings")
    throw UsageError{"--per-file takes all, findings or none, not '" + per_file_text + "'"};
  if (roots.empty()) roots.push_back(GAFCHECK_CORPUS_DIR);
  if (values["quiet"].defaulted()) options.quiet = true;

  ReportHeader header;
  header.command = "census";
  header.command_line = command_line;
  header.started_at = utc_timestamp();
  RunReporter reporter(options, header, per_file);
  const auto inputs = collect_inputs(roots);
  run_inputs(inputs, options.check, reporter);
  const int exit_code = reporter.finish(false);
  std::cerr << "census: " << inputs.size() << " files checked under";
  for (const auto& root : roots) std::cerr << ' ' << root;
  std::cerr << "; exit " << exit_code << '\n';
  return exit_code;
}

}  // namespace gafcheck::cli
