// gafcheck diff's content run on files: sides of different kinds are a usage error naming both
// kinds (and a report among them is pointed to --content), while --content compares two reports
// as the files they are.
#include "validator/compare/content_comparison.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/support/hpi_helpers.hpp"
#include "tests/support/scratch_directory.hpp"
#include "validator/base/errors.hpp"

namespace gafcheck::compare {
namespace {

void write(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
}

struct Sides {
  std::filesystem::path root = testing::fresh_test_directory("content-comparison");
  Sides() {
    const std::vector<std::uint8_t> gaf = testing::gaf_bytes({"ARMWALK"});
    write(root / "a.gaf", std::string(gaf.begin(), gaf.end()));
    write(root / "old.yaml", "---\nkind: header\ntool: gafcheck\nversion: 1\n");
    write(root / "new.yaml", "---\nkind: header\ntool: gafcheck\nversion: 2\n");
  }
  ~Sides() { std::filesystem::remove_all(root); }
  ContentComparison comparison(const std::string& before, const std::string& after) const {
    ContentComparison run;
    run.before = (root / before).string();
    run.after = (root / after).string();
    run.outputs = {{"yaml", (root / "diff.yaml").string()}};
    run.sandbox = false;
    return run;
  }
};

TEST(ContentComparison, ReportAgainstSpriteNamesBothKinds) {
  const Sides sides;
  try {
    sides.comparison("old.yaml", "a.gaf").run();
    FAIL() << "a report against a sprite file is a usage error";
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("old.yaml is a gafcheck report"), std::string::npos) << message;
    EXPECT_NE(message.find("a.gaf a sprite file"), std::string::npos) << message;
    EXPECT_NE(message.find("--content"), std::string::npos) << message;
  }
  EXPECT_FALSE(std::filesystem::exists(sides.root / "diff.yaml")) << "nothing is written";
}

TEST(ContentComparison, ContentAskedComparesReportsAsFiles) {
  const Sides sides;
  ContentComparison run = sides.comparison("old.yaml", "new.yaml");
  run.content_asked = true;
  EXPECT_EQ(run.run(), ExitCode::findings);
  std::ifstream written(sides.root / "diff.yaml");
  const std::string text((std::istreambuf_iterator<char>(written)), {});
  EXPECT_NE(text.find("compared: file"), std::string::npos) << text;
  ContentComparison mixed = sides.comparison("old.yaml", "a.gaf");
  mixed.content_asked = true;
  try {
    mixed.run();
    FAIL() << "a file against a sprite file is a usage error";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("like with like"), std::string::npos);
  }
}

}  // namespace
}  // namespace gafcheck::compare
