#pragma once
// Test helpers: run the check pipeline on built bytes, find findings, and record which rules the
// suite has triggered (a global test environment fails the run if a catalogue rule never fires).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "corpus/builder/gaf_builder.hpp"
#include "corpus/builder/taf_builder.hpp"
#include "validator/check/check_input.hpp"
#include "validator/core/budget.hpp"

namespace gafcheck::testing {

// Checks the bytes as a file at display_path and records every rule it triggers.
FileReport check(const std::vector<std::uint8_t>& bytes, const CheckOptions& options = {},
                 const std::string& display_path = "test.gaf");
FileReport check(const builder::GafSpec& spec, const CheckOptions& options = {});

// Records a report's rules as triggered (for reports made without check()).
void record_triggered(const FileReport& report);

const Finding* find_finding(const FileReport& report, std::string_view rule);
std::vector<const Finding*> find_all(const FileReport& report, std::string_view rule);
std::size_t count_rule(const FileReport& report, std::string_view rule);
// All listed rule ids, for failure messages.
std::string describe(const FileReport& report);
// How many times the report counted rule (listed or not).
std::uint64_t occurrences(const FileReport& report, RuleId rule);
// True when there is a finding and its message contains text.
bool mentions(const Finding* finding, const std::string& text);
// Asserts that the report was cut by the budget of this kind: the budget.exceeded finding names
// it, and the file is rejected.
void expect_budget(const FileReport& report, BudgetKind kind);

// Checks the bytes as a TA: Kingdoms animation, anims/test.taf.
FileReport check_taf(const std::vector<std::uint8_t>& bytes, const CheckOptions& options = {});
FileReport check_taf(const builder::TafSpec& spec);
std::vector<std::uint8_t> text_bytes(std::string_view text);

// A tidy spec: one entry "ARMCOM" with one 4x4 raw frame "a".
builder::GafSpec simple_spec();

// Adds an entry whose frame "root" has `width` layers, each with `width` layers, ... `levels`
// deep, every level shared: width^levels frame visits from (levels * width + 1) headers.
void add_shared_dag(builder::GafSpec& spec, const std::string& entry_name, int levels, int width);

}  // namespace gafcheck::testing

// Asserts that the report has a finding of rule at offset with path.
#define EXPECT_FINDING(report, rule, offset_value, path_value)                              \
  do {                                                                                      \
    const auto* found_ = ::gafcheck::testing::find_finding((report), (rule));               \
    ASSERT_NE(found_, nullptr) << "no " << (rule)                                           \
                               << " in: " << ::gafcheck::testing::describe(report);         \
    EXPECT_EQ(found_->offset, static_cast<std::uint64_t>(offset_value)) << found_->message; \
    EXPECT_EQ(found_->path, (path_value)) << found_->message;                               \
  } while (0)

#define EXPECT_NO_FINDING(report, rule)                                   \
  EXPECT_EQ(::gafcheck::testing::find_finding((report), (rule)), nullptr) \
      << "unexpected " << (rule) << " in: " << ::gafcheck::testing::describe(report)
