// "Did you mean": the nearest published name to a mistyped one, and plurals for people.
#include <gtest/gtest.h>

#include <array>

#include "validator/core/near_names.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/rule_id.hpp"

namespace gafcheck::testing {
namespace {

constexpr std::array<std::string_view, 5> known_options = {"fail-on", "format", "output", "profile",
                                                           "quiet"};

TEST(NearestName, TyposWithinTheirBudgetFindTheName) {
  EXPECT_EQ(nearest_name("fial-on", known_options), "fail-on") << "a swap is one edit";
  EXPECT_EQ(nearest_name("fromat", known_options), "format");
  EXPECT_EQ(nearest_name("profle", known_options), "profile") << "a letter left out";
  EXPECT_EQ(nearest_name("outptu", known_options), "output");
  EXPECT_EQ(nearest_name("explain", std::array<std::string_view, 2>{"explain", "extract"}),
            "explain")
      << "the exact name is its own nearest";
}

TEST(NearestName, PartsOfALongerNameFindIt) {
  EXPECT_EQ(nearest_name("slack", rule_names), "hpi.slack");
  EXPECT_EQ(nearest_name("entry.name-trailing", rule_names), "entry.name-trailing-bytes");
}

TEST(NearestName, NothingNearGivesNothing) {
  EXPECT_EQ(nearest_name("zzzzzz", known_options), std::nullopt);
  EXPECT_EQ(nearest_name("qu", known_options), std::nullopt) << "too short for an edit";
  EXPECT_EQ(nearest_name("out", known_options), std::nullopt) << "too short to be a part";
  EXPECT_EQ(nearest_name("", known_options), std::nullopt);
  EXPECT_EQ(nearest_name(std::string(65, 'a'), known_options), std::nullopt);
  EXPECT_EQ(nearest_name("frobnicate", rule_names), std::nullopt);
}

TEST(DidYouMean, SaysTheNameWithItsPrefix) {
  EXPECT_EQ(did_you_mean("fial-on", known_options, "--"), "; did you mean '--fail-on'?");
  EXPECT_EQ(did_you_mean("zzzzzz", known_options, "--"), "");
}

TEST(Counted, OneIsSingularEveryOtherCountPlural) {
  EXPECT_EQ(counted(1, "error"), "1 error");
  EXPECT_EQ(counted(2, "error"), "2 errors");
  EXPECT_EQ(counted(0, "file"), "0 files");
  EXPECT_EQ(counted(1, "info", "info"), "1 info");
  EXPECT_EQ(counted(3, "info", "info"), "3 info");
}

}  // namespace
}  // namespace gafcheck::testing
