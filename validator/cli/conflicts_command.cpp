// gafcheck conflicts DIR|ARCHIVE...: which copy of a path the game loads when mods overlap.
#include <algorithm>

#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/cli/output_options.hpp"
#include "validator/core/text.hpp"
#include "validator/modsets/conflicts_run.hpp"
#include "validator/modsets/engine_profiles.hpp"
#include "validator/platform/output_guard.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;

namespace {

// conflicts' command line; validate() turns it into the run.
struct ConflictsOptions : CommandArguments {
  std::string engine;
  std::string fail_on = "findings";
  std::string colour = "auto";
  RunOptions common;
};

std::string engine_help() {
  const modsets::EngineProfiles& profiles = modsets::embedded_engine_profiles();
  std::string text = "whose loading rule picks the winner: " + profiles.names() +
                     ", or all (the winner under each engine, and which paths' winner depends "
                     "on it; copies are classified against " +
                     profiles.default_engine + "'s winner). Profiles:";
  for (const modsets::EngineProfile& engine : profiles.engines)
    text += " " + engine.name + " (" + engine.title + ");";
  return text + " docs/guide/conflicts.md cites what each rests on";
}

constexpr const char* conflicts_help_epilogue =
    "\nExit codes: 0 no override --fail-on counts; 1 an override it counts (by default: a\n"
    "loaded copy and a copy it shadows differ in findings); 2 usage error; 3 an input, or an\n"
    "archive or entry in a game folder (a symlink, which is never followed; a FIFO, device or\n"
    "link loop), could not be read (standard error names it), or the listing reached\n"
    "--max-heap (every copy of the mod set is held at once, about 600 bytes each: listing stops\n"
    "at the source named, and the rest is not listed).\n";

CommandHelp conflicts_options_description(ConflictsOptions& o) {
  po::options_description general(
      "Usage: gafcheck conflicts [options] DIR|ARCHIVE...\n\n"
      "An installed game is one virtual file system: the loose files below its folder and the\n"
      "members of every .hpi .ufo .ccx .gp3 .gpf in it, the same path often supplied by several.\n"
      "conflicts lists every path supplied more than once (A-Z folded, '\\' as '/', loose files\n"
      "counted), every copy (archive!member or loose file), which one the engine loads, and\n"
      "what each shadowed copy is to it: identical (the same bytes: harmless), drawn-same (a\n"
      "sprite file whose frames draw the same: re-encoded) or differs (a real override; the\n"
      "'gafcheck diff' command that shows it is given). A loaded copy and a shadowed one that\n"
      "differ in findings are called out by name. Each DIR is a game folder; an ARCHIVE is an\n"
      "archive at its top. Archive directories are read once each; only the copies of paths\n"
      "supplied more than once are decoded, hashed and checked. A file two arguments reach\n"
      "(the same device and inode) is listed once; standard error says which repeated which.\n\n"
      "Output: a YAML document (kind: conflicts; reports/schema/conflicts.schema.json) to a\n"
      "pipe or a file; on a terminal, with neither --format nor -o, the text format. --format\n"
      "json is the YAML document as one JSON line; text one line per path (its class, the\n"
      "loaded copy, every shadowed copy and what it is, the call-outs) and a summary line;\n"
      "sarif a SARIF 2.1.0 log with one result per path whose copies differ in findings\n"
      "(conflicts.findings-differ) or content (conflicts.override), at the loaded copy (gafcheck\n"
      "explain ID tells them); html a self-contained page with the table of every path.\n"
      "--format F -o FILE pairs write several from one run; each file is written to a temp\n"
      "file and renamed into place. A one-line summary goes to standard error (not when the\n"
      "text format is on standard output: its last line is the same). The outputs list paths\n"
      "while the copies listed stay within --max-findings; the rest are classified and counted\n"
      "(counts: not-listed), not listed.\n\n"
      "Examples:\n"
      "  gafcheck conflicts ~/games/ta\n"
      "  gafcheck conflicts --engine all --format json ~/games/ta\n"
      "  gafcheck conflicts --format sarif -o conflicts.sarif --format html -o conflicts.html "
      "~/games/ta\n\nOptions");
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "output,o", po::value<std::vector<std::string>>()->composing()->value_name("FILE"),
      "where to write the YAML document ('-': stdout, the default; written to a temp file "
      "and renamed into place); after a --format, where that format goes")(
      "format",
      po::value<std::vector<std::string>>()->composing()->value_name("yaml|json|text|sarif|html"),
      "yaml (the default to a pipe or a file), json (the same document as one JSON line), text "
      "(the default on a terminal), sarif or html; --format F -o FILE pairs may repeat, and "
      "only one output may go to standard output")(
      "color", po::value(&o.colour)->value_name("auto|always|never")->default_value("auto"),
      "colour the text format on standard output: auto (when standard output is a terminal "
      "and NO_COLOR is unset or empty), always, or never; a file (-o) is never coloured")(
      "engine",
      po::value(&o.engine)
          ->value_name("NAME|all")
          ->default_value(modsets::embedded_engine_profiles().default_engine),
      engine_help().c_str())(
      "fail-on",
      po::value(&o.fail_on)->value_name("findings|override|never")->default_value("findings"),
      "what makes the exit status 1: findings (default: a loaded copy and a copy it shadows "
      "differ in findings), override (any shadowed copy differs from the loaded one, drawn "
      "differently or not a sprite), never");
  return {with_budgets_and_sandbox(general, o.common), conflicts_help_epilogue};
}

modsets::ConflictsRun validate(ConflictsOptions& o) {
  if (o.positional.empty()) throw UsageError{"conflicts takes at least one DIR or ARCHIVE"};
  finish_common_options(o.common);
  modsets::ConflictsRun run;
  run.inputs = o.positional;
  const modsets::EngineProfiles& profiles = modsets::embedded_engine_profiles();
  if (o.engine != "all" && !profiles.find(o.engine))
    throw UsageError{"--engine takes " + profiles.names() + " or all, not '" +
                     escape_bytes(o.engine) + "'"};
  run.engine = o.engine;
  if (o.fail_on == "findings") {
    run.fail_on = modsets::ConflictFailOn::findings;
  } else if (o.fail_on == "override") {
    run.fail_on = modsets::ConflictFailOn::override_;
  } else if (o.fail_on == "never") {
    run.fail_on = modsets::ConflictFailOn::never;
  } else {
    throw UsageError{"--fail-on takes findings, override or never, not '" +
                     escape_bytes(o.fail_on) + "'"};
  }
  run.outputs =
      resolve_terminal_outputs(o.ordered, o.colour, {"yaml", "json", "text", "sarif", "html"});
  run.command_line = o.command_line;
  for (const OutputRequest& request : run.outputs)
    throw_if_failed(check_output_among_inputs(request.path, o.positional, "input"));
  return checked_and_confined(std::move(run), o.common);
}

}  // namespace

int run_conflicts(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, conflicts_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
