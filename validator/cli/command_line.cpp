#include "validator/cli/command_line.hpp"

#include <algorithm>
#include <iostream>

#include "validator/base/errors.hpp"
#include "validator/core/near_names.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

CommandDescriber& describer() {
  static CommandDescriber current;
  return current;
}

// Boost's "unrecognised option" as a usage error that offers the nearest of the command's long
// options: "unknown option '--fial-on'; did you mean '--fail-on'?".
UsageError unknown_option_error(const po::unknown_option& error,
                                const po::options_description& known) {
  const std::string given = error.get_option_name();
  std::vector<std::string_view> names;
  for (const auto& option : known.options())
    if (!option->long_name().empty()) names.push_back(option->long_name());
  const std::string_view bare =
      std::string_view(given).substr(std::min(given.find_first_not_of('-'), given.size()));
  return UsageError{"unknown option '" + given + "'" + did_you_mean(bare, names, "--")};
}

}  // namespace

void set_command_describer(CommandDescriber describer_to_use) {
  describer() = std::move(describer_to_use);
}

bool parse_command_line(const Arguments& arguments, const po::options_description& visible,
                        std::vector<std::string>& positional, std::string_view help_epilogue,
                        OrderedOptions* ordered, po::variables_map* values_out) {
  if (describer()) {
    describer()(visible, help_epilogue);
    return false;
  }
  po::options_description hidden;
  hidden.add_options()("positional", po::value(&positional));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positions;
  positions.add("positional", -1);
  po::variables_map values;
  po::parsed_options parsed(nullptr);
  try {
    parsed = po::command_line_parser(arguments).options(all).positional(positions).run();
  } catch (const po::unknown_option& error) {
    throw unknown_option_error(error, visible);
  }
  po::store(parsed, values);
  if (ordered)
    for (const auto& option : parsed.options)
      if (option.position_key == -1 && !option.value.empty())
        ordered->emplace_back(option.string_key, option.value.front());
  if (values.count("help") != 0 && values["help"].as<bool>()) {
    std::cout << visible << help_epilogue;
    return false;
  }
  po::notify(values);
  if (values_out) *values_out = values;
  return true;
}

}  // namespace gafcheck::cli
