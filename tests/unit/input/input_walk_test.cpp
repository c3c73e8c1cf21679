// The census walk: one deterministic order, no symlink followed, and every odd entry (loops,
// dangling links, special files, vanished files) an input with a reason instead of a failure.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "reports/yaml_writer.hpp"
#include "tests/support/scratch_directory.hpp"
#include "validator/census/census_input.hpp"
#include "validator/input/input_walk.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

class WalkTest : public ::testing::Test {
 protected:
  void SetUp() override { root_ = fresh_test_directory("walk"); }
  void TearDown() override { fs::remove_all(root_); }

  void touch(const fs::path& relative, const std::string& text = "x") {
    fs::create_directories((root_ / relative).parent_path());
    std::ofstream(root_ / relative) << text;
  }
  std::vector<InputItem> walk(const std::vector<std::string>& roots) {
    std::vector<InputItem> items;
    InputWalk walker(roots);
    while (auto item = walker.next()) items.push_back(std::move(*item));
    return items;
  }
  std::vector<InputItem> walk() { return walk({root_.string()}); }
  const InputItem& item_named(const std::vector<InputItem>& items, const std::string& name) {
    for (const InputItem& item : items)
      if (fs::path(item.path).filename() == name) return item;
    throw std::runtime_error("no item " + name);
  }

  fs::path root_;
};

TEST(PathOrder, SlashSortsBeforeEveryOtherByte) {
  EXPECT_TRUE(path_less("a/b", "a-b"));
  EXPECT_TRUE(path_less("a/z", "a0"));
  EXPECT_TRUE(path_less("a", "a/b"));
  EXPECT_FALSE(path_less("a/b", "a/b"));
  EXPECT_TRUE(path_less("a/\x01", "a/\xFF"));
}

TEST_F(WalkTest, FilesComeInDepthFirstPathOrderWithSizesAndRelativePaths) {
  touch("b.gaf", "12345");
  touch("a-b/x.gaf");
  touch("a/z/y.gaf");
  touch("a/c.gaf");
  const auto items = walk();
  std::vector<std::string> relative;
  for (const auto& item : items) relative.push_back(item.relative);
  EXPECT_EQ(relative, (std::vector<std::string>{"a/c.gaf", "a/z/y.gaf", "a-b/x.gaf", "b.gaf"}));
  for (std::size_t i = 1; i < items.size(); ++i)
    EXPECT_TRUE(path_less(items[i - 1].path, items[i].path)) << items[i].path;
  EXPECT_EQ(items.back().size, 5u);
  EXPECT_NE(items.back().mtime_ns, 0);
  EXPECT_EQ(items.back().path, (root_ / "b.gaf").string());
}

TEST_F(WalkTest, NestedAndRepeatedRootsAreWalkedOnce) {
  touch("sub/x.gaf");
  touch("y.gaf");
  const auto items = walk({(root_ / "sub").string(), root_.string() + "/", root_.string()});
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].relative, "sub/x.gaf");
  EXPECT_EQ(items[1].relative, "y.gaf");
}

TEST_F(WalkTest, SymlinksAreNeverFollowed) {
  touch("dir/file.gaf");
  fs::create_symlink("dir", root_ / "link-to-dir");
  fs::create_symlink("dir/file.gaf", root_ / "link-to-file.gaf");
  fs::create_symlink("/", root_ / "link-out");
  const auto items = walk();
  std::size_t files = 0;
  for (const auto& item : items) {
    if (item.kind == InputKind::file) ++files;
    if (fs::path(item.path).filename().string().starts_with("link")) {
      EXPECT_EQ(item.kind, InputKind::symlink_not_followed) << item.path;
    }
  }
  EXPECT_EQ(files, 1u);
  EXPECT_EQ(items.size(), 4u);
}

TEST_F(WalkTest, SymlinkBackToAnAncestorIsALoop) {
  touch("a/b/file.gaf");
  fs::create_symlink("../..", root_ / "a" / "b" / "up");
  const auto items = walk();
  const auto& up = item_named(items, "up");
  EXPECT_EQ(up.kind, InputKind::unreadable);
  ASSERT_TRUE(up.error);
  EXPECT_NE(up.error->find("symlink loop"), std::string::npos) << *up.error;
  EXPECT_NE(up.error->find(root_.string()), std::string::npos) << *up.error;
}

TEST_F(WalkTest, SymlinkChainThatNeverResolvesIsALoop) {
  fs::create_symlink("b", root_ / "a");
  fs::create_symlink("a", root_ / "b");
  const auto items = walk();
  ASSERT_EQ(items.size(), 2u);
  for (const auto& item : items) {
    EXPECT_EQ(item.kind, InputKind::unreadable);
    EXPECT_NE(item.error->find("symlink loop"), std::string::npos) << *item.error;
  }
}

TEST_F(WalkTest, DanglingSymlinkAndFifoAreUnreadable) {
  fs::create_symlink("gone.gaf", root_ / "dangling.gaf");
  ASSERT_EQ(::mkfifo((root_ / "pipe.gaf").c_str(), 0600), 0);
  const auto items = walk();
  const auto& dangling = item_named(items, "dangling.gaf");
  EXPECT_EQ(dangling.kind, InputKind::unreadable);
  EXPECT_NE(dangling.error->find("dangling symlink: its target gone.gaf"), std::string::npos);
  const auto& fifo = item_named(items, "pipe.gaf");
  EXPECT_EQ(fifo.kind, InputKind::unreadable);
  EXPECT_EQ(*fifo.error, "not read: a FIFO");
}

TEST_F(WalkTest, MissingRootIsUnreadable) {
  const auto items = walk({(root_ / "nothing").string()});
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].kind, InputKind::unreadable);
  EXPECT_NE(items[0].error->find("No such file"), std::string::npos);
}

TEST_F(WalkTest, FileThatVanishesAfterTheWalkIsAFindingNotAFailure) {
  touch("going.gaf", std::string(16, '\0'));
  InputWalk walker({root_.string()});
  const auto item = walker.next();
  ASSERT_TRUE(item);
  fs::remove(root_ / "going.gaf");  // between the walk and the check, as in a live tree
  CensusContext context;
  const auto yaml = make_yaml_writer(std::make_unique<ReportOutput>("/dev/null"), {});
  context.writers = {yaml.get()};
  const FinishedInput finished = check_census_input(*item, context);
  EXPECT_TRUE(finished.unreadable);
  ASSERT_EQ(finished.reports.size(), 1u);
  EXPECT_EQ(finished.reports[0].format, Format::unreadable);
  ASSERT_EQ(finished.rendered.size(), 1u);
  const std::string& documents = finished.rendered[0].text;
  EXPECT_NE(documents.find("vanished during the census"), std::string::npos) << documents;
  EXPECT_NE(documents.find("input.unreadable"), std::string::npos);
}

TEST_F(WalkTest, NamedFileIsAlwaysAnInputWalkedFilesAreSelectedByNameOrContent) {
  touch("up/readme.txt", "hi\n");
  touch("up/sprite.gaf", "");
  touch("named.txt", "hi\n");
  const InputSelection selection({});
  const auto items = walk({(root_ / "up").string(), (root_ / "named.txt").string()});
  ASSERT_EQ(items.size(), 3u);
  const InputItem& named = item_named(items, "named.txt");
  EXPECT_TRUE(named.named);
  EXPECT_TRUE(selection.selects(named)) << "a file named on the command line is always checked";
  const InputItem& readme = item_named(items, "readme.txt");
  EXPECT_FALSE(readme.named);
  EXPECT_FALSE(selection.selects(readme)) << "a readme.txt found by the walk is not an input";
  EXPECT_TRUE(selection.selects(item_named(items, "sprite.gaf")));
  EXPECT_TRUE(InputSelection({"taf"}).selects(named)) << "--ext does not drop a named file";
}

TEST_F(WalkTest, ExcludedFileIsLeftOutOfTheWalk) {
  touch("a.gaf");
  touch("report.gaf");
  touch("z.gaf");
  struct stat info {};
  ASSERT_EQ(::stat((root_ / "report.gaf").c_str(), &info), 0);
  InputWalk walker({root_.string()});
  walker.exclude(info.st_dev, info.st_ino);
  std::vector<std::string> names;
  while (auto item = walker.next()) names.push_back(fs::path(item->path).filename().string());
  EXPECT_EQ(names, (std::vector<std::string>{"a.gaf", "z.gaf"}));
  EXPECT_EQ(walk().size(), 3u) << "control: without the exclusion it is walked";
}

TEST_F(WalkTest, FilesThatAreNotInputsAreSkippedByContent) {
  touch("readme.txt", "[UNITINFO]");
  InputWalk walker({root_.string()});
  CensusContext context;
  const FinishedInput finished = check_census_input(*walker.next(), context);
  EXPECT_TRUE(finished.not_input);
  EXPECT_TRUE(finished.rendered.empty());
  EXPECT_TRUE(finished.reports.empty());
}

}  // namespace
}  // namespace gafcheck::testing
