// The engine profiles of gafcheck conflicts: the embedded ones parse and rank archives as the
// engines' sources say (the verified ones), a file name's rank beats its extension's, and a
// profile with a word gafcheck does not know is refused naming it.
#include "validator/modsets/engine_profiles.hpp"

#include <gtest/gtest.h>

#include "validator/base/errors.hpp"

namespace gafcheck::modsets {
namespace {

TEST(EngineProfiles, EmbeddedProfilesParseWithTaTheDefault) {
  const EngineProfiles& profiles = embedded_engine_profiles();
  EXPECT_EQ(profiles.default_engine, "ta");
  for (const char* name : {"ta", "rwe", "ta3d", "kbot-io", "swiftta", "nta", "tadr"}) {
    const EngineProfile* engine = profiles.find(name);
    ASSERT_NE(engine, nullptr) << name;
    EXPECT_FALSE(engine->source.empty()) << name;
  }
  EXPECT_EQ(profiles.find("doom"), nullptr);
}

TEST(EngineProfiles, RweReadsGp3FirstAndLooseFilesBeforeAnyArchive) {
  const EngineProfile& rwe = *embedded_engine_profiles().find("rwe");
  EXPECT_GT(*rwe.archive_rank("a.gp3"), *rwe.archive_rank("a.gpf"));
  EXPECT_GT(*rwe.archive_rank("a.gpf"), *rwe.archive_rank("a.ccx"));
  EXPECT_GT(*rwe.archive_rank("a.ccx"), *rwe.archive_rank("a.ufo"));
  EXPECT_GT(*rwe.archive_rank("a.ufo"), *rwe.archive_rank("a.hpi"));
  EXPECT_GT(*rwe.loose_rank, *rwe.archive_rank("a.gp3"));
  EXPECT_FALSE(rwe.last_wins);
}

TEST(EngineProfiles, Ta3dRanksTa3dHpiByNameAboveGp3AndHpiEqualToUfo) {
  const EngineProfile& ta3d = *embedded_engine_profiles().find("ta3d");
  EXPECT_EQ(*ta3d.archive_rank("ta3d.hpi"), 3);
  EXPECT_EQ(*ta3d.archive_rank("other.hpi"), *ta3d.archive_rank("other.ufo"));
  EXPECT_GT(*ta3d.archive_rank("a.gp3"), *ta3d.archive_rank("a.ccx"));
  EXPECT_EQ(*ta3d.loose_rank, 0xFFFF);
}

TEST(EngineProfiles, SwiftTaReadsNoLooseFileAndUfoFirst) {
  const EngineProfile& swiftta = *embedded_engine_profiles().find("swiftta");
  EXPECT_FALSE(swiftta.loose_rank.has_value());
  EXPECT_GT(*swiftta.archive_rank("a.ufo"), *swiftta.archive_rank("a.gp3"));
  EXPECT_FALSE(swiftta.archive_rank("readme.txt").has_value());
}

TEST(EngineProfiles, UnknownWinnerWordIsRefused) {
  const char* yaml =
      "default: x\nengines:\n  - {name: x, title: X, archives: {hpi: 0}, order: name,\n"
      "     winner: middle, case_fold: true, subfolders: false, source: s}\n";
  try {
    parse_engine_profiles(yaml);
    FAIL() << "accepted winner: middle";
  } catch (const InternalError& error) {
    EXPECT_NE(std::string(error.what()).find("winner is first or last, not middle"),
              std::string::npos);
  }
}

TEST(EngineProfiles, ArchiveExtensionsAreTheHpiFamily) {
  for (const char* extension : {"hpi", "ufo", "ccx", "gp3", "gpf"})
    EXPECT_TRUE(is_archive_extension(extension)) << extension;
  EXPECT_FALSE(is_archive_extension("gaf"));
}

}  // namespace
}  // namespace gafcheck::modsets
