#pragma once
// The one way a subcommand reads its arguments: its options (which include a "help" switch) and
// any number of positional arguments, with --help printing the options and an epilogue.
#include <boost/program_options.hpp>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

// gafcheck --dump-cli: while a describer is set, parse_command_line hands it the command's options
// and help epilogue instead of parsing, and returns false (as it does for --help), so each
// command describes itself from the very tables it parses with. Pass nullptr to unset.
using CommandDescriber = std::function<void(
    const boost::program_options::options_description& visible, std::string_view help_epilogue)>;
void set_command_describer(CommandDescriber describer);

}  // namespace gafcheck::cli
