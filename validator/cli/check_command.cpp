// gafcheck check PATH...: validate files (directories recursively) and write the YAML report.
#include <iostream>

#include "validator/census/run_configuration.hpp"
#include "validator/census/run_inputs.hpp"
#include "validator/census/run_reporter.hpp"
#include "validator/check/check_input.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/input/input_walk.hpp"
#include "validator/platform/output_guard.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;

int run_check(const Arguments& arguments, const std::string& command_line) {
  RunOptions options;
  ConfigOptions config_options;
  po::variables_map given;
  std::vector<std::string> paths;
  po::options_description general(
      "Usage: gafcheck check [options] PATH...\n\n"
      "Checks GAF files (directories are walked recursively) and writes a YAML\n"
      "report: a header document, one document per file with its verdict,\n"
      "what the retail game would do with it, and every finding (rule, offset,\n"
      "structure path, message), then a summary document. --format writes other\n"
      "formats (JSON Lines, JUnit XML, one line per finding, ...) from the same pass.\n"
      "A file named as a PATH is always checked (an ignore: glob never skips it). In a walked\n"
      "directory, the inputs are picked as census picks them: by extension (gaf, taf, tsf,\n"
      "hpi, ufo, ccx, gp3) or by content; other files (a readme.txt) are counted in the\n"
      "summary as not_inputs.\n\n"
      "Options");
  general.add_options()("help,h", po::bool_switch(), "show this help");
  po::options_description visible;
  visible.add(general)
      .add(output_options_description("the YAML report"))
      .add(report_options_description(options))
      .add(report_reading_description(options))
      .add(budget_options_description(options))
      .add(config_options_description(config_options))
      .add(sandbox_options_description(options));
  OrderedOptions ordered;
  if (!parse_command_line(
          arguments, visible, paths,
          "\n" + config_discovery_help() +
              "\nExit codes: 0 no finding at or above --fail-on, 1 findings at or above it,\n"
              "2 usage error (also: -o cannot be written, or is one of the inputs: nothing is\n"
              "written then), 3 an input could not be read, 4 internal error.\n"
              "Examples: gafcheck check --fail-on warning -o report.yaml upload.gaf\n"
              "          gafcheck check --format gnu --format json -o r.jsonl --format junit -o\n"
              "            junit.xml anims/   (one pass: gnu lines on stdout, JSON Lines, JUnit)\n",
          &ordered, &given))
    return exit_status(ExitCode::clean);
  finish_common_options(options);
  options.outputs = resolve_outputs(ordered);
  attach_for_html(options);
  if (paths.empty()) throw UsageError{"check needs at least one PATH (see gafcheck check --help)"};
  // Read now, before the outputs are opened and the process confines itself.
  const RunConfiguration configuration(paths, config_options);
  configuration.settle(options, given);

  ReportHeader header;
  header.command = "check";
  header.command_line = command_line;
  header.started_at = utc_timestamp();
  header.profile = configuration.profile_label();
  header.config = configuration.sources();
  const InputSelection selection({});
  for (const std::string& output : output_paths(options.outputs))
    refuse_output_in_walk(output, paths, selection);
  RunReporter reporter(options, PerFile::all, paths);
  SandboxPlan plan;
  plan.read_paths = paths;
  if (!options.baseline.empty()) plan.read_paths.push_back(options.baseline);
  plan.output_paths = output_paths(options.outputs);
  for (const auto& writer : reporter.writers())
    if (writer->output().is_temp())
      plan.remove_on_violation.push_back(writer->output().current_path().string());
  header.sandbox = confine(plan, !options.no_sandbox);
  reporter.start(header);
  InputWalk walk(paths);
  for (const auto& writer : reporter.writers())
    if (const auto identity = writer->output().file_identity())
      walk.exclude(identity->first, identity->second);
  run_inputs(walk, selection, options.check, configuration, reporter);
  return reporter.finish(false);
}

}  // namespace gafcheck::cli
