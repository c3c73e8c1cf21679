// Archives through check_input: the archive's own report first, then one report per GAF member,
// checked in memory with offsets relative to the member, named archive!path with member_of.
#include "corpus/builder/taf_builder.hpp"
#include "corpus/builder/tsf_builder.hpp"
#include "tests/support/hpi_helpers.hpp"
#include "validator/hpi/archive_check.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck::testing {
namespace {

using builder::HpiMethod;

builder::HpiSpec mod_with_a_flawed_gaf() {
  auto spec = tidy_hpi();
  // Two entries with one name: entry.name-duplicate inside the member.
  spec.files.push_back({"anims/dupes.gaf", gaf_bytes({"TWIN", "twin"}), HpiMethod::lz77, true});
  return spec;
}

TEST(HpiPipeline, ArchiveReportThenOneReportPerGafMember) {
  const auto reports = check_hpi_input(builder::build_hpi(mod_with_a_flawed_gaf()).bytes);
  ASSERT_EQ(reports.size(), 3u);
  const FileReport& archive = reports[0];
  EXPECT_EQ(archive.format, Format::hpi);
  EXPECT_TRUE(archive.path.ends_with("mod.ufo"));
  ASSERT_TRUE(archive.members.has_value());
  EXPECT_EQ(archive.members->size(), 4u);
  EXPECT_EQ(archive.summary.get("checked_members"), 2u);
  EXPECT_TRUE(archive.members->at(0).checked);
  EXPECT_EQ(archive.members->at(2).path, "readme.txt");
  EXPECT_FALSE(archive.members->at(2).checked);  // listed, not validated

  const FileReport& armcom = reports[1];
  EXPECT_EQ(armcom.path, archive.path + "!anims/armcom.gaf");
  EXPECT_EQ(armcom.member_of, archive.path);
  EXPECT_EQ(armcom.format, Format::gaf);
  EXPECT_EQ(armcom.verdict, Verdict::clean);

  const FileReport& dupes = reports[2];
  EXPECT_EQ(dupes.path, archive.path + "!anims/dupes.gaf");
  // Offsets are relative to the member: the same as checking the member on its own.
  const FileReport alone = check(gaf_bytes({"TWIN", "twin"}));
  const Finding* expected = find_finding(alone, "entry.name-duplicate");
  ASSERT_NE(expected, nullptr);
  EXPECT_FINDING(dupes, "entry.name-duplicate", expected->offset, expected->path);
  EXPECT_EQ(dupes.sha256, alone.sha256);
  EXPECT_EQ(dupes.size, alone.size);
}

TEST(HpiPipeline, EncryptedArchiveGivesTheSameMemberReports) {
  auto spec = mod_with_a_flawed_gaf();
  const auto plain = check_hpi_input(builder::build_hpi(spec).bytes);
  spec.key = 0xA7;
  const auto encrypted = check_hpi_input(builder::build_hpi(spec).bytes);
  ASSERT_EQ(plain.size(), encrypted.size());
  for (std::size_t i = 1; i < plain.size(); ++i) {
    EXPECT_EQ(plain[i].sha256, encrypted[i].sha256);
    EXPECT_EQ(describe(plain[i]), describe(encrypted[i]));
  }
}

TEST(HpiPipeline, MembersBeyondTheRetainedBytesAreDecodedAgain) {
  const auto spec = mod_with_a_flawed_gaf();
  const auto bytes = builder::build_hpi(spec).bytes;
  const std::uint64_t first_size = spec.files[0].data.size();
  Findings findings(embedded_catalog(), 100);
  BudgetMeter budget{BudgetLimits()};
  WalkContext context{ByteView(bytes.data(), bytes.size()), findings, budget};
  FileReport report;
  // Members are kept up to half the account: room for the first GAF only.
  hpi::HeldBytes held(2 * first_size + spec.files[3].data.size());
  hpi::MemberHarvest harvest(BudgetLimits(), held);
  hpi::check_archive(context, 1, report, &harvest);
  ASSERT_EQ(harvest.size(), 2u);
  EXPECT_EQ(held.held(), first_size);
  const auto bytes_of = [](const std::optional<hpi::HeldBuffer>& buffer) {
    return std::vector<std::uint8_t>(buffer->view().bytes().begin(), buffer->view().bytes().end());
  };
  EXPECT_EQ(harvest.path(0), "anims/armcom.gaf");
  auto first = harvest.take(0);
  EXPECT_EQ(bytes_of(first), spec.files[0].data);  // kept
  first.reset();
  EXPECT_EQ(held.held(), 0u);
  EXPECT_EQ(harvest.path(1), "anims/dupes.gaf");
  const auto second = harvest.take(1);
  EXPECT_EQ(bytes_of(second), spec.files[3].data);  // decoded again
  EXPECT_EQ(held.held(), spec.files[3].data.size());
  EXPECT_GT(harvest.used().output, first_size);
  EXPECT_EQ(harvest.used().entries, 6u);  // root 3, anims 2, scripts 1
}

TEST(HpiPipeline, MemberFormatsAreSniffedByContent) {
  const auto gaf = gaf_bytes({"ARMCOM"});
  const auto view = [](const std::vector<std::uint8_t>& bytes) {
    return ByteView(bytes.data(), bytes.size());
  };
  EXPECT_EQ(hpi::member_check_format(view(gaf), "anims/ARMCOM.GAF"), Format::gaf);
  EXPECT_EQ(hpi::member_check_format(view(gaf), "units/misnamed.pcx"), Format::gaf);
  // A palette starting with black looks like a version-0 GAF: only a .gaf name makes it one.
  std::vector<std::uint8_t> palette(1024, 0);
  palette[4] = 1;
  EXPECT_EQ(hpi::member_check_format(view(palette), "palettes/palette.pal"), Format::unknown);
  EXPECT_EQ(hpi::member_check_format(view(palette), "anims/mask.gaf"), Format::gaf);
  const auto archive = builder::build_hpi(tidy_hpi()).bytes;
  EXPECT_EQ(hpi::member_check_format(view(archive), "x.dat"), Format::hpi);
  const std::string text = "[UNITINFO] { name=x; }";
  EXPECT_EQ(
      hpi::member_check_format(
          ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), "units/x.fbi"),
      Format::unknown);
}

TEST(HpiPipeline, LargeMembersAreKeptOnlyWhenTheirContentOrNameSaysSo) {
  builder::GafSpec big_gaf = builder::GafSpec();
  big_gaf.entries.push_back({.name = "HUGE", .frames = {{"f", 1, std::nullopt}}});
  big_gaf.frames.push_back({.id = "f", .width = 300, .height = 300});
  const auto gaf = builder::build_gaf(big_gaf).bytes;
  ASSERT_GT(gaf.size(), 65536u);
  builder::HpiSpec spec;
  spec.files.push_back({"units/misnamed.dat", gaf, HpiMethod::zlib});
  spec.files.push_back({"maps/big.tnt", builder::sample_content(300000, 1), HpiMethod::lz77});
  const auto reports = check_hpi_input(builder::build_hpi(spec).bytes);
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(reports[0].members->at(0).format, Format::gaf);
  EXPECT_EQ(reports[0].members->at(1).format, Format::unknown);
  EXPECT_EQ(reports[0].summary.get("decompressed_bytes"), gaf.size() + 300000u);
  EXPECT_TRUE(reports[1].path.ends_with("!units/misnamed.dat"));
  EXPECT_EQ(reports[1].size, gaf.size());
  EXPECT_EQ(reports[1].verdict, Verdict::clean) << describe(reports[1]);
}

TEST(HpiPipeline, MembersShareTheArchivesPixelBudget) {
  // Thousands of small members each spending a whole file's budget would multiply the time an
  // upload takes: the pixel and RLE-command budgets are the archive's, shared by its members.
  builder::GafSpec sprite;
  sprite.entries.push_back({.name = "S", .frames = {{"f", 1, std::nullopt}}});
  sprite.frames.push_back({.id = "f", .width = 100, .height = 100});
  builder::HpiSpec spec;
  for (int i = 0; i < 3; ++i) {
    sprite.entries[0].name = "S" + std::to_string(i);  // distinct members, each checked
    spec.files.push_back({"anims/s" + std::to_string(i) + ".gaf", builder::build_gaf(sprite).bytes,
                          HpiMethod::zlib});
  }
  CheckOptions options;
  options.limits[BudgetKind::pixels] = 25000;  // two members' 10,000 pixels, not three
  const auto reports = check_hpi_input(builder::build_hpi(spec).bytes, options);
  ASSERT_EQ(reports.size(), 4u);
  EXPECT_EQ(reports[1].verdict, Verdict::clean) << describe(reports[1]);
  EXPECT_EQ(reports[2].verdict, Verdict::clean) << describe(reports[2]);
  EXPECT_FINDING(reports[3], "budget.exceeded", builder::build_gaf(sprite).at("frame:f"),
                 "entry[0]/frame[0]");
  ASSERT_TRUE(reports[3].budget_hit.has_value());
  EXPECT_EQ(reports[3].budget_hit->kind, BudgetKind::pixels);
  // Each alone fits: the budget is what the members share, not a smaller per-file one.
  EXPECT_EQ(check(builder::build_gaf(sprite).bytes, options).verdict, Verdict::clean);
}

TEST(HpiPipeline, KingdomsMembersAreCheckedByTheirOwnReaders) {
  const auto taf = builder::build_taf(builder::simple_taf_spec(4)).bytes;
  const auto tsf = builder::build_tsf(builder::simple_tsf_spec()).bytes;
  builder::HpiSpec spec;
  spec.version = 0x00020000;
  spec.files.push_back({"anims/fire_4444.taf", taf, HpiMethod::zlib});
  spec.files.push_back({"guis/menu.tsf", tsf, HpiMethod::stored});
  spec.files.push_back({"guis/menu.txt", tsf, HpiMethod::stored});  // script-like, not named so
  const auto reports = check_hpi_input(builder::build_hpi(spec).bytes, {}, "kingdoms.hpi");
  ASSERT_EQ(reports.size(), 3u) << describe(reports[0]);
  EXPECT_EQ(reports[0].members->at(2).format, Format::unknown);
  EXPECT_TRUE(reports[1].path.ends_with("!anims/fire_4444.taf"));
  EXPECT_EQ(reports[1].format, Format::taf_truecolor);
  EXPECT_EQ(reports[1].verdict, Verdict::clean) << describe(reports[1]);
  EXPECT_TRUE(reports[2].path.ends_with("!guis/menu.tsf"));
  EXPECT_EQ(reports[2].format, Format::tsf);
  EXPECT_EQ(reports[2].verdict, Verdict::clean) << describe(reports[2]);
}

TEST(HpiPipeline, MembersThatCannotBeDecodedAreListedNotChecked) {
  auto archive = builder::build_hpi_plain(tidy_hpi());
  archive.put_u8(archive.at("chunk:anims/armcom.gaf[0]"), 'X');
  const auto reports = check_hpi_input(archive.bytes);
  ASSERT_EQ(reports.size(), 1u);
  EXPECT_FALSE(reports[0].members->at(0).checked);
  EXPECT_FINDING(reports[0], "hpi.chunk-header", archive.at("chunk:anims/armcom.gaf[0]"),
                 "anims/armcom.gaf/chunk[0]");
}

TEST(HpiPipeline, CheckBytesWithMembersMatchesCheckInput) {
  const auto bytes = builder::build_hpi(mod_with_a_flawed_gaf()).bytes;
  std::vector<FileReport> reports;
  check_bytes_with_members(ByteView(bytes.data(), bytes.size()), "memory.ufo", {},
                           [&reports](FileReport&& report) {
                             record_triggered(report);
                             reports.push_back(std::move(report));
                           });
  ASSERT_EQ(reports.size(), 3u);
  EXPECT_EQ(reports[2].path, "memory.ufo!anims/dupes.gaf");
  EXPECT_EQ(reports[2].member_of, "memory.ufo");
  const auto from_file = check_hpi_input(bytes);
  EXPECT_EQ(describe(reports[2]), describe(from_file[2]));
}

TEST(HpiPipeline, CheckBytesGivesTheArchiveReportOnly) {
  const FileReport report = check_hpi(mod_with_a_flawed_gaf());
  EXPECT_EQ(report.format, Format::hpi);
  EXPECT_EQ(report.summary.get("checked_members"), 0u);
  EXPECT_NO_FINDING(report, "entry.name-duplicate");
}

}  // namespace
}  // namespace gafcheck::testing
