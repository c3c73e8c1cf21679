// The offset-free finding fingerprint shared by the SARIF and Code Quality writers.
#include <gtest/gtest.h>

#include "reports/finding_fingerprint.hpp"
#include "reports/finding_match.hpp"

namespace gafcheck::testing {
namespace {

Finding finding(RuleId rule, std::string path, std::uint64_t offset) {
  Finding made;
  made.rule = rule;
  made.path = std::move(path);
  made.offset = offset;
  made.length = 4;
  made.message = "at " + std::to_string(offset);
  return made;
}

TEST(FindingFingerprint, IgnoresOffsetLengthAndMessage) {
  const FindingPlace place{"mods/x.ufo", "anims/a.gaf"};
  Finding moved = finding(RuleId::rle_short_row, "entry[1]/frame[0]/row[2]", 200);
  moved.length = 9;
  EXPECT_EQ(
      fingerprint_hash(place, finding(RuleId::rle_short_row, "entry[1]/frame[0]/row[2]", 100)),
      fingerprint_hash(place, moved));
}

TEST(FindingFingerprint, RuleFileMemberAndStructurePathEachCount) {
  const Finding base = finding(RuleId::rle_short_row, "entry[1]", 8);
  const std::string hash = fingerprint_hash({"x.ufo", "a.gaf"}, base);
  EXPECT_EQ(hash.size(), 64u);
  EXPECT_NE(hash, fingerprint_hash({"y.ufo", "a.gaf"}, base));
  EXPECT_NE(hash, fingerprint_hash({"x.ufo", "b.gaf"}, base));
  EXPECT_NE(hash, fingerprint_hash({"x.ufo", ""}, base));
  EXPECT_NE(hash,
            fingerprint_hash({"x.ufo", "a.gaf"}, finding(RuleId::rle_overrun, "entry[1]", 8)));
  EXPECT_NE(hash,
            fingerprint_hash({"x.ufo", "a.gaf"}, finding(RuleId::rle_short_row, "entry[2]", 8)));
  // The parts cannot run into each other, whatever bytes a name holds.
  EXPECT_NE(fingerprint_hash({"a\nb", ""}, base), fingerprint_hash({"a", "b"}, base));
}

// A file's identity is (root, path, member): x.gaf under two roots is two files.
TEST(FindingFingerprint, TheRootIsPartOfTheIdentity) {
  const Finding base = finding(RuleId::entry_alias, "entry[1]", 8);
  const std::string in_a = fingerprint_hash({"x.gaf", "", "a"}, base);
  EXPECT_NE(in_a, fingerprint_hash({"x.gaf", "", "b"}, base));
  EXPECT_NE(fingerprint_hash({"mod.ufo", "anims/x.gaf", "r1"}, base),
            fingerprint_hash({"mod.ufo", "anims/x.gaf", "r2"}, base));
  EXPECT_NE(in_a, fingerprint_hash({"a/x.gaf", "", ""}, base)) << "the parts stay apart";
  EXPECT_NE(fingerprint_hash({"b", "c", "a"}, base), fingerprint_hash({"a\nb", "c", ""}, base));
  // Control: no root (the working directory) keeps the key it always had.
  EXPECT_EQ(fingerprint_key({"x.gaf", "m.gaf", ""}, base),
            "x.gaf\nm.gaf\n" + finding_key("entry.alias", "entry[1]"));
  EXPECT_EQ(fingerprint_key({"x.gaf", "m.gaf", "a"}, base),
            "a\nx.gaf\nm.gaf\n" + finding_key("entry.alias", "entry[1]"));
}

TEST(FindingFingerprint, BuildsOnTheKeyDiffMatchesBy) {
  const Finding base = finding(RuleId::entry_alias, "entry[1]", 8);
  const std::string key = fingerprint_key({"x.gaf", ""}, base);
  const std::string diff_key = finding_key("entry.alias", "entry[1]");
  EXPECT_EQ(key.substr(key.size() - diff_key.size()), diff_key);
}

TEST(FindingFingerprint, SameKeyFindingsAreNumberedInFileOrder) {
  FingerprintCounter counter;
  const FindingPlace place{"x.gaf", ""};
  const Finding a = finding(RuleId::rle_short_row, "entry[0]", 10);
  const Finding b = finding(RuleId::rle_short_row, "entry[0]", 30);
  const Finding c = finding(RuleId::rle_overrun, "entry[0]", 20);
  const std::string first = counter.fingerprint(place, a);
  const std::string other = counter.fingerprint(place, c);
  const std::string second = counter.fingerprint(place, b);
  const std::string hash = fingerprint_hash(place, a);
  EXPECT_EQ(first, hash + ":1");
  EXPECT_EQ(second, hash + ":2");
  EXPECT_EQ(other, fingerprint_hash(place, c) + ":1");
  // A new counter (the next file report) starts again at 1.
  EXPECT_EQ(FingerprintCounter().fingerprint(place, b), hash + ":1");
}

}  // namespace
}  // namespace gafcheck::testing
