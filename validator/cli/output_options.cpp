#include "validator/cli/output_options.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "validator/cli/common_options.hpp"
#include "validator/core/text.hpp"
#include "validator/platform/output_guard.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;

po::options_description output_options_description(const std::string& what, std::string* colour) {
  std::string formats;
  for (const FormatSpec& spec : format_specs())
    formats += "\n  " + std::string(spec.name) + std::string(13 - spec.name.size(), ' ') + '\t' +
               std::string(spec.help) + (spec.factory ? "" : " (not in this build yet)");
  po::options_description output("Output");
  output.add_options()(
      "output,o", po::value<std::vector<std::string>>()->composing()->value_name("FILE"),
      ("write " + what +
       " to this file (written to a temp file and renamed into place; a device or FIFO is written "
       "directly); '-' is standard output (the default). After a --format, the file that format "
       "is written to.")
          .c_str())(
      "format", po::value<std::vector<std::string>>()->composing()->value_name("FORMAT"),
      ("write this format (repeatable: --format F -o FILE pairs write several formats from one "
       "pass; a --format without its own -o writes to standard output, and only one output may "
       "go there):" +
       formats)
          .c_str());
  if (colour)
    output.add_options()(
        "color", po::value(colour)->value_name("auto|always|never")->default_value("auto"),
        "colour the text format on standard output: auto (when standard output is a terminal "
        "and NO_COLOR is unset or empty), always, or never; a file (-o) is never coloured. "
        "With neither --format nor -o, standard output gets the text format when it is a "
        "terminal and the YAML report otherwise (a file, a pipe)");
  return output;
}

std::vector<OutputRequest> resolve_outputs(const OrderedOptions& ordered,
                                           const std::vector<std::string>& allowed) {
  std::vector<OutputRequest> requests;
  bool pending_format = false;  // the last request is a --format still without its -o
  bool lone_output = false;
  for (const auto& [key, value] : ordered) {
    if (key == "format") {
      if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
        std::string list;
        for (const std::string& name : allowed) list += (list.empty() ? "" : ", ") + name;
        throw UsageError{"--format: this command writes " + list + ", not '" + value + "'"};
      }
      // A command that names its formats may write some of its own (diff: text); the others are
      // the registry's, which says whether this build has them.
      if (allowed.empty()) format_spec(value);  // throws FormatUnavailable, a usage error
      requests.push_back({value, "-"});
      pending_format = true;
    } else if (key == "output") {
      if (pending_format) {
        requests.back().path = value;
        pending_format = false;
        continue;
      }
      if (lone_output)
        throw UsageError{
            "-o is given twice for the YAML report (to write another format, put "
            "--format FMT before its -o)"};
      lone_output = true;
      requests.push_back({"yaml", value});
    }
  }
  if (requests.empty()) requests.push_back({"yaml", "-"});
  for (std::size_t i = 0; i < requests.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      const bool both_stdout =
          is_standard_output(requests[i].path) && is_standard_output(requests[j].path);
      if (both_stdout)
        throw UsageError{"--format " + requests[j].format + " and --format " + requests[i].format +
                         " would both write to standard output; give one of them -o FILE"};
      if (same_output_file(requests[i].path, requests[j].path))
        throw UsageError{"--format " + requests[j].format + " and --format " + requests[i].format +
                         " would both write to " +
                         (requests[i].path == requests[j].path
                              ? escape_bytes(requests[i].path)
                              : "one file, " + escape_bytes(requests[j].path) + " and " +
                                    escape_bytes(requests[i].path))};
    }
  }
  return requests;
}

bool colour_wanted(const std::string& colour) {
  if (colour == "always") return true;
  if (colour == "never") return false;
  if (colour != "auto")
    throw UsageError{"--color is always, never or auto, not '" + escape_bytes(colour) + "'"};
  const char* no_colour = std::getenv("NO_COLOR");
  return ::isatty(STDOUT_FILENO) == 1 && (no_colour == nullptr || *no_colour == '\0');
}

std::vector<OutputRequest> resolve_terminal_outputs(const OrderedOptions& ordered,
                                                    const std::string& colour,
                                                    const std::vector<std::string>& allowed) {
  const bool coloured = colour_wanted(colour);
  std::vector<OutputRequest> requests = resolve_outputs(ordered, allowed);
  const bool chosen = std::any_of(ordered.begin(), ordered.end(), [](const auto& option) {
    return option.first == "format" || option.first == "output";
  });
  if (!chosen && ::isatty(STDOUT_FILENO) == 1) requests.front().format = "text";
  for (OutputRequest& request : requests)
    request.colour = coloured && request.format == "text" && is_standard_output(request.path);
  return requests;
}

}  // namespace gafcheck::cli
