// The GitLab Code Quality writer. Code Quality has no published schema: the fields
// GitLab requires (description, check_name, fingerprint, severity, location.path,
// location.lines.begin) are checked one by one.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "reports/codeclimate_writer.hpp"

#include <set>
#include "tests/support/check_helpers.hpp"
#include "tests/support/finding_samples.hpp"

namespace gafcheck::testing {
namespace {

using nlohmann::json;

json write_issues(const std::vector<FileReport>& reports, Grouping grouping = Grouping::per_input) {
  return json::parse(write_format("codeclimate", {"tree"}, {reports}, 1, grouping));
}

json write_issues(const std::vector<std::vector<FileReport>>& inputs,
                  const std::vector<std::string>& roots) {
  return json::parse(write_format("codeclimate", roots, inputs, 1, Grouping::per_input));
}

const json* issue_for(const json& issues, std::string_view rule, std::string_view where) {
  for (const json& issue : issues)
    if (issue.at("check_name") == rule &&
        issue.at("description").get<std::string>().find(where) != std::string::npos)
      return &issue;
  return nullptr;
}

void expect_required_fields(const json& issue) {
  for (const char* key : {"description", "check_name", "fingerprint", "severity"})
    EXPECT_TRUE(issue.at(key).is_string() && !issue.at(key).get<std::string>().empty())
        << key << " in " << issue;
  EXPECT_TRUE(issue.at("location").at("path").is_string()) << issue;
  EXPECT_EQ(issue.at("location").at("lines").at("begin"), 1) << issue;
}

TEST(CodeClimateWriter, IssuesNameRuleMemberPathAndMapSeverities) {
  const json issues = write_issues(check_mod_archive(4, "tree/uploads/mod.ufo"));
  EXPECT_EQ(issues,
            write_issues(check_mod_archive(4, "tree/uploads/mod.ufo"), Grouping::per_report));
  ASSERT_TRUE(issues.is_array());
  ASSERT_EQ(issues.size(), 5u) << issues.dump(1);
  for (const json& issue : issues) {
    expect_required_fields(issue);
    EXPECT_EQ(issue.at("location").at("path"), "tree/uploads/mod.ufo");
  }
  const json* crash =
      issue_for(issues, "rle.reads-past-eof", "anims/bad.gaf!entry[1]/frame[1]/row[1]");
  ASSERT_NE(crash, nullptr) << issues.dump(1);
  EXPECT_EQ(crash->at("severity"), "blocker");
  const json* garbage =
      issue_for(issues, "rle.short-row", "anims/bad.gaf!entry[1]/frame[0]/row[0]");
  ASSERT_NE(garbage, nullptr);
  EXPECT_EQ(garbage->at("severity"), "critical");
  EXPECT_NE(garbage->at("description")
                .get<std::string>()
                .find("(offset 0x" +
                      [] {
                        char text[32];
                        std::snprintf(
                            text, sizeof text, "%llX",
                            static_cast<unsigned long long>(defective_row_offset(4, "bad", 0)));
                        return std::string(text);
                      }()),
            std::string::npos)
      << garbage->at("description");
  // The same rule in the last frame: its crash makes it a blocker however the rule is rated.
  EXPECT_EQ(issue_for(issues, "rle.short-row", "frame[1]/row[1]")->at("severity"), "blocker");
  EXPECT_EQ(issue_for(issues, "rle.unused-payload", "frame[0]/row[1]")->at("severity"), "major");
  EXPECT_EQ(
      issue_for(issues, "header.version-zero", "anims/bad.gaf!header/version")->at("severity"),
      "info");
}

TEST(CodeClimateWriter, FingerprintsSurviveBytesInsertedBeforeTheFindings) {
  const json narrow = write_issues(check_mod_archive(4, "tree/mod.ufo"));
  const json wide = write_issues(check_mod_archive(40, "tree/mod.ufo"));
  ASSERT_EQ(narrow.size(), wide.size());
  const json* before = issue_for(narrow, "rle.short-row", "frame[1]/row[1]");
  const json* after = issue_for(wide, "rle.short-row", "frame[1]/row[1]");
  ASSERT_TRUE(before && after);
  EXPECT_NE(before->at("description"), after->at("description")) << "the offset moved";
  EXPECT_EQ(before->at("fingerprint"), after->at("fingerprint"));
  std::set<std::string> distinct;
  for (const json& issue : narrow) distinct.insert(issue.at("fingerprint").get<std::string>());
  EXPECT_EQ(distinct.size(), narrow.size()) << "every issue has its own fingerprint";
}

TEST(CodeClimateWriter, CleanFileIsAnEmptyList) {
  EXPECT_EQ(write_issues({check(clean_gaf(), {}, "tree/clean.gaf")}), json::array());
}

TEST(CodeClimateWriter, HostileNamesKeepTheReportValidJson) {
  const json issues =
      write_issues({check(defective_gaf(), {}, std::string("tree/a\x01\xE9\nb.gaf"))});
  ASSERT_FALSE(issues.empty());
  // Not UTF-8: no JSON string holds these bytes, so the name is escaped as in every report.
  EXPECT_EQ(issues.at(0).at("location").at("path"), "tree/a\\x01\\xE9\\x0Ab.gaf");
}

// location.path is the file's real path, for GitLab to open: a printable backslash, a '%', a
// control byte or a quote in a UTF-8 name are the name's own bytes (JSON escapes them itself).
TEST(CodeClimateWriter, LocationPathIsTheRealPath) {
  for (const std::string name :
       {"bs\\x.gaf", "100%.gaf", "tab\tand \"quote\".gaf", "caf\xC3\xA9.gaf", "lit\\xE9.gaf"}) {
    SCOPED_TRACE(name);
    const json issues = write_issues({check(defective_gaf(), {}, "tree/" + name)});
    ASSERT_FALSE(issues.empty());
    EXPECT_EQ(issues.at(0).at("location").at("path").get<std::string>(), "tree/" + name);
  }
}

// (root, path, member) is the identity: x.gaf under two roots, or one member path in archives
// under two roots, are two files with two paths and two fingerprints.
TEST(CodeClimateWriter, OneNameUnderTwoRootsIsTwoFiles) {
  const json issues = write_issues(
      {{check(defective_gaf(), {}, "left/x.gaf")}, {check(defective_gaf(), {}, "right/x.gaf")}},
      {"left", "right"});
  std::set<std::string> paths, fingerprints;
  for (const json& issue : issues) {
    paths.insert(issue.at("location").at("path").get<std::string>());
    fingerprints.insert(issue.at("fingerprint").get<std::string>());
  }
  EXPECT_EQ(paths, (std::set<std::string>{"left/x.gaf", "right/x.gaf"}));
  EXPECT_EQ(fingerprints.size(), issues.size()) << issues.dump(1);

  const json members = write_issues(
      {check_mod_archive(4, "r1/mod.ufo"), check_mod_archive(4, "r2/mod.ufo")}, {"r1", "r2"});
  const json* one = issue_for(members, "rle.short-row", "anims/bad.gaf!entry[1]/frame[0]/row[0]");
  ASSERT_NE(one, nullptr);
  std::set<std::string> member_fingerprints;
  for (const json& issue : members)
    if (issue.at("check_name") == "rle.short-row" &&
        issue.at("description").get<std::string>().find("entry[1]/frame[0]/row[0]") !=
            std::string::npos)
      member_fingerprints.insert(issue.at("fingerprint").get<std::string>());
  EXPECT_EQ(member_fingerprints.size(), 2u);

  // A root spelled with extra slashes or dots: the path is still the one file's, normalised.
  for (const char* root : {"./sub//", "sub"}) {
    const json spelled = write_issues({{check(defective_gaf(), {}, "./sub//x.gaf")}}, {root});
    ASSERT_FALSE(spelled.empty());
    EXPECT_EQ(spelled.at(0).at("location").at("path"), "sub/x.gaf") << root;
  }
}

}  // namespace
}  // namespace gafcheck::testing
