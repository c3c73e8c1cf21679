// gafcheck: validates and dissects Total Annihilation GAF sprite files.
#include <boost/program_options/errors.hpp>
#include <exception>
#include <iostream>
#include <string>

#include "reports/yaml_report.hpp"
#include "validator/base/errors.hpp"
#include "validator/cli/archive_commands.hpp"
#include "validator/cli/cli_description.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/cli/render_command.hpp"
#include "validator/cli/version_report.hpp"
#include "validator/core/near_names.hpp"
#include "validator/core/text.hpp"

namespace {

constexpr const char* usage_without_exit_codes =
    "Usage: gafcheck COMMAND [options] [ARGS]\n\n"
    "Validates Total Annihilation GAF sprite files and says what the retail game would do with\n"
    "each defect (crash, draw garbage, drop content, or load fine).\n\n"
    "Commands:\n"
    "  check PATH...      check files (directories recursively); a text report on a terminal,\n"
    "                     the YAML report on a pipe or -o\n"
    "  census DIR...      check whole trees with a summary (resumable, shardable)\n"
    "  ls ARCHIVE         list an HPI/UFO archive's members\n"
    "  identify PATH...   which tool wrote each GAF or HPI file, with the evidence\n"
    "  extract ARCHIVE [MEMBER...] -o DIR\n"
    "                     extract members safely (no traversal, no symlinks, no overwrite)\n"
    "  render FILE... -o DIR\n"
    "                     draw frames as PNG: as the retail game draws them, as encoded\n"
    "  show FILE [--at OFFSET | --finding N | --path PATH]\n"
    "                     the structure tree with offsets and sizes, or a range's bytes labelled\n"
    "                     with the structures that claim them and the findings at them\n"
    "  rebuild IN -o OUT  write a canonical, safe GAF/TAF the game draws the same (DIR -o OUTDIR\n"
    "                     mirrors a tree); refuses where the game's outcome is undefined\n"
    "  merge SHARD...     join the reports of census --shard runs into one\n"
    "  diff OLD NEW       what changed between two sprite files, archives or trees as the game\n"
    "                     draws them, or between two reports (new, resolved, changed findings)\n"
    "  conflicts DIR|ARCHIVE...\n"
    "                     which copy of a path the game loads when mods overlap, and what the\n"
    "                     copies it shadows are to it (identical, drawn the same, an override)\n"
    "  html REPORT --root DIR -o PAGE\n"
    "                     draw an existing report as the HTML page --format html writes\n"
    "  rules [--brief|--ids]\n"
    "                     print the rule catalogue\n"
    "  explain RULE       print one rule\n"
    "  config [PATH]      print the configuration (.gafcheck.yaml) that applies to PATH\n\n"
    "Run 'gafcheck COMMAND --help' for a command's options, 'gafcheck --version' for the\n"
    "version, the catalogue's SHA-256 and the libraries linked.\n"
    "check, census, ls, identify, extract, render, show, rebuild, merge, diff, conflicts and\n"
    "html confine themselves before they read any input (a seccomp filter, and Landlock where\n"
    "the kernel has it); --no-sandbox turns that off.\n";

const std::string usage = usage_without_exit_codes + gafcheck::exit_codes_help();

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

namespace cli = gafcheck::cli;

// Every command, in the order the manual lists them (validator/cli/install/meson.build gives each
// its man page).
constexpr cli::CommandEntry commands[] = {
    {"check", cli::run_check},   {"census", cli::run_census},     {"html", cli::run_html},
    {"ls", cli::run_ls},         {"identify", cli::run_identify}, {"extract", cli::run_extract},
    {"render", cli::run_render}, {"show", cli::run_show},         {"rebuild", cli::run_rebuild},
    {"merge", cli::run_merge},   {"diff", cli::run_diff},         {"conflicts", cli::run_conflicts},
    {"rules", cli::run_rules},   {"explain", cli::run_explain},   {"config", cli::run_config}};

int dispatch(const std::string& command, const gafcheck::cli::Arguments& arguments,
             const std::string& command_line) {
  using namespace gafcheck::cli;
  for (const CommandEntry& entry : commands)
    if (entry.name == command) return entry.run(arguments, command_line);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << usage;
    return gafcheck::exit_status(gafcheck::ExitCode::clean);
  }
  if (command == "--version") {
    std::cout << version_report();
    return gafcheck::exit_status(gafcheck::ExitCode::clean);
  }
  // Not for people: the build's man page and completion generators read it.
  if (command == "--dump-cli") {
    std::cout << describe_cli(usage, commands);
    return gafcheck::exit_status(gafcheck::ExitCode::clean);
  }
  std::vector<std::string_view> names;
  for (const CommandEntry& entry : commands) names.push_back(entry.name);
  throw gafcheck::UsageError{"unknown command '" + command + "'" +
                             gafcheck::did_you_mean(command, names)};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << usage;
    return gafcheck::exit_status(gafcheck::ExitCode::usage);
  }
  const gafcheck::cli::Arguments arguments(argv + 2, argv + argc);
  try {
    return dispatch(argv[1], arguments, join_command_line(argc, argv));
  } catch (const boost::program_options::error& error) {
    std::cerr << "gafcheck: " << error.what() << "\n(run 'gafcheck " << argv[1] << " --help')\n";
    return gafcheck::exit_status(gafcheck::ExitCode::usage);
  } catch (const gafcheck::Error& error) {
    std::cerr << "gafcheck: " << error.diagnostic() << '\n';
    return gafcheck::exit_status(error.exit_code());
  } catch (const std::exception& error) {
    std::cerr << "gafcheck: " << gafcheck::InternalError(error.what()).diagnostic() << '\n';
    return gafcheck::exit_status(gafcheck::ExitCode::internal);
  } catch (...) {
    std::cerr << "gafcheck: internal error (please report this)\n";
    return gafcheck::exit_status(gafcheck::ExitCode::internal);
  }
}
