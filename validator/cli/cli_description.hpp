#pragma once
// gafcheck --dump-cli: the command line described as JSON, for the build's man page and shell
// completion generators (validator/cli/install/). Every command describes itself from the option
// tables it parses with (set_command_describer in command_line.hpp), so a page or a completion
// cannot list an option the binary does not take, nor miss one it does.
#include <span>
#include <string>
#include <string_view>

#include "validator/cli/commands.hpp"

namespace gafcheck::cli {

struct CommandEntry {
  std::string_view name;
  int (*run)(const Arguments& arguments, const std::string& command_line);
};

// {"program", "version", "usage", "commands": [{"name", "help", "epilogue", "options": [{"long",
// "short", "display", "value", "default", "choices", "repeatable", "description"}]}], "extensions",
// "formats", "rules", "budgets": [{"name", "option", "default", "unit", "stops_walk",
// "description"}], "exit_codes": [{"code", "name", "meaning"}]}. "value" is the option's value name
// (null for a switch); "choices" the values it takes when they are a fixed list ("a|b|c" value
// names, and FORMAT: the formats built in). "budgets" is budget_specs in order; "unit" is bytes,
// count, levels or ratio; "stops_walk" says whether a hit stops the whole walk of the file
// (budget_stops_walk). "exit_codes" is exit_code_specs in order. docs/gen/reference.py makes the
// budget and exit-code references of the manual from them.
std::string describe_cli(std::string_view usage, std::span<const CommandEntry> commands);

}  // namespace gafcheck::cli
