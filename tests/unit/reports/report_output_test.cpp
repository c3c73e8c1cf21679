// Report outputs never write into an existing file: a report path that is a hard link, or a
// symlink, to a file elsewhere gets a new file under its name, and the other file keeps its bytes,
// in the atomic mode (check, diff) and in the journal mode (census, merge) alike.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "reports/report_output.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

class ReportOutputReplaceTest : public ::testing::TestWithParam<OutputMode> {
 protected:
  void SetUp() override {
    directory_ =
        fs::temp_directory_path() / ("gafcheck-report-output-" + std::to_string(::getpid()) + "-" +
                                     std::to_string(static_cast<int>(GetParam())));
    fs::remove_all(directory_);
    fs::create_directories(directory_ / "target");
    outside_ = directory_ / "outside.yaml";
    std::ofstream(outside_) << "outside\n";
  }
  void TearDown() override { fs::remove_all(directory_); }

  void write_report(const fs::path& path) {
    ReportOutput output(path.string(), GetParam());
    output.write("---\nkind: header\n");
    output.commit();
  }

  static std::string text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream content;
    content << in.rdbuf();
    return content.str();
  }

  // Only the report is left in the target directory: no temp file.
  std::size_t entries_in_target() const {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(directory_ / "target"), fs::directory_iterator()));
  }

  fs::path directory_, outside_;
};

TEST_P(ReportOutputReplaceTest, HardLinkToAFileElsewhereIsReplacedNotWritten) {
  const fs::path report = directory_ / "target" / "report.yaml";
  fs::create_hard_link(outside_, report);
  write_report(report);
  EXPECT_EQ(text(outside_), "outside\n");
  EXPECT_EQ(fs::hard_link_count(outside_), 1u);
  EXPECT_EQ(text(report), "---\nkind: header\n");
  EXPECT_EQ(entries_in_target(), 1u);
}

TEST_P(ReportOutputReplaceTest, SymlinkToAFileElsewhereIsReplacedNotFollowed) {
  const fs::path report = directory_ / "target" / "report.yaml";
  fs::create_symlink(outside_, report);
  write_report(report);
  EXPECT_EQ(text(outside_), "outside\n");
  EXPECT_FALSE(fs::is_symlink(report));
  EXPECT_EQ(text(report), "---\nkind: header\n");
}

TEST_P(ReportOutputReplaceTest, DanglingSymlinkCreatesNothingWhereItPoints) {
  const fs::path report = directory_ / "target" / "report.yaml";
  const fs::path pointed_at = directory_ / "created-elsewhere.yaml";
  fs::create_symlink(pointed_at, report);
  write_report(report);
  EXPECT_FALSE(fs::exists(pointed_at));
  EXPECT_EQ(text(report), "---\nkind: header\n");
}

// Control: a path that does not exist yet gets the report, readable by others as before.
TEST_P(ReportOutputReplaceTest, NewPathGetsTheReport) {
  const fs::path report = directory_ / "target" / "report.yaml";
  write_report(report);
  EXPECT_EQ(text(report), "---\nkind: header\n");
  EXPECT_EQ(fs::status(report).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                fs::perms::others_read);
  EXPECT_EQ(entries_in_target(), 1u);
}

// The journal is the report from its first write on (a killed census leaves it for --resume).
TEST(ReportOutput, JournalIsInPlaceFromTheFirstWrite) {
  const fs::path directory =
      fs::temp_directory_path() / ("gafcheck-report-journal-" + std::to_string(::getpid()));
  fs::create_directories(directory);
  const fs::path report = directory / "census.yaml";
  std::ofstream(report) << "an older report\n";
  {
    ReportOutput output(report.string(), OutputMode::journal);
    output.write("---\nkind: header\n");
    EXPECT_FALSE(output.is_temp());
    EXPECT_EQ(output.current_path(), report);
    std::ifstream in(report);
    std::stringstream content;
    content << in.rdbuf();
    EXPECT_EQ(content.str(), "---\nkind: header\n");
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(directory), fs::directory_iterator()), 1);
  fs::remove_all(directory);
}

// Until its first write the journal is a temp file beside the destination, which keeps the old
// report: a census creates its output before it confines itself and may still refuse to start
// (an incompatible --resume), and then nothing was replaced and nothing is left behind.
TEST(ReportOutput, JournalLeavesTheDestinationAloneUntilTheFirstWrite) {
  const fs::path directory =
      fs::temp_directory_path() / ("gafcheck-report-journal-late-" + std::to_string(::getpid()));
  fs::create_directories(directory);
  const fs::path report = directory / "census.yaml";
  std::ofstream(report) << "an older report\n";
  {
    ReportOutput output(report.string(), OutputMode::journal);
    EXPECT_TRUE(output.is_temp());
    EXPECT_NE(output.current_path(), report);
    EXPECT_TRUE(fs::exists(output.current_path()));
    std::ifstream in(report);
    std::stringstream content;
    content << in.rdbuf();
    EXPECT_EQ(content.str(), "an older report\n");
  }
  EXPECT_EQ(std::distance(fs::directory_iterator(directory), fs::directory_iterator()), 1);
  fs::remove_all(directory);
}

INSTANTIATE_TEST_SUITE_P(Modes, ReportOutputReplaceTest,
                         ::testing::Values(OutputMode::atomic, OutputMode::journal),
                         [](const ::testing::TestParamInfo<OutputMode>& mode) {
                           return std::string(mode.param == OutputMode::atomic ? "Atomic"
                                                                               : "Journal");
                         });

}  // namespace
}  // namespace gafcheck::testing
