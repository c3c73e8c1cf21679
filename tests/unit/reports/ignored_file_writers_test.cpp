// Every writer takes a file the configuration's `ignore:` left unread (FormatWriter::
// render_ignored) in its place among checked files. SARIF and Code Quality read their rendered
// groups back as JSON, and an ignored file's empty group stopped the run with an internal error
// (exit 4): the GitHub action and the GitLab template met it on any tree with an `ignore:` list.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "reports/format_registry.hpp"
#include "tests/support/check_helpers.hpp"
#include "tests/support/finding_samples.hpp"
#include "tests/support/scratch_directory.hpp"

namespace gafcheck::testing {
namespace {

using nlohmann::json;

// The format's output for a run over tree/: ignored.gaf (when with_ignored) and bad.gaf.
std::string write_with_ignored(std::string_view format, bool with_ignored) {
  const auto path = fresh_test_directory("ignored-writer") / "report.out";
  FormatContext context;
  context.roots = {"tree"};
  auto writer = make_format_writer(format, std::make_unique<ReportOutput>(path.string()), context);
  ReportHeader header;
  header.command = "check";
  header.command_line = "gafcheck check tree";
  writer->header(header);
  const FileReport bad = check(defective_gaf(), {}, "tree/bad.gaf");
  if (with_ignored) writer->write(writer->render_ignored("tree/a-ignored.gaf"));
  const ReportItem item{.report = &bad, .document = true};
  writer->write(writer->render({&item, 1}));
  writer->summary({}, {0.5, false, 1});
  writer->commit();
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  std::filesystem::remove_all(path.parent_path());
  return text.str();
}

TEST(IgnoredFiles, EveryFormatWritesAnIgnoredFileBesideACheckedOne) {
  for (const FormatSpec& spec : format_specs()) {
    EXPECT_NO_THROW(write_with_ignored(spec.name, true)) << spec.name;
  }
}

TEST(IgnoredFiles, SarifAndCodeQualityListTheCheckedFilesFindingsOnly) {
  const json sarif = json::parse(write_with_ignored("sarif", true));
  const json control = json::parse(write_with_ignored("sarif", false));
  EXPECT_EQ(sarif.at("runs").at(0).at("results").size(), 5u);
  EXPECT_EQ(sarif.at("runs").at(0).at("results"), control.at("runs").at(0).at("results"));
  const json issues = json::parse(write_with_ignored("codeclimate", true));
  EXPECT_EQ(issues.size(), 5u);
  EXPECT_EQ(issues, json::parse(write_with_ignored("codeclimate", false)));
}

}  // namespace
}  // namespace gafcheck::testing
