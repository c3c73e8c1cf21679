// gafcheck: validates and dissects Total Annihilation GAF sprite files.
#include <boost/program_options/errors.hpp>
#include <exception>
#include <iostream>
#include <string>

#include "reports/report_output.hpp"
#include "reports/report_reader.hpp"
#include "reports/yaml_report.hpp"
#include "validator/cli/archive_commands.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/cli/render_command.hpp"
#include "validator/cli/sandbox/sandbox.hpp"
#include "validator/core/text.hpp"

namespace {

constexpr const char* usage =
    "Usage: gafcheck COMMAND [options] [ARGS]\n\n"
    "Validates Total Annihilation GAF sprite files and says what the retail game would do with\n"
    "each defect (crash, draw garbage, drop content, or load fine).\n\n"
    "Commands:\n"
    "  check PATH...      check files (directories recursively); YAML report on stdout or -o\n"
    "  census [DIR...]    check whole trees (default: the bundled corpus) with a summary\n"
    "  ls ARCHIVE         list an HPI/UFO archive's members\n"
    "  extract ARCHIVE [MEMBER...] -C DIR\n"
    "                     extract members safely (no traversal, no symlinks, no overwrite)\n"
    "  render FILE... -o DIR\n"
    "                     draw frames as PNG: as the retail game draws them, as encoded\n"
    "  show FILE [--at OFFSET | --finding N | --path PATH]\n"
    "                     the structure tree with offsets and sizes, or a range's bytes labelled\n"
    "                     with the structures that claim them and the findings at them\n"
    "  merge SHARD...     join the reports of census --shard runs into one\n"
    "  diff OLD NEW       what changed between two reports (new, resolved, changed findings)\n"
    "  html REPORT --root DIR -o PAGE\n"
    "                     draw an existing report as the HTML page --format html writes\n"
    "  rules [--brief]    print the rule catalogue\n"
    "  explain RULE       print one rule\n"
    "  config [PATH]      print the configuration (.gafcheck.yaml) that applies to PATH\n\n"
    "Run 'gafcheck COMMAND --help' for a command's options.\n"
    "check, census, ls, extract, render, show, merge, diff and html confine themselves before they "
    "read "
    "any\n"
    "input (a seccomp filter, and Landlock where the kernel has it); --no-sandbox turns that off.\n"
    "Exit codes: 0 clean (below --fail-on), 1 findings at or above --fail-on, 2 usage error\n"
    "(also: the output cannot be written, or would replace an input), 3 an input could not be\n"
    "read, 4 internal error (also: the sandbox refused a system call, which it names).\n";

// Arguments are escaped one by one (spaces too), so a file name in them comes back distinct and
// the line splits back at its spaces.
std::string join_command_line(int argc, char** argv) {
  std::string line;
  for (int i = 0; i < argc; ++i) {
    if (i) line += ' ';
    line += gafcheck::escape_argument(argv[i]);
  }
  return line;
}

int dispatch(const std::string& command, const gafcheck::cli::Arguments& arguments,
             const std::string& command_line) {
  using namespace gafcheck::cli;
  if (command == "check") return run_check(arguments, command_line);
  if (command == "census") return run_census(arguments, command_line);
  if (command == "html") return run_html(arguments, command_line);
  if (command == "ls") return run_ls(arguments);
  if (command == "extract") return run_extract(arguments);
  if (command == "render") return run_render(arguments);
  if (command == "show") return run_show(arguments);
  if (command == "merge") return run_merge(arguments, command_line);
  if (command == "diff") return run_diff(arguments, command_line);
  if (command == "rules") return run_rules(arguments);
  if (command == "explain") return run_explain(arguments);
  if (command == "config") return run_config(arguments);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << usage;
    return 0;
  }
  if (command == "--version") {
    std::cout << "gafcheck " << gafcheck::tool_version() << '\n';
    return 0;
  }
  throw UsageError{"unknown command '" + command + "'"};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << usage;
    return 2;
  }
  const gafcheck::cli::Arguments arguments(argv + 2, argv + argc);
  try {
    return dispatch(argv[1], arguments, join_command_line(argc, argv));
  } catch (const gafcheck::cli::UsageError& error) {
    std::cerr << "gafcheck: " << error.message << "\n(run 'gafcheck --help' for usage)\n";
    return 2;
  } catch (const gafcheck::OutputError& error) {
    std::cerr << "gafcheck: " << error.what() << " (the output cannot be written)\n";
    return 2;
  } catch (const boost::program_options::error& error) {
    std::cerr << "gafcheck: " << error.what() << "\n(run 'gafcheck " << argv[1] << " --help')\n";
    return 2;
  } catch (const gafcheck::cli::SandboxError& error) {
    std::cerr << "gafcheck: cannot set up the sandbox: " << error.what()
              << " (--no-sandbox runs without it)\n";
    return 4;
  } catch (const gafcheck::ReportError& error) {  // a report read back (diff, merge, --resume)
    std::cerr << "gafcheck: " << error.what() << '\n';
    return 3;
  } catch (const std::exception& error) {
    std::cerr << "gafcheck: internal error: " << error.what() << " (please report this)\n";
    return 4;
  } catch (...) {
    std::cerr << "gafcheck: internal error (please report this)\n";
    return 4;
  }
}
