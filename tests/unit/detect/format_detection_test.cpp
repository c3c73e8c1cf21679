// Detection by content (docs/format/gaf.md §6-§8, DESIGN.md data flow), the name-only refinements,
// and the foreign TA3D variant.
#include "corpus/builder/ta3d_builder.hpp"
#include "corpus/builder/taf_builder.hpp"
#include "corpus/builder/tsf_builder.hpp"
#include "tests/support/check_helpers.hpp"
#include "validator/detect/extension.hpp"
#include "validator/detect/sniff.hpp"

namespace gafcheck::testing {
namespace {

using builder::build_gaf;
using builder::build_taf;
using builder::build_tsf;

ByteView view(const std::vector<std::uint8_t>& bytes) {
  return ByteView(bytes.data(), bytes.size());
}

// A TA3D-style file: the GAF layout under version 0x00010101, frames whose format byte and payload
// are TA3D's own (here 2 and zlib-looking bytes).
builder::GafSpec ta3d_spec(int frames = 1) {
  builder::GafSpec spec;
  spec.version = 0x00010101;
  builder::EntrySpec entry{.name = "ta3d_fire"};
  for (int i = 0; i < frames; ++i) {
    const std::string id = "p" + std::to_string(i);
    entry.frames.push_back({id, 1, std::nullopt});
    spec.frames.push_back({.id = id,
                           .width = 32,
                           .height = 32,
                           .compressed = 2,
                           .layer_count = 3,
                           .alt_byte = 7,
                           .data = std::vector<std::uint8_t>{0x78, 0x9C, 0x01, 0x02}});
  }
  spec.entries.push_back(entry);
  return spec;
}

std::vector<std::uint8_t> hpi_bytes() {
  std::vector<std::uint8_t> bytes = {'H', 'A', 'P', 'I', 0x00, 0x00, 0x01, 0x00};
  bytes.resize(64, 0);
  return bytes;
}

TEST(FormatDetection, ContentDecidesTheFormat) {
  EXPECT_EQ(sniff_format(view(build_gaf(simple_spec()).bytes)), Format::gaf);
  EXPECT_EQ(sniff_format(view(build_taf(builder::simple_taf_spec(4)).bytes)),
            Format::taf_truecolor);
  EXPECT_EQ(sniff_format(view(build_gaf(ta3d_spec()).bytes)), Format::ta3d_gaf);
  EXPECT_EQ(sniff_format(view(hpi_bytes())), Format::hpi);
  EXPECT_EQ(sniff_format(view(build_tsf(builder::simple_tsf_spec()).bytes)), Format::tsf);
  EXPECT_EQ(sniff_format(view(text_bytes("  /* c */ // d\n[A]{[Frame0]{}}"))), Format::tsf);
  EXPECT_EQ(sniff_format(view(text_bytes("[A] { [FRAME0] { } }"))), Format::tsf);
  // TA's TDF/FBI/GUI files share the syntax but have no frame sections: not inputs by content.
  EXPECT_EQ(sniff_format(view(text_bytes("[UNITINFO]\n{\n  Name=Commander;\n}"))), Format::unknown);
  EXPECT_EQ(refine_format_by_name(Format::unknown, view(text_bytes("[A] { }")), "x.tsf"),
            Format::tsf);
  EXPECT_EQ(sniff_format(view(text_bytes("hello world, not a script"))), Format::unknown);
  EXPECT_EQ(sniff_format(view(text_bytes("/* never closed [A]"))), Format::unknown);
  EXPECT_NE(sniff_format(view(text_bytes(std::string("[A]\0\0\0\0\0\0\0\0", 11)))),
            Format::tsf);  // binary: NUL bytes
}

TEST(FormatDetection, ZeroWordsAloneDoNotMakeAGaf) {
  // Other binaries often hold zero words at +0 or +4 (a WAV chunk, a map header): by content alone
  // they need a plausible entry table, or a bare 12-byte header.
  std::vector<std::uint8_t> zero_count = {'R', 'I', 'F', 'F', 0, 0, 0, 0, 'W', 'A', 'V', 'E'};
  EXPECT_EQ(sniff_format(view(zero_count)), Format::gaf);  // exactly a header: an empty GAF
  zero_count.resize(301, 0x7F);
  EXPECT_EQ(sniff_format(view(zero_count)), Format::unknown);
  std::vector<std::uint8_t> zero_version(64, 0);
  zero_version[4] = 3;  // three entry slots pointing at offset 0: no entry can lie there
  EXPECT_EQ(sniff_format(view(zero_version)), Format::unknown);
  // Named as a sprite file, a version-0 file (the mask files' version) is checked as one.
  const FileReport named = check(zero_version, {}, "anims/VISMASKS.GAF");
  EXPECT_EQ(named.format, Format::gaf);
  EXPECT_NO_FINDING(named, "format.unknown");
  EXPECT_EQ(check(zero_version, {}, "mask.bin").format, Format::unknown);
}

TEST(FormatDetection, PaletteFrameBytesMakeAGafWhateverTheCount) {
  // One sequence, but a frame with format byte 1 (RLE): a paletted GAF.
  auto spec = builder::simple_taf_spec(5);
  spec.frames[1].format = 1;
  EXPECT_EQ(sniff_format(view(build_taf(spec).bytes)), Format::gaf);
}

TEST(FormatDetection, GafNamedTafIsAPalettedTaf) {
  const FileReport report = check(build_gaf(simple_spec()).bytes, {}, "anims/ARAFIRE.TAF");
  EXPECT_EQ(report.format, Format::taf_paletted);
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_EQ(report.summary.get("raw_leaves"), 1u);
}

TEST(FormatDetection, GafLayoutWithoutFramesIsTruecolorOnlyWhenNamedTaf) {
  auto spec = builder::simple_taf_spec(5, 0);
  const auto bytes = build_taf(spec).bytes;
  EXPECT_EQ(check(bytes, {}, "x.taf").format, Format::taf_truecolor);
  const FileReport as_gaf = check(bytes, {}, "x.gaf");
  EXPECT_EQ(as_gaf.format, Format::gaf);
  EXPECT_NO_FINDING(as_gaf, "format.extension-mismatch");
}

TEST(FormatDetection, ExtensionsNamingAnotherFormatAreReported) {
  const auto taf = build_taf(builder::simple_taf_spec()).bytes;
  const FileReport report = check(taf, {}, "units/ARMCOM.GAF");
  EXPECT_EQ(report.format, Format::taf_truecolor);
  EXPECT_FINDING(report, "format.extension-mismatch", 0, "");
  EXPECT_NE(find_finding(report, "format.extension-mismatch")->message.find(".gaf"),
            std::string::npos);
  EXPECT_EQ(report.verdict, Verdict::warnings);

  const std::vector<std::pair<std::vector<std::uint8_t>, std::string>> mismatches = {
      {build_tsf(builder::simple_tsf_spec(1)).bytes, "/nonexistent/menu.gaf"},
      {build_gaf(simple_spec()).bytes, "menu.tsf"},
      {hpi_bytes(), "sprites.gaf"},
      {build_gaf(ta3d_spec()).bytes, "fire.taf"},
      {build_gaf(simple_spec()).bytes, "totala1.hpi"},
  };
  for (const auto& [bytes, name] : mismatches) {
    const FileReport mismatch = check(bytes, {}, name);
    EXPECT_FINDING(mismatch, "format.extension-mismatch", 0, "");
  }
}

TEST(FormatDetection, MatchingOrUnknownExtensionsAreSilent) {
  EXPECT_NO_FINDING(check(build_gaf(simple_spec()).bytes, {}, "a/b.gaf"),
                    "format.extension-mismatch");
  EXPECT_NO_FINDING(check(build_taf(builder::simple_taf_spec()).bytes, {}, "fire_1555.TaF"),
                    "format.extension-mismatch");
  EXPECT_NO_FINDING(check(build_gaf(simple_spec()).bytes, {}, "upload.bin"),
                    "format.extension-mismatch");
  EXPECT_NO_FINDING(check(build_gaf(simple_spec()).bytes, {}, "no_extension"),
                    "format.extension-mismatch");
  EXPECT_NO_FINDING(check(hpi_bytes(), {}, "rev31.gp3"), "format.extension-mismatch");
  EXPECT_NO_FINDING(check(build_gaf(ta3d_spec()).bytes, {}, "fire.gaf"),
                    "format.extension-mismatch");
  // Bytes nothing recognises have nothing to disagree with: format.unknown says it all.
  // (Shorter than a header, a .gaf is a truncated GAF header: tests/game_reading_test.cpp.)
  const FileReport unknown = check(text_bytes("hello, not a sprite file"), {}, "x.gaf");
  EXPECT_FINDING(unknown, "format.unknown", 0, "");
  EXPECT_NO_FINDING(unknown, "format.extension-mismatch");
}

TEST(FormatDetection, DisplayExtensionIsTheLastComponentsLowerCaseSuffix) {
  EXPECT_EQ(display_extension("dir.gaf/FILE.TAF"), ".taf");
  EXPECT_EQ(display_extension("a.ufo!anims\\x.Gaf"), ".gaf");
  EXPECT_EQ(display_extension("dir.gaf/noext"), "");
  EXPECT_EQ(display_extension(".gaf"), "");
}

TEST(FormatDetection, Ta3dVariantIsRecognisedAndReadAsTa3dReadsIt) {
  builder::Ta3dSpec spec;
  spec.entries[0].frames.resize(50);
  CheckOptions ta3d;
  ta3d.game = Game::ta3d;
  const FileReport report = check(builder::build_ta3d(spec).bytes, ta3d);
  EXPECT_EQ(report.format, Format::ta3d_gaf);
  EXPECT_TRUE(report.findings.empty()) << describe(report);
  EXPECT_EQ(report.verdict, Verdict::clean);
  EXPECT_EQ(report.summary.get("entries"), 1u);
  EXPECT_EQ(report.summary.get("frames"), 50u);
  EXPECT_EQ(report.summary.get("frame_headers"), 50u);
}

TEST(FormatDetection, Ta3dStructureIsStillChecked) {
  CheckOptions ta3d;
  ta3d.game = Game::ta3d;
  builder::Ta3dSpec spec;
  spec.entries[0].frames.resize(2);
  auto built = builder::build_ta3d(spec);
  built.put_u32(built.at("entry[0]/frames") + 8, 0x7FFFFFFF);
  const FileReport report = check(built.bytes, ta3d);
  EXPECT_FINDING(report, "frame.out-of-bounds", built.at("entry[0]/frames") + 8,
                 "entry[0]/frame[1]");
  auto truncated = builder::build_ta3d(spec).bytes;
  truncated.resize(30);
  const FileReport short_report = check(truncated, ta3d);
  EXPECT_EQ(short_report.format, Format::ta3d_gaf);
  EXPECT_FINDING(short_report, "entry.out-of-bounds", 12, "entry[0]");
}

TEST(FormatDetection, CavedogVersionsAreNotForeign) {
  EXPECT_NO_FINDING(check(build_gaf(simple_spec()).bytes), "format.foreign-variant");
  EXPECT_NO_FINDING(check(build_taf(builder::simple_taf_spec()).bytes, {}, "x.taf"),
                    "format.foreign-variant");
}

TEST(FormatDetection, ArchivesAreRecognisedAndChecked) {
  // The archive reader (tests/hpi_*) reads the header: this one's directory starts at 0.
  const FileReport report = check(hpi_bytes(), {}, "totala1.hpi");
  EXPECT_EQ(report.format, Format::hpi);
  EXPECT_FINDING(report, "hpi.directory-bounds", 16, "header/directory_start");
  EXPECT_NO_FINDING(report, "format.unknown");
}

}  // namespace
}  // namespace gafcheck::testing
