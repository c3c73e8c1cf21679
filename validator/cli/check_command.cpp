// gafcheck check PATH...: validate files (directories recursively) and write the YAML report.
#include "validator/census/check_run.hpp"
#include "validator/census/run_configuration.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;

namespace {

// check's command line; validate() turns it into the run.
struct CheckCommandOptions : CommandArguments {
  RunOptions common;
  ConfigOptions config_options;
  unsigned jobs = 0;
  std::string colour;
};

std::string check_help_epilogue() {
  return "\n" + config_discovery_help() +
         "\nExit codes: 0 no finding at or above --fail-on, 1 findings at or above it,\n"
         "2 usage error (also: -o cannot be written, or is one of the inputs: nothing is\n"
         "written then), 3 an input could not be read, 4 internal error.\n"
         "Examples: gafcheck check upload.gaf   (on a terminal: the text format)\n"
         "          gafcheck check --fail-on warning -o report.yaml upload.gaf\n"
         "          gafcheck check -j 2 -o report.yaml mods/ extra.ufo\n"
         "          gafcheck check --format gnu --format json -o r.jsonl --format junit -o\n"
         "            junit.xml anims/   (one pass: gnu lines on stdout, JSON Lines, JUnit)\n";
}

CommandHelp check_options_description(CheckCommandOptions& o) {
  po::options_description general(
      "Usage: gafcheck check [options] PATH...\n\n"
      "Checks GAF files (directories are walked recursively) and writes a YAML\n"
      "report: a header document, one document per file with its verdict,\n"
      "what the retail game would do with it, and every finding (rule, offset,\n"
      "structure path, message), then a summary document. --format writes other\n"
      "formats (JSON Lines, JUnit XML, one line per finding, ...) from the same pass.\n"
      "On a terminal, with neither --format nor -o, standard output gets the text format\n"
      "instead: each file's verdict and why, one line per finding, a summary line (coloured;\n"
      "see --color). A pipe or a file gets the YAML report.\n"
      "A file named as a PATH is always checked (an ignore: glob never skips it). In a walked\n"
      "directory, the inputs are picked as census picks them: by extension (gaf, taf, tsf,\n"
      "hpi, ufo, ccx, gp3) or by content; other files (a readme.txt) are counted in the\n"
      "summary as not_inputs.\n\n"
      "Options");
  general.add_options()("help,h", po::bool_switch(), "show this help");
  add_jobs_option(general, o.jobs,
                  "worker threads, each checking one input at a time (0: one per core); the "
                  "reports and verdict lines are the same, in the same order, for any N");
  po::options_description visible;
  visible.add(general)
      .add(output_options_description("the YAML report", &o.colour))
      .add(report_options_description(o.common))
      .add(report_reading_description(o.common))
      .add(budget_options_description(o.common))
      .add(config_options_description(o.config_options))
      .add(sandbox_options_description(o.common));
  return {visible, check_help_epilogue()};
}

CheckRun validate(CheckCommandOptions& o) {
  finish_common_options(o.common);
  o.common.outputs = resolve_terminal_outputs(o.ordered, o.colour);
  if (o.positional.empty())
    throw UsageError{"check needs at least one PATH (see gafcheck check --help)"};
  CheckRun run;
  run.command_line = o.command_line;
  run.jobs = worker_threads(o.jobs);
  // Read now, before the outputs are opened and the process confines itself.
  run.configuration = std::make_shared<const RunConfiguration>(o.positional, o.config_options);
  run.configuration->settle(o.common, o.given);
  attach_for_html(o.common);  // after the configuration's min-severity is settled
  run.paths = std::move(o.positional);
  run.options = std::move(o.common);
  return run;
}

}  // namespace

int run_check(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, check_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
