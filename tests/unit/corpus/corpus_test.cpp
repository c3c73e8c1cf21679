// The bundled corpus: committed seeds match their recipes, and each seed triggers the rules its
// recipe names (clean recipes trigger nothing at warning or above).
#include <filesystem>
#include <fstream>
#include <iterator>

#include "corpus/builder/recipe.hpp"
#include "tests/support/check_helpers.hpp"
#include "validator/rules/catalog.hpp"

#ifndef GAFCHECK_SOURCE_ROOT
#error GAFCHECK_SOURCE_ROOT must name the source tree
#endif

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> recipe_paths() {
  std::vector<fs::path> paths;
  for (const auto& item : fs::directory_iterator(fs::path(GAFCHECK_SOURCE_ROOT) / "corpus/recipes"))
    if (item.path().extension() == ".yaml") paths.push_back(item.path());
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::vector<std::uint8_t> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(Corpus, HasRecipes) {
  EXPECT_GE(recipe_paths().size(), 25u);
}

TEST(Corpus, CommittedSeedsMatchTheirRecipes) {
  for (const fs::path& path : recipe_paths()) {
    const auto recipe = builder::load_recipe(path);
    const fs::path seed =
        fs::path(GAFCHECK_SOURCE_ROOT) / "corpus/seed" / (recipe.name + "." + recipe.format);
    ASSERT_TRUE(fs::exists(seed)) << seed << " is missing: run scripts/regen-corpus";
    EXPECT_EQ(read_file(seed), builder::render_recipe(recipe))
        << seed << " is stale: run scripts/regen-corpus";
  }
}

TEST(Corpus, EverySeedTriggersWhatItsRecipeExpects) {
  for (const fs::path& path : recipe_paths()) {
    const auto recipe = builder::load_recipe(path);
    CheckOptions options;
    options.game = recipe.game == "tak" ? Game::tak : recipe.game == "ta3d" ? Game::ta3d : Game::ta;
    const FileReport report =
        check(builder::render_recipe(recipe), options,
              recipe.checked_as.empty() ? recipe.name + "." + recipe.format : recipe.checked_as);
    for (const std::string& rule : recipe.expect) {
      EXPECT_NE(embedded_catalog().find(rule), nullptr)
          << recipe.name << " expects unknown " << rule;
      const auto id = rule_from_name(rule);
      ASSERT_TRUE(id.has_value()) << rule;
      EXPECT_GT(report.rule_counts[static_cast<std::size_t>(*id)], 0u)
          << recipe.name << " does not trigger " << rule << ": " << describe(report);
    }
    if (recipe.expect.empty()) {
      EXPECT_EQ(report.verdict, Verdict::clean) << recipe.name << ": " << describe(report);
    }
  }
}

TEST(Corpus, RuleNamedSeedsExistForEveryFileLevelRule) {
  std::set<std::string> names;
  for (const fs::path& path : recipe_paths()) names.insert(path.stem().string());
  for (const RuleInfo& rule : embedded_catalog().rules()) {
    if (rule.id == "input.unreadable") continue;  // a property of the file system, not of bytes
    EXPECT_TRUE(names.count(rule.id)) << "no corpus recipe named " << rule.id;
  }
}

}  // namespace
}  // namespace gafcheck::testing
