#pragma once
// The one way a subcommand reads its arguments: its options (which include a "help" switch) and
// any number of positional arguments, with --help printing the options and an epilogue.
#include <boost/program_options.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "validator/base/exit_code.hpp"
#include "validator/cli/commands.hpp"

namespace gafcheck::cli {

// Parses arguments against `visible`, collecting positional arguments in `positional`. On --help
// prints `visible` and `help_epilogue` to standard output and returns false; otherwise stores
// every value in its target and returns true. Boost's parse errors propagate as exceptions.
// `ordered`, when given, receives every option given as (long name, value) in command-line order
// (--format F -o FILE pairs depend on the order); values_out (when given) receives the parsed
// values, so a caller can tell options given on the command line from defaults.
using OrderedOptions = std::vector<std::pair<std::string, std::string>>;
bool parse_command_line(const Arguments& arguments,
                        const boost::program_options::options_description& visible,
                        std::vector<std::string>& positional, std::string_view help_epilogue = {},
                        OrderedOptions* ordered = nullptr,
                        boost::program_options::variables_map* values_out = nullptr);

// What parse_command_line gathers for a command besides its option values; a command's options
// struct derives from it.
struct CommandArguments {
  std::vector<std::string> positional;          // the arguments that are not options
  OrderedOptions ordered;                       // every option given, in command-line order
  boost::program_options::variables_map given;  // the values parsed: given, or defaults
  std::string command_line;                     // the whole command line, for a report header
};

// A command's --help: the option table it parses with, and the text printed after the options.
struct CommandHelp {
  boost::program_options::options_description options;
  std::string epilogue;
};

// The shell every command with an options struct runs in: a fresh Options is filled from
// `arguments` through the option table describe(options) gives, and unless --help or --dump-cli
// answered (exit 0), validate(options) makes the run whose run() gives the exit status. validate is
// any callable: every command's validate() overloads one name, and in a unity build (one
// translation unit per library) only a call, not a deduction, picks the right one.
template <typename Options, typename Validate>
int run_command(const Arguments& arguments, const std::string& command_line,
                CommandHelp (*describe)(Options&), const Validate& validate) {
  Options options;
  options.command_line = command_line;
  const CommandHelp help = describe(options);
  if (!parse_command_line(arguments, help.options, options.positional, help.epilogue,
                          &options.ordered, &options.given))
    return exit_status(ExitCode::clean);
  return exit_status(validate(options).run());
}

// gafcheck --dump-cli: while a describer is set, parse_command_line hands it the command's options
// and help epilogue instead of parsing, and returns false (as it does for --help), so each
// command describes itself from the very tables it parses with. Pass nullptr to unset.
using CommandDescriber = std::function<void(
    const boost::program_options::options_description& visible, std::string_view help_epilogue)>;
void set_command_describer(CommandDescriber describer);

}  // namespace gafcheck::cli
