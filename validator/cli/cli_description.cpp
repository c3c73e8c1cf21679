#include "validator/cli/cli_description.hpp"

#include <nlohmann/json.hpp>
#include <sstream>

#include "reports/format_registry.hpp"
#include "reports/yaml_report.hpp"
#include "validator/base/errors.hpp"
#include "validator/base/exit_code.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/core/budget.hpp"
#include "validator/detect/extension.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

std::vector<std::string> split_choices(const std::string& value_name) {
  std::vector<std::string> choices;
  if (value_name == "FORMAT") {
    for (const FormatSpec& spec : format_specs())
      if (spec.factory) choices.emplace_back(spec.name);
    return choices;
  }
  if (value_name.find('|') == std::string::npos) return choices;
  std::string::size_type begin = 0;
  while (true) {
    const auto bar = value_name.find('|', begin);
    choices.push_back(value_name.substr(begin, bar - begin));
    if (bar == std::string::npos) return choices;
    begin = bar + 1;
  }
}

nlohmann::json describe_option(const po::option_description& option) {
  nlohmann::json described;
  described["long"] = option.long_name();
  const std::string short_name =
      option.canonical_display_name(po::command_line_style::allow_dash_for_short);
  described["short"] = short_name.size() == 2 && short_name[0] == '-' ? short_name.substr(1) : "";
  described["display"] = option.format_name();
  described["description"] = option.description();
  described["value"] = nullptr;
  described["default"] = nullptr;
  described["choices"] = nlohmann::json::array();
  described["repeatable"] = option.semantic()->is_composing();
  if (option.semantic()->max_tokens() == 0) return described;
  // Boost gives the parameter as "NAME" or "NAME (=DEFAULT)".
  std::string parameter = option.format_parameter();
  const auto default_at = parameter.find(" (=");
  if (default_at != std::string::npos && parameter.back() == ')') {
    described["default"] = parameter.substr(default_at + 3, parameter.size() - default_at - 4);
    parameter.resize(default_at);
  }
  described["value"] = parameter;
  described["choices"] = split_choices(parameter);
  return described;
}

// What a budget's limit counts, for the generated budget reference. A new BudgetKind must be
// named here (the switch has no default, so the compiler warns).
std::string_view budget_unit(BudgetKind kind) {
  switch (kind) {
    case BudgetKind::file_size:
    case BudgetKind::heap:
    case BudgetKind::archive_output:
    case BudgetKind::member_size:
    case BudgetKind::name_length: return "bytes";
    case BudgetKind::chunk_ratio:
    case BudgetKind::archive_ratio: return "ratio";
    case BudgetKind::depth:
    case BudgetKind::archive_depth:
    case BudgetKind::directory_depth: return "levels";
    case BudgetKind::entries:
    case BudgetKind::frame_refs:
    case BudgetKind::pixels:
    case BudgetKind::expansion:
    case BudgetKind::rle_commands:
    case BudgetKind::findings:
    case BudgetKind::archive_entries:
    case BudgetKind::members: return "count";
  }
  throw InternalError("budget without a unit");
}

nlohmann::json describe_budgets() {
  nlohmann::json budgets = nlohmann::json::array();
  for (const BudgetSpec& spec : budget_specs)
    budgets.push_back({{"name", std::string(spec.name)},
                       {"option", "--" + budget_option(spec)},
                       {"default", spec.default_limit},
                       {"unit", std::string(budget_unit(spec.kind))},
                       {"stops_walk", budget_stops_walk(spec.kind)},
                       {"description", std::string(spec.help)}});
  return budgets;
}

nlohmann::json describe_exit_codes() {
  nlohmann::json codes = nlohmann::json::array();
  for (const ExitCodeSpec& spec : exit_code_specs)
    codes.push_back({{"code", exit_status(spec.code)},
                     {"name", std::string(spec.name)},
                     {"meaning", std::string(spec.meaning)}});
  return codes;
}

}  // namespace

std::string describe_cli(std::string_view usage, std::span<const CommandEntry> commands) {
  nlohmann::json cli;
  cli["program"] = "gafcheck";
  cli["version"] = tool_version();
  cli["usage"] = std::string(usage);
  cli["commands"] = nlohmann::json::array();
  for (const CommandEntry& command : commands) {
    nlohmann::json described;
    described["name"] = std::string(command.name);
    set_command_describer([&](const po::options_description& visible, std::string_view epilogue) {
      std::ostringstream help;
      help << visible;
      described["help"] = help.str();
      described["epilogue"] = std::string(epilogue);
      described["options"] = nlohmann::json::array();
      for (const auto& option : visible.options())
        described["options"].push_back(describe_option(*option));
    });
    try {
      command.run({}, "");
    } catch (...) {
      set_command_describer(nullptr);
      throw;
    }
    set_command_describer(nullptr);
    if (!described.contains("options"))
      throw InternalError("gafcheck " + std::string(command.name) +
                          " does not read its arguments with parse_command_line, so it cannot "
                          "describe its options");
    cli["commands"].push_back(std::move(described));
  }
  cli["extensions"] = nlohmann::json::array();
  for (const std::string_view extension : known_extension_names())
    cli["extensions"].push_back(std::string(extension.substr(1)));
  cli["formats"] = nlohmann::json::array();
  for (const FormatSpec& spec : format_specs())
    if (spec.factory) cli["formats"].push_back(std::string(spec.name));
  cli["rules"] = nlohmann::json::array();
  for (const RuleInfo& rule : embedded_catalog().rules()) cli["rules"].push_back(rule.id);
  cli["budgets"] = describe_budgets();
  cli["exit_codes"] = describe_exit_codes();
  return cli.dump(2) + '\n';
}

}  // namespace gafcheck::cli
