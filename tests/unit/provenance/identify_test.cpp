// gafcheck identify: fixtures written in each tool's habits (laid out here, never copies of the
// tools' output) name the tool with the facts that matched; fixtures mixing two tools' habits are
// unknown. Also the packer trailer that hpi.slack no longer reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/support/hpi_helpers.hpp"
#include "validator/gaf/gaf_layout.hpp"
#include "validator/provenance/identify.hpp"

namespace gafcheck::testing {
namespace {

using builder::HpiMethod;

constexpr std::string_view hpipack_trailer =
    "HPIPack by Joe D (joed@cws.org) FNORD Total Annihilation Copyright 1997 Cavedog "
    "Entertainment";

provenance::WriterIdentity identify(const std::vector<std::uint8_t>& bytes) {
  return provenance::identify_writer(ByteView(bytes.data(), bytes.size()));
}

bool has_basis(const provenance::WriterIdentity& identity, const std::string& fact) {
  return std::find(identity.basis.begin(), identity.basis.end(), fact) != identity.basis.end();
}

// An archive in HPIPack's habits: LZ77 members, header key 0x7D, obfuscated chunks, and its
// trailer in place of the bare Cavedog footer.
std::vector<std::uint8_t> hpipack_archive(std::string_view extra = "") {
  builder::HpiSpec spec;
  spec.key = 0x7D;
  spec.footer = false;
  spec.hpipack_lz77 = true;
  for (const char* path : {"anims/armcom.gaf", "readme.txt"})
    spec.files.push_back({path, builder::sample_content(3000, 7), HpiMethod::lz77, true});
  auto bytes = builder::build_hpi(spec).bytes;
  bytes.insert(bytes.end(), hpipack_trailer.begin(), hpipack_trailer.end());
  bytes.insert(bytes.end(), extra.begin(), extra.end());
  return bytes;
}

TEST(Identify, HpiPackArchiveIsNamedByItsTrailer) {
  const auto identity = identify(hpipack_archive());
  EXPECT_EQ(identity.tool, "HPIPack (HPIUtil.dll)");
  EXPECT_EQ(identity.confidence, "certain");
  EXPECT_TRUE(has_basis(identity, "hpi.trailer = " + std::string(hpipack_trailer)));
  EXPECT_TRUE(has_basis(identity, "hpi.key-method = 0x7d lz77"));
  EXPECT_TRUE(has_basis(identity, "hpi.chunk-encrypted = 1"));
}

TEST(Identify, ExactPackerTrailerIsNotSlack) {
  const FileReport report = check_hpi(hpipack_archive());
  EXPECT_NO_FINDING(report, "hpi.slack");
  EXPECT_NO_FINDING(report, "hpi.footer");
}

TEST(Identify, BytesAfterAPackerTrailerAreSlack) {
  const auto plain = hpipack_archive();
  const FileReport report = check_hpi(hpipack_archive("HIDDEN"));
  EXPECT_FINDING(report, "hpi.slack", plain.size(), "slack");
  EXPECT_EQ(find_finding(report, "hpi.slack")->length, 6u);
}

// HPIZ Archiver's habits: key 0, plain zlib chunks at level 9 (78 DA), names sorted ignoring
// case, the Cavedog footer.
TEST(Identify, HpizArchiveIsLikelyHpiz) {
  builder::HpiSpec spec;
  for (const char* path : {"anims/ArmCom.gaf", "anims/corcom.gaf", "Readme.txt"})
    spec.files.push_back({path, builder::sample_content(2000, 3), HpiMethod::zlib});
  const auto identity = identify(builder::build_hpi(spec).bytes);
  EXPECT_EQ(identity.tool, "HPIZ Archiver");
  EXPECT_EQ(identity.confidence, "likely");
  EXPECT_TRUE(has_basis(identity, "hpi.zlib-header = 78 da"));
  EXPECT_TRUE(has_basis(identity, "hpi.directory-order = case-insensitive"));
  EXPECT_TRUE(has_basis(identity, "hpi.chunk-encrypted = 0"));
}

TEST(Identify, HpiPackTrailerWithHpizChunksIsUnknown) {
  builder::HpiSpec spec;
  spec.footer = false;
  spec.files.push_back({"a.txt", builder::sample_content(2000, 3), HpiMethod::zlib});
  auto bytes = builder::build_hpi(spec).bytes;
  bytes.insert(bytes.end(), hpipack_trailer.begin(), hpipack_trailer.end());
  const auto identity = identify(bytes);
  EXPECT_EQ(identity.tool, "unknown");
  EXPECT_EQ(identity.confidence, "none");
}

// kbot-io's HPI habits: retail defaults, key 0xBF with LZ77 and the 1997 footer.
TEST(Identify, KbotIoArchiveIsOnlyPossible) {
  builder::HpiSpec spec;
  spec.key = 0xBF;
  spec.files.push_back({"a.txt", builder::sample_content(2000, 3), HpiMethod::lz77});
  const auto identity = identify(builder::build_hpi(spec).bytes);
  EXPECT_EQ(identity.tool, "kbot-io");
  EXPECT_EQ(identity.confidence, "possible");
  EXPECT_TRUE(has_basis(identity, "hpi.key-method = 0xbf lz77"));
}

// A GAF laid out by hand in one tool's order after the header and entry table. kbot-io: the
// entry, then the frame header followed at once by its RLE pixels. GafExplode: the pixels first,
// then the frame header, then the entry. Its two 2-pixel rows are pixel 3 then the key, encoded
// as GafExplode does (a one-pixel literal, a one-pixel skip) or, with `skip_rows`, as two skips
// of the whole row (which GafExplode writes as empty rows).
enum class Layout { kbot_io, gafexplode };

std::vector<std::uint8_t> habit_gaf(Layout layout, std::uint32_t entry_unknown,
                                    bool skip_rows = false) {
  using namespace gaf::layout_detail;
  std::vector<std::uint8_t> pixels;
  for (int row = 0; row < 2; ++row) {
    const std::vector<std::uint8_t> payload =
        skip_rows ? std::vector<std::uint8_t>{0x05} : std::vector<std::uint8_t>{0x00, 3, 0x03};
    append_u16(pixels, static_cast<std::uint16_t>(payload.size()));
    pixels.insert(pixels.end(), payload.begin(), payload.end());
  }
  const bool pixels_first = layout == Layout::gafexplode;
  const std::uint32_t table_end = gaf::header_size + gaf::entry_slot_size;
  const std::uint32_t entry_size = gaf::entry_header_size + gaf::frame_ref_size;
  const auto pixel_size = static_cast<std::uint32_t>(pixels.size());
  const std::uint32_t header_at = pixels_first ? table_end + pixel_size : table_end + entry_size;
  const std::uint32_t entry_at = pixels_first ? header_at + gaf::frame_header_size : table_end;

  gaf::EntryHeader entry;
  entry.frame_count = 1;
  entry.loop_word = pixels_first ? 1 : 0;  // GafExplode sets it, kbot-io never does
  entry.unknown = entry_unknown;
  std::copy_n("ARMCOM", 6, entry.name.begin());
  std::vector<std::uint8_t> entry_bytes;
  gaf::append_entry_header(entry_bytes, entry);
  append_u32(entry_bytes, header_at);
  append_u32(entry_bytes, 1);  // duration

  gaf::FrameHeader frame;
  frame.width = 2;
  frame.height = 2;
  frame.color_key = 9;
  frame.compressed = 1;
  frame.data_offset = pixels_first ? table_end : header_at + gaf::frame_header_size;
  std::vector<std::uint8_t> frame_bytes;
  gaf::append_frame_header(frame_bytes, frame);

  std::vector<std::uint8_t> out;
  gaf::append_file_header(out, {gaf::version_standard, 1, 0});
  append_u32(out, entry_at);
  const auto put = [&out](const std::vector<std::uint8_t>& part) {
    out.insert(out.end(), part.begin(), part.end());
  };
  if (pixels_first) {
    put(pixels);
    put(frame_bytes);
    put(entry_bytes);
  } else {
    put(entry_bytes);
    put(frame_bytes);
    put(pixels);
  }
  return out;
}

// Rows of whole-row skips: kbot-io's encoding (GafExplode and gafcheck write such a row empty),
// with its layout and its loop word.
TEST(Identify, KbotIoGafHasPixelsAfterEachFrameHeader) {
  const auto identity = identify(habit_gaf(Layout::kbot_io, 0, true));
  EXPECT_EQ(identity.tool, "kbot-io") << ::testing::PrintToString(identity.basis);
  EXPECT_EQ(identity.confidence, "certain");
  EXPECT_TRUE(has_basis(identity, "gaf.entry-loop-word = 0"));
  EXPECT_TRUE(has_basis(identity, "gaf.pixel-placement = after-frame-header, after-headers"));
  EXPECT_TRUE(has_basis(identity, "gaf.rle-rows-as-kbot-io = yes"));
  EXPECT_TRUE(has_basis(identity, "gaf.rle-rows-exact = yes"));
}

TEST(Identify, GafExplodeGafHasPixelsFirstAndItsEncodersRows) {
  const auto identity = identify(habit_gaf(Layout::gafexplode, 0));
  EXPECT_EQ(identity.tool, "GafExplode") << ::testing::PrintToString(identity.basis);
  EXPECT_EQ(identity.confidence, "certain");
  EXPECT_TRUE(has_basis(identity, "gaf.rle-rows-as-gafexplode = yes"));
  EXPECT_TRUE(has_basis(identity, "gaf.pixel-placement = before-entries"));
  EXPECT_TRUE(has_basis(identity, "gaf.entry-unknown = 0 (common to most writers)"));
}

// Habits of two tools mixed: kbot-io's layout with a reserved word kbot-io does not write.
TEST(Identify, MixedHabitsAreUnknown) {
  EXPECT_EQ(identify(habit_gaf(Layout::kbot_io, 1, true)).tool, "unknown");
}

// GafExplode's layout with rows its encoder would not write (another tool may have re-encoded
// them): the layout still points at it, without the certainty its own rows give.
TEST(Identify, GafExplodeLayoutWithOtherRowsIsOnlyPossible) {
  const auto identity = identify(habit_gaf(Layout::gafexplode, 0, true));
  EXPECT_EQ(identity.tool, "GafExplode") << ::testing::PrintToString(identity.basis);
  EXPECT_EQ(identity.confidence, "possible");
  EXPECT_TRUE(has_basis(identity, "gaf.rle-rows-as-gafexplode = no (does not support)"));
}

// A reserved word of 1 is accepted: a description of GafExplode gives 1 for its "unknown field",
// which in its source is the loop word.
TEST(Identify, GafExplodeWithReservedWordOneIsStillGafExplode) {
  EXPECT_EQ(identify(habit_gaf(Layout::gafexplode, 1)).tool, "GafExplode");
}

TEST(Identify, CommonFactsAloneNameNoTool) {
  const provenance::ObservedFacts facts = {
      {"gaf.version", "0x00010100"}, {"gaf.entry-loop-word", "1"}, {"gaf.entry-unknown", "0"}};
  const auto identity = provenance::match_writer(facts, Format::gaf);
  EXPECT_EQ(identity.tool, "unknown");
}

TEST(Identify, RetailTerrainGafHasVersionZeroAndTrailingWord) {
  auto spec = simple_spec();
  spec.version = 0;
  spec.frames[0].unknown3 = 0x12345678;
  const auto identity = identify(builder::build_gaf(spec).bytes);
  EXPECT_EQ(identity.tool, "Cavedog (retail terrain.gaf, vismasks.gaf)");
  EXPECT_TRUE(has_basis(identity, "gaf.frame-last-field = nonzero"));
  spec.frames[0].unknown3 = 0;  // version 0 alone is not enough
  EXPECT_NE(identify(builder::build_gaf(spec).bytes).tool,
            "Cavedog (retail terrain.gaf, vismasks.gaf)");
}

TEST(Identify, MatchingIsByTheCatalogueRows) {
  const provenance::ObservedFacts level9 = {{"gaf.version", "0x00010101"},
                                            {"gaf.ta3d-payload", "zlib 78 da"}};
  const auto identity = provenance::match_writer(level9, Format::ta3d_gaf);
  EXPECT_EQ(identity.tool, "TA3D create_gaf");
  EXPECT_EQ(identity.confidence, "certain");
  EXPECT_EQ(provenance::match_writer(level9, Format::gaf).tool, "unknown");
  // zlib at another level is not what create_gaf writes; JPEG payloads are an older TA3D's.
  EXPECT_EQ(
      provenance::match_writer({{"gaf.version", "0x00010101"}, {"gaf.ta3d-payload", "zlib 78 9c"}},
                               Format::ta3d_gaf)
          .tool,
      "unknown");
  const auto jpeg = provenance::match_writer(
      {{"gaf.version", "0x00010101"}, {"gaf.ta3d-payload", "jpeg"}}, Format::ta3d_gaf);
  EXPECT_EQ(jpeg.versions, "an older TA3D (JPEG payloads)");
  EXPECT_EQ(jpeg.confidence, "likely");
}

}  // namespace
}  // namespace gafcheck::testing
