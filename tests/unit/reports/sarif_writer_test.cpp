// The SARIF writer, both profiles: rules from the catalogue, one result per finding with its rule,
// offset, member and structure path, offset-free fingerprints, nested artifacts. The
// SARIF 2.1.0 schema check of the same output is in tests/sarif_schema_test.py.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "reports/finding_suppression.hpp"
#include "reports/sarif_result.hpp"
#include "reports/sarif_rules.hpp"
#include "reports/sarif_writer.hpp"
#include "tests/support/check_helpers.hpp"
#include "tests/support/finding_samples.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::testing {
namespace {

using nlohmann::json;

json write_sarif(SarifProfile profile, const std::vector<std::vector<FileReport>>& inputs,
                 const std::vector<std::string>& roots = {"tree"}, int exit_code = 1,
                 Grouping grouping = Grouping::per_input) {
  // Throws (fails the test) on anything but one JSON document.
  return json::parse(write_format(profile == SarifProfile::github ? "sarif" : "sarif-binary", roots,
                                  inputs, exit_code, grouping));
}

std::vector<FileReport> one(FileReport report) {
  std::vector<FileReport> reports;
  reports.push_back(std::move(report));
  return reports;
}

const json& run_of(const json& log) {
  return log.at("runs").at(0);
}

// The result for ruleId at structure path.
const json* result_for(const json& log, std::string_view rule, std::string_view path) {
  for (const json& result : run_of(log).at("results"))
    if (result.at("ruleId") == rule && result.at("properties").at("structurePath") == path)
      return &result;
  return nullptr;
}

TEST(SarifWriter, DriverListsEveryCatalogueRuleWithRetailImpactAndSpec) {
  const json log = write_sarif(SarifProfile::github, {});
  EXPECT_EQ(log.at("version"), "2.1.0");
  const json& driver = run_of(log).at("tool").at("driver");
  EXPECT_EQ(driver.at("name"), "gafcheck");
  EXPECT_FALSE(driver.at("version").get<std::string>().empty());
  const auto& catalog = embedded_catalog();
  ASSERT_EQ(driver.at("rules").size(), catalog.rules().size());
  const std::size_t index = sarif_rule_index(catalog, RuleId::rle_reads_past_eof);
  const json& rule = driver.at("rules").at(index);
  EXPECT_EQ(rule.at("id"), "rle.reads-past-eof");
  EXPECT_EQ(rule.at("name"), "RleReadsPastEof");
  EXPECT_EQ(rule.at("shortDescription").at("text"), catalog.info(RuleId::rle_reads_past_eof).title);
  EXPECT_EQ(rule.at("defaultConfiguration").at("level"), "error");
  const std::string help = rule.at("help").at("markdown");
  EXPECT_NE(help.find("**Retail impact:** crash"), std::string::npos) << help;
  EXPECT_NE(help.find("**Spec:** docs/format/gaf.md §3.2"), std::string::npos) << help;
  EXPECT_NE(rule.at("help").at("text").get<std::string>().find("Retail impact: crash"),
            std::string::npos);
  const json& tags = rule.at("properties").at("tags");
  EXPECT_NE(std::find(tags.begin(), tags.end(), "retail-crash"), tags.end()) << tags;
  EXPECT_EQ(rule.at("properties").at("precision"), "very-high");
  // Catalogue text is literal in Markdown: tsf.syntax's "unterminated /* comment" starts no
  // emphasis, while the plain text keeps it as written.
  const json& syntax = driver.at("rules").at(sarif_rule_index(catalog, RuleId::tsf_syntax));
  EXPECT_NE(syntax.at("help").at("markdown").get<std::string>().find("unterminated /\\* comment"),
            std::string::npos);
  EXPECT_NE(syntax.at("help").at("text").get<std::string>().find("unterminated /* comment"),
            std::string::npos);
  const json& info_rule =
      driver.at("rules").at(sarif_rule_index(catalog, RuleId::header_version_zero));
  EXPECT_EQ(info_rule.at("defaultConfiguration").at("level"), "note");
}

TEST(SarifWriter, GithubResultsNameRuleOffsetMemberAndStructurePath) {
  const auto reports = check_mod_archive(4, "tree/uploads/mod.ufo");
  ASSERT_EQ(reports.size(), 2u);
  ASSERT_EQ(reports[1].path, "tree/uploads/mod.ufo!anims/bad.gaf");
  const json log = write_sarif(SarifProfile::github, {reports});
  const json* result = result_for(log, "rle.short-row", "entry[1]/frame[0]/row[0]");
  ASSERT_NE(result, nullptr) << log.dump(1);
  EXPECT_EQ(result->at("level"), "error");
  EXPECT_EQ(result->at("ruleIndex"), sarif_rule_index(embedded_catalog(), RuleId::rle_short_row));
  const json& properties = result->at("properties");
  EXPECT_EQ(properties.at("offset"), defective_row_offset(4, "bad", 0));
  EXPECT_EQ(properties.at("member"), "anims/bad.gaf");
  EXPECT_EQ(properties.at("retail"), "garbage");
  const json& location = result->at("locations").at(0);
  EXPECT_EQ(location.at("physicalLocation").at("artifactLocation"),
            json({{"uri", "uploads/mod.ufo"}, {"uriBaseId", "ROOT0"}}));
  EXPECT_EQ(location.at("physicalLocation").at("region"), json({{"startLine", 1}}));
  EXPECT_EQ(location.at("logicalLocations").at(0).at("fullyQualifiedName"),
            "anims/bad.gaf!entry[1]/frame[0]/row[0]");
  const std::string text = result->at("message").at("text");
  EXPECT_NE(text.find("in anims/bad.gaf!entry[1]/frame[0]/row[0])"), std::string::npos) << text;
  EXPECT_EQ(
      result->at("partialFingerprints").at("primaryLocationLineHash").get<std::string>().size(),
      64u + 2u);  // SHA-256 hex, ':', occurrence 1

  const json* note = result_for(log, "header.version-zero", "header/version");
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->at("level"), "note");
  EXPECT_EQ(note->at("properties").at("offset"), 0u);
  EXPECT_EQ(result_for(log, "rle.unused-payload", "entry[1]/frame[0]/row[1]")->at("level"),
            "warning");
  EXPECT_FALSE(run_of(log).contains("artifacts")) << "the github profile lists no artifacts";
  const json& invocation = run_of(log).at("invocations").at(0);
  EXPECT_EQ(invocation.at("exitCode"), 1);
  EXPECT_EQ(invocation.at("executionSuccessful"), true);
  EXPECT_EQ(run_of(log).at("originalUriBaseIds").at("ROOT0").at("description").at("text"),
            "the root tree as given");
}

const json& artifact_location(const json& result) {
  return result.at("locations").at(0).at("physicalLocation").at("artifactLocation");
}

std::string fingerprint_of(const json& result) {
  return result.at("partialFingerprints").at("primaryLocationLineHash");
}

// A file's identity is (root, path, member): one name under two roots, or one member path in the
// archives of two roots, is two files, with two locations and two fingerprints.
TEST(SarifWriter, OneNameUnderTwoRootsIsTwoFiles) {
  const json log = write_sarif(SarifProfile::github,
                               {one(check(defective_gaf(), {}, "left/x.gaf")),
                                one(check(defective_gaf(), {}, "right/x.gaf"))},
                               {"left", "right"});
  const json& results = run_of(log).at("results");
  ASSERT_GE(results.size(), 2u);
  const json& first = results.at(0);
  const auto twin = std::find_if(results.begin() + 1, results.end(), [&](const json& other) {
    return other.at("ruleId") == first.at("ruleId") &&
           other.at("properties").at("structurePath") == first.at("properties").at("structurePath");
  });
  ASSERT_NE(twin, results.end());
  EXPECT_EQ(artifact_location(first), json({{"uri", "x.gaf"}, {"uriBaseId", "ROOT0"}}));
  EXPECT_EQ(artifact_location(*twin), json({{"uri", "x.gaf"}, {"uriBaseId", "ROOT1"}}));
  EXPECT_NE(fingerprint_of(first), fingerprint_of(*twin));

  // Members: the same member path in mod.ufo under two roots.
  const json members = write_sarif(
      SarifProfile::github,
      {check_mod_archive(4, "r1/mod.ufo"), check_mod_archive(4, "r2/mod.ufo")}, {"r1", "r2"});
  std::set<std::string> fingerprints;
  std::set<std::string> bases;
  for (const json& result : run_of(members).at("results")) {
    if (result.at("ruleId") != "rle.short-row" ||
        result.at("properties").at("structurePath") != "entry[1]/frame[0]/row[0]")
      continue;
    EXPECT_EQ(result.at("properties").at("member"), "anims/bad.gaf");
    fingerprints.insert(fingerprint_of(result));
    bases.insert(artifact_location(result).at("uriBaseId").get<std::string>());
  }
  EXPECT_EQ(fingerprints.size(), 2u);
  EXPECT_EQ(bases, (std::set<std::string>{"ROOT0", "ROOT1"}));

  // Two files named as roots: each is relative to its own directory, not to itself.
  const json files = write_sarif(SarifProfile::github,
                                 {one(check(defective_gaf(), {}, "/srv/a/x.gaf")),
                                  one(check(defective_gaf(), {}, "/srv/b/x.gaf"))},
                                 {"/srv/a/x.gaf", "/srv/b/x.gaf"});
  EXPECT_EQ(run_of(files).at("originalUriBaseIds"),
            json({{"ROOT0", {{"uri", "file:///srv/a/"}}}, {"ROOT1", {{"uri", "file:///srv/b/"}}}}));
  EXPECT_EQ(artifact_location(run_of(files).at("results").at(0)).at("uri"), "x.gaf");
}

// However a root is spelled, uris are relative to it, and its base URI is in normal form.
TEST(SarifWriter, RootsSpelledWithExtraSlashesOrDotsNameFilesRelativeToThem) {
  for (const char* root : {"sub//", "./sub/", "sub/./"}) {
    SCOPED_TRACE(root);
    const json log =
        write_sarif(SarifProfile::github, {one(check(defective_gaf(), {}, "sub/d/x.gaf"))}, {root});
    EXPECT_EQ(artifact_location(run_of(log).at("results").at(0)),
              json({{"uri", "d/x.gaf"}, {"uriBaseId", "ROOT0"}}));
  }
  const json absolute = write_sarif(
      SarifProfile::github, {one(check(defective_gaf(), {}, "/srv/sub/x.gaf"))}, {"//srv//sub/"});
  EXPECT_EQ(run_of(absolute).at("originalUriBaseIds").at("ROOT0"),
            json({{"uri", "file:///srv/sub/"}}));
  EXPECT_EQ(artifact_location(run_of(absolute).at("results").at(0)).at("uri"), "x.gaf");
  // Control: one root spelled two ways is one file, one fingerprint.
  const auto fingerprint = [](const char* root) {
    const json log =
        write_sarif(SarifProfile::github, {one(check(defective_gaf(), {}, "sub/x.gaf"))}, {root});
    return fingerprint_of(run_of(log).at("results").at(0));
  };
  EXPECT_EQ(fingerprint("sub//"), fingerprint("./sub"));
}

// Names are the file's own bytes, percent-encoded once: '%' and a byte that is not UTF-8 too.
TEST(SarifWriter, UrisEncodeTheNamesOwnBytes) {
  const json log =
      write_sarif(SarifProfile::github, {one(check(defective_gaf(), {}, "tree/100%\\\xE9.gaf"))});
  EXPECT_EQ(artifact_location(run_of(log).at("results").at(0)).at("uri"), "100%25%5C%E9.gaf");
}

TEST(SarifWriter, CleanFileHasNoResults) {
  const auto clean = one(check(clean_gaf(), {}, "tree/clean.gaf"));
  const json log = write_sarif(SarifProfile::github, {clean}, {"tree"}, 0);
  EXPECT_TRUE(run_of(log).at("results").empty());
  EXPECT_EQ(run_of(log).at("invocations").at(0).at("exitCode"), 0);
  const json binary = write_sarif(SarifProfile::binary, {clean}, {"tree"}, 0);
  EXPECT_TRUE(run_of(binary).at("results").empty());
  ASSERT_EQ(run_of(binary).at("artifacts").size(), 1u) << "a clean file is still an artifact";
}

TEST(SarifWriter, BinaryProfileNestsMembersWithTheirHashes) {
  const auto reports = check_mod_archive(4, "/srv/up/uploads/mod.ufo");
  const json log = write_sarif(SarifProfile::binary, {reports}, {"/srv/up"});
  const json& artifacts = run_of(log).at("artifacts");
  ASSERT_EQ(artifacts.size(), 2u);
  EXPECT_EQ(artifacts[0].at("location"),
            json({{"uri", "uploads/mod.ufo"}, {"uriBaseId", "ROOT0"}}));
  EXPECT_FALSE(artifacts[0].contains("parentIndex"));
  EXPECT_EQ(artifacts[0].at("hashes").at("sha-256"), reports[0].sha256);
  EXPECT_EQ(artifacts[1].at("location"), json({{"uri", "anims/bad.gaf"}}));
  EXPECT_EQ(artifacts[1].at("parentIndex"), 0);
  EXPECT_EQ(artifacts[1].at("hashes").at("sha-256"), reports[1].sha256);
  EXPECT_EQ(artifacts[1].at("length"), reports[1].size);
  EXPECT_EQ(run_of(log).at("originalUriBaseIds").at("ROOT0").at("uri"), "file:///srv/up/");

  const json* result = result_for(log, "rle.reads-past-eof", "entry[1]/frame[1]/row[1]");
  ASSERT_NE(result, nullptr) << log.dump(1);
  const json& physical = result->at("locations").at(0).at("physicalLocation");
  EXPECT_EQ(physical.at("artifactLocation"), json({{"uri", "anims/bad.gaf"}, {"index", 1}}));
  const json expected_region = {{"byteOffset", defective_row_offset(4, "tail", 1)},
                                {"byteLength", result->at("properties").at("length")}};
  EXPECT_EQ(physical.at("region"), expected_region);
  EXPECT_FALSE(physical.at("region").contains("startLine"));
}

TEST(SarifWriter, NestedArchiveMembersPointAtTheirOwnParent) {
  FileReport outer, inner, leaf;
  outer.path = "a.hpi";
  inner.path = "a.hpi!x/inner.hpi";
  inner.member_of = "a.hpi";
  leaf.path = "a.hpi!x/inner.hpi!y/z.gaf";
  leaf.member_of = "a.hpi!x/inner.hpi";
  FileReport second = inner;
  second.path = "a.hpi!w.gaf";
  for (const Grouping grouping : {Grouping::per_input, Grouping::per_report}) {
    const json log =
        write_sarif(SarifProfile::binary, {{outer, inner, leaf, second}}, {"a.hpi"}, 0, grouping);
    const json& artifacts = run_of(log).at("artifacts");
    ASSERT_EQ(artifacts.size(), 4u);
    EXPECT_EQ(artifacts[0].at("location"), json({{"uri", "a.hpi"}, {"uriBaseId", "ROOT0"}}));
    EXPECT_EQ(artifacts[1].at("parentIndex"), 0);
    EXPECT_EQ(artifacts[2].at("location").at("uri"), "y/z.gaf");
    EXPECT_EQ(artifacts[2].at("parentIndex"), 1);
    EXPECT_EQ(artifacts[3].at("location").at("uri"), "w.gaf");
    EXPECT_EQ(artifacts[3].at("parentIndex"), 0) << "back out of the nested archive";
  }
}

TEST(SarifWriter, CheckAndCensusGroupingsWriteTheSameLog) {
  const auto reports = check_mod_archive(4, "tree/mod.ufo");
  for (const SarifProfile profile : {SarifProfile::github, SarifProfile::binary}) {
    const json per_input = write_sarif(profile, {reports}, {"tree"}, 1, Grouping::per_input);
    const json per_report = write_sarif(profile, {reports}, {"tree"}, 1, Grouping::per_report);
    EXPECT_EQ(per_input, per_report);
    const json* result = result_for(per_report, "rle.short-row", "entry[1]/frame[0]/row[0]");
    ASSERT_NE(result, nullptr);
    EXPECT_EQ(result->at("properties").at("member"), "anims/bad.gaf");
  }
}

TEST(SarifWriter, FingerprintsSurviveBytesInsertedBeforeTheFindings) {
  const json narrow =
      write_sarif(SarifProfile::github, {one(check(defective_gaf(4), {}, "tree/x.gaf"))});
  const json wide =
      write_sarif(SarifProfile::github, {one(check(defective_gaf(12), {}, "tree/x.gaf"))});
  const json* before = result_for(narrow, "rle.short-row", "entry[1]/frame[1]/row[1]");
  const json* after = result_for(wide, "rle.short-row", "entry[1]/frame[1]/row[1]");
  ASSERT_TRUE(before && after);
  EXPECT_EQ(before->at("properties").at("offset"), defective_row_offset(4, "tail", 1));
  EXPECT_EQ(after->at("properties").at("offset"), defective_row_offset(12, "tail", 1));
  EXPECT_NE(before->at("properties").at("offset"), after->at("properties").at("offset"));
  EXPECT_EQ(before->at("partialFingerprints"), after->at("partialFingerprints"));
  const json* other = result_for(narrow, "rle.short-row", "entry[1]/frame[0]/row[0]");
  ASSERT_NE(other, nullptr);
  EXPECT_NE(other->at("partialFingerprints"), before->at("partialFingerprints"));
}

TEST(SarifWriter, SuppressedFindingsAreKeptOnlyInTheBinaryProfile) {
  Finding finding;
  finding.rule = RuleId::rle_short_row;
  finding.offset = 9;
  finding.length = 3;
  finding.path = "entry[0]";
  finding.message = "m";
  const SarifLocation location{"x.gaf", "ROOT0", "", 0};
  const json binary =
      sarif_result(finding, location, "f:1", SarifProfile::binary, "retail file, known bad");
  EXPECT_EQ(binary.at("suppressions"),
            json::array({{{"kind", "external"}, {"justification", "retail file, known bad"}}}));
  EXPECT_FALSE(
      sarif_result(finding, location, "f:1", SarifProfile::binary).contains("suppressions"));
}

// Marks a finding suppressed, as a .gafcheck.yaml `suppress:` entry does.
void suppress(Finding& finding, const std::string& justification) {
  finding.suppressed = true;
  finding.justification = justification;
}

TEST(FindingSuppression, ReadsTheFindingsOwnFieldsAndSkipsOnlyFullySuppressedReports) {
  Finding marked, unmarked;
  suppress(marked, "retail art, known bad");
  EXPECT_EQ(suppression_justification(marked), "retail art, known bad");
  EXPECT_FALSE(suppression_justification(unmarked));
  FileReport report;
  EXPECT_FALSE(every_finding_suppressed(report));  // nothing listed: nothing to skip
  report.findings = {marked};
  EXPECT_TRUE(every_finding_suppressed(report));
  report.findings.push_back(unmarked);
  EXPECT_FALSE(every_finding_suppressed(report));
}

TEST(SarifWriter, SuppressedFindingsAreLeftOutOfSarifAndKeptInSarifBinary) {
  auto reports = check_mod_archive(4, "tree/mod.ufo");
  Finding* target = nullptr;
  for (Finding& finding : reports[1].findings)
    if (finding.rule == RuleId::rle_short_row && finding.path == "entry[1]/frame[0]/row[0]")
      target = &finding;
  ASSERT_NE(target, nullptr);
  suppress(*target, "retail art, known bad");
  const json github = write_sarif(SarifProfile::github, {reports});
  EXPECT_EQ(result_for(github, "rle.short-row", "entry[1]/frame[0]/row[0]"), nullptr);
  ASSERT_NE(result_for(github, "rle.short-row", "entry[1]/frame[1]/row[1]"), nullptr);
  EXPECT_EQ(run_of(github).at("results").size(), 4u);
  const json binary = write_sarif(SarifProfile::binary, {reports});
  const json* kept = result_for(binary, "rle.short-row", "entry[1]/frame[0]/row[0]");
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->at("suppressions"),
            json::array({{{"kind", "external"}, {"justification", "retail art, known bad"}}}));
  EXPECT_FALSE(
      result_for(binary, "rle.short-row", "entry[1]/frame[1]/row[1]")->contains("suppressions"));
  const json issues = json::parse(write_format("codeclimate", {"tree"}, {reports}));
  EXPECT_EQ(issues.size(), 4u) << "Code Quality leaves it out";
}

TEST(SarifWriter, HostileNamesKeepTheLogValidJson) {
  const std::string root = "r\xFF";
  FileReport report = check(defective_gaf(), {}, root + "/dir \x01/\xE9\n!x.gaf");
  const json log = write_sarif(SarifProfile::binary, {one(report)}, {root});
  const json& result = run_of(log).at("results").at(0);
  EXPECT_EQ(result.at("locations").at(0).at("physicalLocation").at("artifactLocation").at("uri"),
            "dir%20%01/%E9%0A%21x.gaf");
  EXPECT_EQ(run_of(log).at("originalUriBaseIds").at("ROOT0").at("description").at("text"),
            "the root r\\xFF as given");
}

}  // namespace
}  // namespace gafcheck::testing
