#include "tests/support/check_helpers.hpp"

#include <set>

#include "validator/rules/catalog.hpp"

namespace gafcheck::testing {
namespace {

std::set<std::string>& triggered_rules() {
  static std::set<std::string> rules;
  return rules;
}

// Fails the run when the whole suite ran and some catalogue rule was never triggered.
class RuleCoverageEnvironment : public ::testing::Environment {
 public:
  void TearDown() override {
    const std::string filter = ::testing::GTEST_FLAG(filter);
    if (filter != "*" || ::testing::UnitTest::GetInstance()->failed_test_count() > 0) return;
    for (const RuleInfo& rule : embedded_catalog().rules())
      EXPECT_TRUE(triggered_rules().count(rule.id))
          << "catalogue rule " << rule.id << " is triggered by no test";
  }
};

const auto* const coverage_environment =
    ::testing::AddGlobalTestEnvironment(new RuleCoverageEnvironment);

}  // namespace

void record_triggered(const FileReport& report) {
  for (std::size_t i = 0; i < rule_count; ++i)
    if (report.rule_counts[i] != 0) triggered_rules().insert(std::string(rule_names[i]));
}

FileReport check(const std::vector<std::uint8_t>& bytes, const CheckOptions& options,
                 const std::string& display_path) {
  FileReport report = check_bytes(ByteView(bytes.data(), bytes.size()), display_path, options);
  record_triggered(report);
  return report;
}

FileReport check(const builder::GafSpec& spec, const CheckOptions& options) {
  return check(builder::build_gaf(spec).bytes, options);
}

const Finding* find_finding(const FileReport& report, std::string_view rule) {
  for (const Finding& finding : report.findings)
    if (rule_name(finding.rule) == rule) return &finding;
  return nullptr;
}

std::vector<const Finding*> find_all(const FileReport& report, std::string_view rule) {
  std::vector<const Finding*> found;
  for (const Finding& finding : report.findings)
    if (rule_name(finding.rule) == rule) found.push_back(&finding);
  return found;
}

std::size_t count_rule(const FileReport& report, std::string_view rule) {
  return find_all(report, rule).size();
}

std::string describe(const FileReport& report) {
  std::string text = "[";
  for (const Finding& finding : report.findings) {
    if (text.size() > 1) text += ", ";
    text += std::string(rule_name(finding.rule)) + "@" + std::to_string(finding.offset) + " " +
            finding.path;
  }
  return text + "] verdict " + std::string(verdict_name(report.verdict));
}

std::uint64_t occurrences(const FileReport& report, RuleId rule) {
  return report.rule_counts[static_cast<std::size_t>(rule)];
}

bool mentions(const Finding* finding, const std::string& text) {
  return finding && finding->message.find(text) != std::string::npos;
}

void expect_budget(const FileReport& report, BudgetKind kind) {
  ASSERT_TRUE(report.budget_hit.has_value()) << describe(report);
  EXPECT_EQ(report.budget_hit->kind, kind);
  const Finding* finding = find_finding(report, "budget.exceeded");
  ASSERT_NE(finding, nullptr) << describe(report);
  EXPECT_NE(finding->message.find("'" + std::string(budget_spec(kind).name) + "'"),
            std::string::npos)
      << finding->message;
  EXPECT_EQ(report.verdict, Verdict::rejected);
}

FileReport check_taf(const std::vector<std::uint8_t>& bytes, const CheckOptions& options) {
  return check(bytes, options, "anims/test.taf");
}

FileReport check_taf(const builder::TafSpec& spec) {
  return check_taf(builder::build_taf(spec).bytes);
}

std::vector<std::uint8_t> text_bytes(std::string_view text) {
  return {text.begin(), text.end()};
}

builder::GafSpec simple_spec() {
  builder::GafSpec spec;
  builder::EntrySpec entry;
  entry.name = "ARMCOM";
  entry.frames.push_back({"a", 1, std::nullopt});
  spec.entries.push_back(entry);
  builder::FrameSpec frame;
  frame.id = "a";
  spec.frames.push_back(frame);
  return spec;
}

void add_shared_dag(builder::GafSpec& spec, const std::string& entry_name, int levels, int width) {
  spec.entries.push_back({.name = entry_name, .frames = {{"root", 1, std::nullopt}}});
  const auto id = [](int level, int i) {
    return "L" + std::to_string(level) + "_" + std::to_string(i);
  };
  builder::FrameSpec root{.id = "root"};
  for (int i = 0; i < width; ++i) root.children.push_back(id(1, i));
  spec.frames.push_back(root);
  for (int level = 1; level <= levels; ++level) {
    for (int i = 0; i < width; ++i) {
      builder::FrameSpec frame{.id = id(level, i)};
      if (level < levels)
        for (int k = 0; k < width; ++k) frame.children.push_back(id(level + 1, k));
      spec.frames.push_back(frame);
    }
  }
}

}  // namespace gafcheck::testing
