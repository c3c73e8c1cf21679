// --files-from: the list is read whole, put in path order without duplicates, and
// every entry that cannot be a path becomes an input with an error rather than ending the run.
#include "validator/census/file_list.hpp"

#include <gtest/gtest.h>
#include <limits.h>

#include <fstream>

#include "tests/support/scratch_directory.hpp"
#include "validator/base/errors.hpp"
#include "validator/census/census_inputs.hpp"
#include "validator/core/byte_view.hpp"
#include "validator/core/sha256.hpp"

namespace gafcheck::cli {
namespace {

namespace fs = std::filesystem;

class FileListTest : public ::testing::Test {
 protected:
  void SetUp() override { directory_ = gafcheck::testing::fresh_test_directory("file-list"); }
  void TearDown() override { fs::remove_all(directory_); }

  FileList read(const std::string& bytes, char separator = '\n', std::optional<Shard> shard = {},
                std::uint64_t max_bytes = 1 << 20) {
    const std::string name = (directory_ / "list").string();
    std::ofstream(name, std::ios::binary) << bytes;
    return read_file_list({name, separator, shard, max_bytes});
  }
  static std::vector<std::string> paths(const FileList& list) {
    std::vector<std::string> paths;
    for (const ListedPath& entry : list.paths) paths.push_back(entry.path);
    return paths;
  }

  fs::path directory_;
};

TEST_F(FileListTest, EntriesComeInPathOrderOnceEachWithCrAndEmptyLinesDropped) {
  const std::string bytes = "b/x.gaf\r\na-b.gaf\n\n\r\na/c.gaf\nb/x.gaf\na/c.gaf";
  const FileList list = read(bytes);
  // path_less: '/' sorts before every other byte, so a/c.gaf comes before a-b.gaf.
  EXPECT_EQ(paths(list), (std::vector<std::string>{"a/c.gaf", "a-b.gaf", "b/x.gaf"}));
  EXPECT_EQ(list.entries, 5u);  // duplicates counted, empty lines and the lone CR not
  for (const ListedPath& entry : list.paths) EXPECT_EQ(entry.problem, "");
  EXPECT_EQ(list.identity.sha256, sha256_hex(ByteView(bytes)));
  EXPECT_EQ(list.identity.separator, "newline");
}

TEST_F(FileListTest, NulSeparatedListsKeepNewlinesAndCarriageReturnsInNames) {
  const FileList list = read(std::string("odd\nname.gaf\0tail\r\0\0", 20), '\0');
  EXPECT_EQ(paths(list), (std::vector<std::string>{"odd\nname.gaf", "tail\r"}));
  EXPECT_EQ(list.identity.separator, "nul");
}

TEST_F(FileListTest, ANulInANewlineListAndAnOverlongLineAreEntriesWithProblems) {
  const std::string overlong(PATH_MAX + 10, 'x');
  const FileList list = read(std::string("nul\0byte.gaf\n", 13) + overlong + "\nok.gaf\n");
  ASSERT_EQ(list.paths.size(), 3u);
  EXPECT_EQ(list.paths[0].path, std::string("nul\0byte.gaf", 12));
  EXPECT_NE(list.paths[0].problem.find("holds a NUL byte"), std::string::npos);
  EXPECT_EQ(list.paths[1].path, "ok.gaf");
  EXPECT_EQ(list.paths[1].problem, "");
  EXPECT_EQ(list.paths[2].path, overlong.substr(0, PATH_MAX - 1));
  EXPECT_NE(list.paths[2].problem.find(std::to_string(PATH_MAX + 10) + " bytes long"),
            std::string::npos)
      << list.paths[2].problem;
}

TEST_F(FileListTest, AShardKeepsOnlyItsEntriesAndTheShardsPartitionTheList) {
  std::string bytes;
  for (int i = 0; i < 40; ++i) bytes += "dir/file" + std::to_string(i) + ".gaf\n";
  const FileList whole = read(bytes);
  std::vector<std::string> joined;
  for (std::uint32_t k = 1; k <= 3; ++k) {
    const FileList part = read(bytes, '\n', Shard{k, 3});
    EXPECT_EQ(part.entries, 40u);
    EXPECT_EQ(part.identity.sha256, whole.identity.sha256);
    for (const std::string& path : paths(part)) {
      EXPECT_TRUE((Shard{k, 3}.contains(path))) << path;
      joined.push_back(path);
    }
  }
  std::sort(joined.begin(), joined.end(), path_less);
  EXPECT_EQ(joined, paths(whole));
}

TEST_F(FileListTest, AListOverItsMemoryBudgetIsAUsageErrorButAShardOfItFits) {
  std::string bytes;
  for (int i = 0; i < 100; ++i) bytes += "file" + std::to_string(i) + ".gaf\n";
  const std::uint64_t budget = 60 * (sizeof(ListedPath) + 10);
  try {
    read(bytes, '\n', {}, budget);
    ADD_FAILURE() << "the whole list fit its budget";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("hold more than --max-list-size"), std::string::npos);
  }
  EXPECT_LT(read(bytes, '\n', Shard{1, 4}, budget).paths.size(), 60u);
}

TEST_F(FileListTest, AListThatCannotBeReadIsAUsageError) {
  EXPECT_THROW(read_file_list({(directory_ / "missing").string(), '\n', {}, 1 << 20}), UsageError);
}

TEST_F(FileListTest, ListedEntriesBecomeInputsAndMissingOnesInputsWithErrors) {
  std::ofstream(directory_ / "real.gaf") << "GAF";
  fs::create_directory(directory_ / "sub");
  const std::string base = directory_.string() + "/";
  const FileList list = read(base + "real.gaf\n" + base + "gone.gaf\n" + base + "sub\n");
  CensusInputs inputs({}, &list);
  auto gone = inputs.next();
  ASSERT_TRUE(gone);
  EXPECT_EQ(gone->path, base + "gone.gaf");
  EXPECT_EQ(gone->kind, InputKind::unreadable);
  EXPECT_EQ(gone->error, "listed, but does not exist");
  auto real = inputs.next();
  ASSERT_TRUE(real);
  EXPECT_EQ(real->kind, InputKind::file);
  EXPECT_EQ(real->size, 3u);
  EXPECT_EQ(real->relative, base + "real.gaf");  // the shard key: the entry as written
  EXPECT_FALSE(real->named);                     // picked by extension or content, as walked
  auto sub = inputs.next();
  ASSERT_TRUE(sub);
  EXPECT_EQ(sub->kind, InputKind::unreadable);
  EXPECT_NE(sub->error->find("a directory"), std::string::npos);
  EXPECT_FALSE(inputs.next());
}

}  // namespace
}  // namespace gafcheck::cli
