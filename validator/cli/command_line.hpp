#pragma once
// The one way a subcommand reads its arguments: its options (which include a "help" switch) and
// any number of positional arguments, with --help printing the options and an epilogue.
#include <boost/program_options.hpp>
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
// (--format F -o FILE pairs depend on the order).
using OrderedOptions = std::vector<std::pair<std::string, std::string>>;
bool parse_command_line(const Arguments& arguments,
                        const boost::program_options::options_description& visible,
                        std::vector<std::string>& positional, std::string_view help_epilogue = {},
                        OrderedOptions* ordered = nullptr);

}  // namespace gafcheck::cli
