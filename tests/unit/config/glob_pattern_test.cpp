// gitignore-style globs of .gafcheck.yaml (validator/config/glob_pattern.hpp). The expectations
// of the table were checked against git's own semantics as python3-pathspec's gitwildmatch
// implements them (a one-off comparison, not a test dependency).
#include "validator/config/glob_pattern.hpp"
#include "validator/config/path_matcher.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace gafcheck::config {
namespace {

GlobPattern glob(const std::string& text) {
  auto pattern = GlobPattern::parse(text);
  EXPECT_TRUE(pattern) << text << ": " << (pattern ? "" : pattern.problem().message);
  return pattern ? *pattern : *GlobPattern::parse("never-matches-anything");
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
    const auto pattern = GlobPattern::parse(text);
    ASSERT_FALSE(pattern) << text;
    EXPECT_NE(pattern.problem().message.find(reason), std::string::npos)
        << text << ": " << pattern.problem().message;
  }
  EXPECT_FALSE(GlobPattern::parse(std::string(GlobPattern::max_pattern_bytes + 1, 'a')));
  EXPECT_TRUE(GlobPattern::parse(std::string(GlobPattern::max_pattern_bytes, 'a')));
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

// PathMatcher keeps each directory's part of the matching: it must answer what the patterns answer
// alone, for paths that share directories and for paths met in any order.
TEST(PathMatcher, AnswersAsThePatternsDo) {
  GlobList ignore;
  for (const char* text : {"build/", "!build/keep.gaf", "*.bak", "!old.bak", "x/**/deep/"})
    ignore.add(glob(text));
  std::vector<GlobPattern> others;
  for (const Case& item : cases) others.push_back(glob(item.pattern));
  std::vector<const GlobPattern*> pointers;
  for (const GlobPattern& pattern : others) pointers.push_back(&pattern);
  const PathMatcher matcher(ignore, pointers);
  std::vector<std::string> paths = {"build/keep.gaf", "src/keep.gaf", "a/old.bak", "a/new.bak",
                                    "x/y/deep/z.gaf", "x/deep",       "x/y/deep"};
  for (const Case& item : cases) paths.push_back(item.path);
  for (int round = 0; round < 2; ++round) {  // the second round answers from what was kept
    for (const std::string& path : paths) {
      const PathMatcher::Match found = matcher.match(path);
      EXPECT_EQ(found.ignored, ignore.matches(path)) << path;
      for (std::size_t i = 0; i < others.size(); ++i)
        EXPECT_EQ(found.matches[i] != 0, others[i].matches(path))
            << "pattern " << others[i].text() << " path " << path;
    }
  }
}

// A directory's work is done once for all its files, and what is kept stays bounded however
// many directories a walk meets.
TEST(PathMatcher, KeepsABoundedNumberOfDirectories) {
  GlobList ignore;
  ignore.add(glob("**/z/**/q.gaf"));
  const GlobPattern sub = glob("sub/**");
  const PathMatcher matcher(ignore, {&sub});
  for (int i = 0; i < 3 * static_cast<int>(PathMatcher::max_kept_directories); ++i) {
    const std::string directory = "sub/d" + std::to_string(i);
    EXPECT_FALSE(matcher.match(directory + "/q.gaf").ignored);
    EXPECT_TRUE(matcher.match(directory + "/z/q.gaf").ignored);
    EXPECT_TRUE(matcher.match(directory + "/z/q.gaf").matches[0]);
  }
  EXPECT_FALSE(matcher.match("top.gaf").matches[0]);
}

}  // namespace
}  // namespace gafcheck::config
