// A run's output is never one of its inputs: refused before anything is written when it is a
// named input (same inode, or the same place when it does not exist yet) or a file the walk of a
// root would take as an input; allowed when the walk would not take it (it is then excluded).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/support/scratch_directory.hpp"
#include "validator/base/errors.hpp"
#include "validator/platform/output_guard.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;

class OutputGuardTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fresh_test_directory("guard");
    fs::create_directories(root_ / "tree");
    std::ofstream(root_ / "tree" / "z.gaf") << "GAF bytes";
    std::ofstream(root_ / "tree" / "readme.txt") << "hi\n";
  }
  void TearDown() override { fs::remove_all(root_); }

  // The refusal's message (a usage problem), or "" when the output is allowed.
  static std::string refusal(const Result<void>& checked) {
    if (checked) return {};
    EXPECT_EQ(checked.problem().code, ExitCode::usage);
    return checked.problem().message;
  }
  std::string walk_refusal(const fs::path& output,
                           const std::vector<std::string>& extensions = {}) {
    return refusal(check_output_in_walk(output.string(), {(root_ / "tree").string()},
                                        InputSelection(extensions)));
  }
  std::string among_refusal(const fs::path& output, const std::vector<std::string>& inputs) {
    return refusal(check_output_among_inputs(output.string(), inputs, "report"));
  }

  fs::path root_;
};

TEST_F(OutputGuardTest, OutputThatIsANamedInputIsRefused) {
  const fs::path input = root_ / "tree" / "z.gaf";
  EXPECT_NE(among_refusal(input, {input.string()}).find("it is the report"), std::string::npos);
  fs::create_hard_link(input, root_ / "hard.gaf");
  EXPECT_NE(among_refusal(root_ / "hard.gaf", {input.string()}), "") << "same inode";
  EXPECT_NE(among_refusal(root_ / "tree" / ".." / "tree" / "z.gaf", {input.string()}), "");
  EXPECT_NE(among_refusal(root_ / "missing.yaml", {(root_ / "missing.yaml").string()}), "")
      << "the same place, though nothing is there yet";
  EXPECT_EQ(among_refusal(root_ / "new.yaml", {input.string()}), "") << "control: another file";
  EXPECT_EQ(among_refusal("-", {"-"}), "") << "standard output is never an input file";
}

TEST_F(OutputGuardTest, OutputInsideAWalkedRootIsRefusedOnlyWhenTheWalkWouldTakeIt) {
  EXPECT_NE(walk_refusal(root_ / "tree" / "z.gaf").find("it is an input of the walk"),
            std::string::npos);
  EXPECT_NE(walk_refusal(root_ / "tree" / "." / "new.GAF").find("a file of that name"),
            std::string::npos)
      << "a new .gaf in the tree would be taken as an input";
  EXPECT_EQ(walk_refusal(root_ / "tree" / "report.yaml"), "") << "a report is not an input";
  EXPECT_EQ(walk_refusal(root_ / "tree" / "readme.txt"), "") << "nor is a readme";
  EXPECT_EQ(walk_refusal(root_ / "tree" / "z.gaf", {"taf"}), "") << "--ext taf does not take it";
  EXPECT_EQ(walk_refusal(root_ / "new.gaf"), "") << "outside the root";
}

TEST_F(OutputGuardTest, OutputThatIsARootFileIsRefused) {
  const std::string file = (root_ / "tree" / "readme.txt").string();
  const std::string refused = refusal(check_output_in_walk(file, {file}, InputSelection({})));
  EXPECT_NE(refused.find("it is the input"), std::string::npos) << refused;
}

TEST_F(OutputGuardTest, OutputInsideADirectoryReadWholeIsRefused) {
  const std::vector<std::string> sides = {(root_ / "tree").string(), (root_ / "z.gaf").string()};
  const std::string inside =
      refusal(check_output_outside((root_ / "tree" / "." / "d.yaml").string(), sides, "side"));
  EXPECT_NE(inside.find("it is inside the side"), std::string::npos) << inside;
  EXPECT_EQ(refusal(check_output_outside((root_ / "d.yaml").string(), sides, "side")), "")
      << "beside the directory, and a side that is a file has no inside";
  EXPECT_EQ(refusal(check_output_outside("-", sides, "side")), "");
}

}  // namespace
}  // namespace gafcheck::testing
