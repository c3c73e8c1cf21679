// Reading inputs: unreadable paths are findings, special files are never opened for reading in a
// way that could block, and an empty file is checked like any other.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>

#include "tests/support/check_helpers.hpp"

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

TEST(Input, RegularFileIsMappedAndChecked) {
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

}  // namespace
}  // namespace gafcheck::testing
