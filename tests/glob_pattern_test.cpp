// gitignore-style globs of .gafcheck.yaml (validator/config/glob_pattern.hpp). The expectations
// of the table were checked against git's own semantics as python3-pathspec's gitwildmatch
// implements them (a one-off comparison, not a test dependency).
#include "validator/config/glob_pattern.hpp"

#include <gtest/gtest.h>

#include <string>

namespace gafcheck::config {
namespace {

GlobPattern glob(const std::string& text) {
  std::string error;
  auto pattern = GlobPattern::parse(text, error);
  EXPECT_TRUE(pattern) << text << ": " << error;
  return pattern ? *pattern : *GlobPattern::parse("never-matches-anything", error);
}

struct Case {
  const char* pattern;
  const char* path;
  bool matches;
};

const Case cases[] = {
    {"*.gaf", "a.gaf", true},
    {"*.gaf", "anims/a.gaf", true},
    {"*.gaf", "anims/a.GAF", false},
    {"*.gaf", "anims/a.gaf.bak", false},
    {"/a.gaf", "a.gaf", true},
    {"/a.gaf", "x/a.gaf", false},
    {"anims/*.gaf", "anims/a.gaf", true},
    {"anims/*.gaf", "mods/anims/a.gaf", false},
    {"anims/*.gaf", "anims/sub/a.gaf", false},
    {"**/anims/*.gaf", "mods/anims/a.gaf", true},
    {"**/anims/*.gaf", "anims/a.gaf", true},
    {"anims/**", "anims/sub/deep/a.gaf", true},
    {"anims/**", "anims", false},
    {"a/**/b.gaf", "a/b.gaf", true},
    {"a/**/b.gaf", "a/x/y/b.gaf", true},
    {"a/**/b.gaf", "a/x/y/c.gaf", false},
    {"build/", "build/a.gaf", true},
    {"build/", "x/build/a.gaf", true},
    {"build/", "build", false},
    {"build", "build", true},
    {"build", "x/build/a.gaf", true},
    {"textures", "mods/textures/x.gaf", true},
    {"?.gaf", "a.gaf", true},
    {"?.gaf", "ab.gaf", false},
    {"[ab].gaf", "b.gaf", true},
    {"[ab].gaf", "c.gaf", false},
    {"[!ab].gaf", "c.gaf", true},
    {"[a-c]*.gaf", "beta.gaf", true},
    {"a*b.gaf", "a/b.gaf", false},
    {"a**b.gaf", "axxb.gaf", true},
    {"\\*.gaf", "*.gaf", true},
    {"\\*.gaf", "a.gaf", false},
    {"mods/a.ufo", "mods/a.ufo", true},
    {"x/**/", "x/y/z.gaf", true},
};

TEST(GlobPattern, MatchesAsGitignoreDoes) {
  for (const Case& item : cases)
    EXPECT_EQ(glob(item.pattern).matches(item.path), item.matches)
        << "pattern " << item.pattern << " path " << item.path;
}

TEST(GlobPattern, RefusesMalformedPatterns) {
  const std::pair<const char*, const char*> bad[] = {
      {"", "an empty pattern"},        {"/", "an empty pattern"},
      {"!", "an empty pattern"},       {"anims/[ab.gaf", "an unclosed '['"},
      {"a\\", "a trailing backslash"},
  };
  for (const auto& [text, reason] : bad) {
    std::string error;
    EXPECT_FALSE(GlobPattern::parse(text, error)) << text;
    EXPECT_NE(error.find(reason), std::string::npos) << text << ": " << error;
  }
  std::string error;
  EXPECT_FALSE(GlobPattern::parse(std::string(GlobPattern::max_pattern_bytes + 1, 'a'), error));
  EXPECT_TRUE(GlobPattern::parse(std::string(GlobPattern::max_pattern_bytes, 'a'), error));
}

TEST(GlobList, LastMatchDecidesAndNegationReincludes) {
  GlobList list;
  list.add(glob("*.gaf"));
  list.add(glob("!keep.gaf"));
  EXPECT_TRUE(list.matches("anims/drop.gaf"));
  EXPECT_FALSE(list.matches("anims/keep.gaf"));
  EXPECT_FALSE(list.matches("anims/x.taf"));
}

TEST(GlobList, AnExcludedDirectoryCannotBeReincludedInto) {
  GlobList list;
  list.add(glob("build/"));
  list.add(glob("!build/keep.gaf"));
  EXPECT_TRUE(list.matches("build/keep.gaf"));  // git: a file in an excluded directory stays out
  EXPECT_FALSE(list.matches("src/keep.gaf"));
}

TEST(GlobPattern, ManyGlobstarsCostNoBacktracking) {
  std::string pattern, path;
  for (int i = 0; i < 200; ++i) pattern += "**/a/";
  pattern += "b";
  for (int i = 0; i < 400; ++i) path += "a/";
  const GlobPattern many = glob(pattern);
  EXPECT_FALSE(many.matches(path + "c"));  // exponential if matched by backtracking
  EXPECT_TRUE(many.matches(path + "b"));
}

}  // namespace
}  // namespace gafcheck::config
