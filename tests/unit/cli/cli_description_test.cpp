// gafcheck --dump-cli: each command is described from the option table it parses with.
#include "validator/cli/cli_description.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "validator/base/errors.hpp"
#include "validator/base/exit_code.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/core/budget.hpp"

namespace gafcheck::cli {
namespace {
namespace po = boost::program_options;

int run_sample(const Arguments& arguments, const std::string&) {
  std::string game, level;
  std::vector<std::string> positional;
  po::options_description general("Usage: gafcheck sample [options] FILE...\n\nOptions");
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "game", po::value(&game)->value_name("ta|tak")->default_value("ta"), "which engine")(
      "output,o", po::value<std::vector<std::string>>()->composing()->value_name("FILE"),
      "where to write")("format", po::value<std::vector<std::string>>()->value_name("FORMAT"),
                        "what to write")("level", po::value(&level), "a free value");
  if (!parse_command_line(arguments, general, positional, "\nExit codes: 0 fine.\n")) return 0;
  return 7;  // not reached while describing
}

int run_unparsed(const Arguments&, const std::string&) {
  return 0;
}

const nlohmann::json* option(const nlohmann::json& command, const std::string& name) {
  for (const auto& described : command["options"])
    if (described["long"] == name) return &described;
  return nullptr;
}

TEST(CliDescription, DescribesEachOptionFromTheTableTheCommandParsesWith) {
  const CommandEntry commands[] = {{"sample", run_sample}};
  const auto cli = nlohmann::json::parse(describe_cli("Usage: gafcheck COMMAND\n", commands));
  ASSERT_EQ(cli["commands"].size(), 1u);
  const auto& sample = cli["commands"][0];
  EXPECT_EQ(sample["name"], "sample");
  EXPECT_EQ(sample["epilogue"], "\nExit codes: 0 fine.\n");
  EXPECT_NE(sample["help"].get<std::string>().find("Usage: gafcheck sample"), std::string::npos);
  ASSERT_EQ(sample["options"].size(), 5u);

  const auto* help = option(sample, "help");
  ASSERT_TRUE(help);
  EXPECT_EQ((*help)["short"], "h");
  EXPECT_TRUE((*help)["value"].is_null());  // a switch takes no value
  EXPECT_TRUE((*help)["default"].is_null());

  const auto* game = option(sample, "game");
  ASSERT_TRUE(game);
  EXPECT_EQ((*game)["value"], "ta|tak");
  EXPECT_EQ((*game)["default"], "ta");
  EXPECT_EQ((*game)["choices"], nlohmann::json::array({"ta", "tak"}));
  EXPECT_EQ((*game)["short"], "");

  const auto* output = option(sample, "output");
  ASSERT_TRUE(output);
  EXPECT_EQ((*output)["short"], "o");
  EXPECT_EQ((*output)["value"], "FILE");
  EXPECT_TRUE((*output)["choices"].empty());
  EXPECT_TRUE((*output)["repeatable"].get<bool>());

  const auto* format = option(sample, "format");  // FORMAT: the formats built in
  ASSERT_TRUE(format);
  EXPECT_FALSE((*format)["repeatable"].get<bool>());
  EXPECT_EQ((*format)["choices"], cli["formats"]);
  EXPECT_NE(std::find(cli["formats"].begin(), cli["formats"].end(), "yaml"), cli["formats"].end());

  const auto* level = option(sample, "level");
  ASSERT_TRUE(level);
  EXPECT_EQ((*level)["value"], "arg");  // Boost's name for an unnamed value
  EXPECT_TRUE((*level)["default"].is_null());

  EXPECT_NE(std::find(cli["extensions"].begin(), cli["extensions"].end(), "gaf"),
            cli["extensions"].end());
  EXPECT_NE(std::find(cli["rules"].begin(), cli["rules"].end(), "rle.short-row"),
            cli["rules"].end());
}

TEST(CliDescription, ListsEveryBudgetWithItsOptionDefaultAndUnit) {
  const CommandEntry commands[] = {{"sample", run_sample}};
  const auto cli = nlohmann::json::parse(describe_cli("", commands));
  ASSERT_EQ(cli["budgets"].size(), budget_specs.size());
  const auto& heap = cli["budgets"][static_cast<std::size_t>(BudgetKind::heap)];
  EXPECT_EQ(heap["name"], "heap");
  EXPECT_EQ(heap["option"], "--max-heap");
  EXPECT_EQ(heap["default"], 224ull << 20);
  EXPECT_EQ(heap["unit"], "bytes");
  EXPECT_TRUE(heap["stops_walk"].get<bool>());
  EXPECT_EQ(heap["description"], std::string(budget_spec(BudgetKind::heap).help));
  const auto& depth = cli["budgets"][static_cast<std::size_t>(BudgetKind::depth)];
  EXPECT_EQ(depth["unit"], "levels");
  EXPECT_FALSE(depth["stops_walk"].get<bool>());
}

TEST(CliDescription, ListsEveryExitCodeWithItsNameAndMeaning) {
  const CommandEntry commands[] = {{"sample", run_sample}};
  const auto cli = nlohmann::json::parse(describe_cli("", commands));
  ASSERT_EQ(cli["exit_codes"].size(), exit_code_specs.size());
  const auto& lost = cli["exit_codes"][static_cast<std::size_t>(ExitCode::content_lost)];
  EXPECT_EQ(lost["code"], 5);
  EXPECT_EQ(lost["name"], "content-lost");
  EXPECT_EQ(lost["meaning"],
            std::string(exit_code_specs[static_cast<std::size_t>(ExitCode::content_lost)].meaning));
}

TEST(CliDescription, ParsesNormallyOnceDescribed) {
  const CommandEntry commands[] = {{"sample", run_sample}};
  describe_cli("", commands);
  EXPECT_EQ(run_sample({"--game", "tak", "x.gaf"}, ""), 7);
}

TEST(CliDescription, RefusesACommandThatDoesNotDescribeItself) {
  const CommandEntry commands[] = {{"sample", run_sample}, {"unparsed", run_unparsed}};
  EXPECT_THROW(describe_cli("", commands), InternalError);
  EXPECT_EQ(run_sample({}, ""), 7);  // the describer is unset after the failure too
}

}  // namespace
}  // namespace gafcheck::cli
