// A file that changes while gafcheck reads it: the bytes held are one state of the file, or the
// file is input.unreadable ("changed while it was read"); never a signal. Each change is made at
// an exact point (right after the file is opened and its size taken) by the input change hook.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/check_helpers.hpp"
#include "tests/support/input_changes.hpp"
#include "tests/support/scratch_directory.hpp"
#include "validator/input/input_file.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view changed_reason = "changed while it was read: ";

class InputChangeTest : public ::testing::Test {
 protected:
  void SetUp() override { directory_ = fresh_test_directory("input-change"); }
  void TearDown() override {
    stop_changing_inputs();
    fs::remove_all(directory_);
  }

  fs::path write(const std::string& name, const std::vector<std::uint8_t>& bytes) {
    const fs::path path = directory_ / name;
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    return path;
  }

  fs::path directory_;
};

std::vector<std::uint8_t> pattern(std::size_t size) {
  std::vector<std::uint8_t> bytes(size);
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<std::uint8_t>(i * 13 + 1);
  return bytes;
}

std::vector<std::uint8_t> held(const InputFile& file) {
  const auto bytes = file.view().bytes();
  return {bytes.begin(), bytes.end()};
}

// Makes the file's modification time one no write can give it now, so a rewrite in the same
// clock tick still shows.
void set_old_mtime(const fs::path& path) {
  const struct timespec times[2] = {{978307200, 0}, {978307200, 0}};  // 2001-01-01
  ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0);
}

TEST_F(InputChangeTest, SmallFileTruncatedAfterOpenChangedWhileRead) {
  const fs::path path = write("small.gaf", pattern(1000));
  change_inputs_after_open(InputChange::truncate);
  const auto opened = InputFile::open(path, UINT64_MAX);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.problem().reason,
            std::string(changed_reason) + "1000 bytes when it was opened, 0 could be read");
  EXPECT_EQ(opened.problem().size, 1000u);
}

// The case that used to be mapped and die with SIGBUS when the file shrank.
TEST_F(InputChangeTest, LargeFileTruncatedAfterOpenChangedWhileRead) {
  const std::size_t size = InputFile::read_limit * 2 + 123;
  const fs::path path = write("large.gaf", pattern(size));
  change_inputs_after_open(InputChange::truncate);
  const auto opened = InputFile::open(path, UINT64_MAX);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.problem().reason, std::string(changed_reason) + std::to_string(size) +
                                         " bytes when it was opened, 0 could be read");
}

TEST_F(InputChangeTest, FileGrownAfterOpenChangedWhileRead) {
  for (const std::size_t size : {std::size_t{0}, std::size_t{1000}, InputFile::read_limit + 7}) {
    const fs::path path = write("grown.gaf", pattern(size));
    change_inputs_after_open(InputChange::grow);
    const auto opened = InputFile::open(path, UINT64_MAX);
    stop_changing_inputs();
    ASSERT_FALSE(opened.ok()) << size;
    EXPECT_EQ(opened.problem().reason, std::string(changed_reason) + "it grew past the " +
                                           std::to_string(size) + " bytes it had when opened");
  }
}

TEST_F(InputChangeTest, FileRewrittenInPlaceAfterOpenChangedWhileRead) {
  const fs::path path = write("rewritten.gaf", pattern(1000));
  set_old_mtime(path);
  change_inputs_after_open(InputChange::rewrite);
  const auto opened = InputFile::open(path, UINT64_MAX);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.problem().reason,
            std::string(changed_reason) + "its size or modification time changed");
}

// The open descriptor keeps the file that was opened: replacing or unlinking its name leaves
// those bytes whole, and they are what is checked.
TEST_F(InputChangeTest, FileReplacedAfterOpenIsReadAsOpened) {
  const auto bytes = pattern(InputFile::read_limit + 99);
  const fs::path path = write("replaced.gaf", bytes);
  change_inputs_after_open(InputChange::replace);
  const auto opened = InputFile::open(path, UINT64_MAX);
  ASSERT_TRUE(opened.ok()) << opened.problem().reason;
  EXPECT_EQ(held(*opened), bytes);
  std::ifstream now(path, std::ios::binary);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(now), {}), replacement_bytes());
}

TEST_F(InputChangeTest, FileUnlinkedAfterOpenIsReadAsOpened) {
  const auto bytes = pattern(1000);
  const fs::path path = write("unlinked.gaf", bytes);
  change_inputs_after_open(InputChange::unlink);
  const auto opened = InputFile::open(path, UINT64_MAX);
  ASSERT_TRUE(opened.ok()) << opened.problem().reason;
  EXPECT_EQ(held(*opened), bytes);
  EXPECT_FALSE(fs::exists(path));
}

// Controls: with the hook aimed at another file, small and large files are read whole.
TEST_F(InputChangeTest, UnchangedFilesAreReadWhole) {
  const auto small = pattern(1000), large = pattern(InputFile::read_limit * 2 + 5);
  const fs::path small_path = write("small.gaf", small), large_path = write("large.gaf", large);
  set_old_mtime(small_path);
  change_inputs_after_open(InputChange::truncate, "another.gaf");
  const auto small_opened = InputFile::open(small_path, UINT64_MAX);
  const auto large_opened = InputFile::open(large_path, UINT64_MAX);
  ASSERT_TRUE(small_opened && large_opened);
  EXPECT_EQ(held(*small_opened), small);
  EXPECT_EQ(held(*large_opened), large);
}

TEST_F(InputChangeTest, HeadOfATruncatedFileChangedWhileRead) {
  const fs::path path = write("head.bin", pattern(300'000));
  change_inputs_after_open(InputChange::truncate);
  const auto head = InputFile::open_head(path, 1000);
  ASSERT_FALSE(head.ok());
  EXPECT_EQ(head.problem().reason.rfind(changed_reason, 0), 0u) << head.problem().reason;
}

TEST_F(InputChangeTest, CheckReportsATruncatedFileAsUnreadable) {
  const auto bytes = builder::build_gaf(simple_spec()).bytes;
  const fs::path path = write("checked.gaf", bytes);
  change_inputs_after_open(InputChange::truncate);
  const FileReport report = check_file(path, {});
  record_triggered(report);
  EXPECT_EQ(report.format, Format::unreadable);
  EXPECT_EQ(report.verdict, Verdict::rejected);
  EXPECT_EQ(report.size, bytes.size());
  EXPECT_FINDING(report, "input.unreadable", 0, "");
  EXPECT_EQ(report.findings[0].message.rfind(changed_reason, 0), 0u) << report.findings[0].message;
}

TEST_F(InputChangeTest, CheckOfAnUnchangedFileIsClean) {
  const fs::path path = write("checked.gaf", builder::build_gaf(simple_spec()).bytes);
  change_inputs_after_open(InputChange::truncate, "another.gaf");
  const FileReport report = check_file(path, {});
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
}

}  // namespace
}  // namespace gafcheck::testing
