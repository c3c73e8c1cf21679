// Reading inputs: unreadable paths are findings, special files are never opened for reading in a
// way that could block, and an empty file is checked like any other.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "tests/support/check_helpers.hpp"
#include "validator/input/input_file.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

FileReport check_path(const fs::path& path) {
  FileReport report = check_file(path, {});
  record_triggered(report);
  return report;
}

TEST(Input, MissingFileIsUnreadable) {
  const FileReport report = check_path("/nonexistent/gafcheck/x.gaf");
  EXPECT_FINDING(report, "input.unreadable", 0, "");
  EXPECT_EQ(report.format, Format::unreadable);
  EXPECT_EQ(report.verdict, Verdict::rejected);
}

TEST(Input, DirectoryIsUnreadable) {
  const FileReport report = check_path(fs::temp_directory_path());
  EXPECT_FINDING(report, "input.unreadable", 0, "");
  EXPECT_NE(report.findings[0].message.find("directory"), std::string::npos);
}

TEST(Input, FifoIsRefusedWithoutBlocking) {
  const fs::path fifo = fs::temp_directory_path() / "gafcheck-input-test.fifo";
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const FileReport report = check_path(fifo);
  fs::remove(fifo);
  EXPECT_FINDING(report, "input.unreadable", 0, "");
  EXPECT_NE(report.findings[0].message.find("FIFO"), std::string::npos);
}

TEST(Input, RegularFileIsReadAndChecked) {
  const fs::path path = fs::temp_directory_path() / "gafcheck-input-test.gaf";
  const auto bytes = builder::build_gaf(simple_spec()).bytes;
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  const FileReport report = check_path(path);
  fs::remove(path);
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_EQ(report.size, bytes.size());
  EXPECT_NO_FINDING(report, "input.unreadable");
}

// Bytes that differ at every offset from those of another seed, so a reused buffer shows.
std::vector<std::uint8_t> pattern(std::size_t size, std::uint8_t seed) {
  std::vector<std::uint8_t> bytes(size);
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<std::uint8_t>(i * 7 + seed);
  return bytes;
}

fs::path write_temp(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  const fs::path path = fs::temp_directory_path() / name;
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  return path;
}

std::vector<std::uint8_t> held_bytes(const fs::path& path) {
  auto opened = InputFile::open(path, UINT64_MAX);
  EXPECT_TRUE(opened.ok()) << (opened ? "" : opened.problem().reason);
  if (!opened) return {};
  const ByteView view = opened->view();
  return {view.bytes().begin(), view.bytes().end()};
}

// Small files are read into a buffer the thread reuses; each must still hold exactly its own
// bytes, whatever a larger file left in the buffer before it.
TEST(InputFile, ReusedReadBufferHoldsEachFileExactly) {
  const auto large = pattern(100'000, 1), small = pattern(1'000, 2);
  const fs::path first = write_temp("gafcheck-input-large.bin", large);
  const fs::path second = write_temp("gafcheck-input-small.bin", small);
  EXPECT_EQ(held_bytes(first), large);
  EXPECT_EQ(held_bytes(second), small);
  EXPECT_EQ(held_bytes(first), large);
  {
    // Two files open at once on one thread: the second cannot take the first's buffer.
    auto one = InputFile::open(first, UINT64_MAX);
    auto two = InputFile::open(second, UINT64_MAX);
    ASSERT_TRUE(one && two);
    EXPECT_TRUE(std::equal(large.begin(), large.end(), one->view().bytes().begin()));
    EXPECT_TRUE(std::equal(small.begin(), small.end(), two->view().bytes().begin()));
  }
  fs::remove(first);
  fs::remove(second);
}

// Large files are read into a buffer of their own, not mapped (a mapped file that shrinks kills
// the reader with SIGBUS); the small files after one still get theirs exactly.
TEST(InputFile, FilesAboveTheReadLimitAreReadWhole) {
  const auto bytes = pattern(InputFile::read_limit + 4097, 3), small = pattern(5'000, 4);
  const fs::path path = write_temp("gafcheck-input-large-read.bin", bytes);
  const fs::path after = write_temp("gafcheck-input-after-large.bin", small);
  EXPECT_EQ(held_bytes(path), bytes);
  EXPECT_EQ(held_bytes(after), small);
  const auto exactly_the_limit = pattern(InputFile::read_limit, 5);
  write_temp("gafcheck-input-large-read.bin", exactly_the_limit);
  EXPECT_EQ(held_bytes(path), exactly_the_limit);
  fs::remove(path);
  fs::remove(after);
}

TEST(InputFile, HeadOfALargeFileIsItsFirstBytes) {
  const auto bytes = pattern(300'000, 6);
  const fs::path path = write_temp("gafcheck-input-head.bin", bytes);
  auto head = InputFile::open_head(path, 1000);
  auto whole = InputFile::open_head(path, 1'000'000);
  fs::remove(path);
  ASSERT_TRUE(head && whole);
  const auto held = head->view().bytes();
  EXPECT_EQ(std::vector<std::uint8_t>(held.begin(), held.end()),
            std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 1000));
  EXPECT_EQ(whole->view().size(), bytes.size());
}

TEST(InputFile, EmptyFileHoldsNothing) {
  const fs::path path = write_temp("gafcheck-input-empty.bin", {});
  auto opened = InputFile::open(path, UINT64_MAX);
  fs::remove(path);
  ASSERT_TRUE(opened.ok());
  EXPECT_EQ(opened->view().size(), 0u);
}

TEST(InputFile, FileAboveTheSizeBudgetIsNotRead) {
  const fs::path path = write_temp("gafcheck-input-budget.bin", pattern(64, 4));
  auto opened = InputFile::open(path, 63);
  fs::remove(path);
  ASSERT_FALSE(opened.ok());
  EXPECT_TRUE(opened.problem().too_large);
  EXPECT_EQ(opened.problem().size, 64u);
}

}  // namespace
}  // namespace gafcheck::testing
