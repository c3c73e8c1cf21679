// What the target engine reads decides the checks and the retail impacts: a version word the
// engine ignores never switches checks off, TA3D's own layout is checked as TA3D reads it under
// --game ta3d, findings about bytes the game never reads take what the game
// does instead, and short files and empty frames are reported as the engine reads them.
#include "corpus/builder/recipe.hpp"
#include "corpus/builder/ta3d_builder.hpp"
#include "corpus/builder/taf_builder.hpp"
#include "tests/support/check_helpers.hpp"

namespace gafcheck::testing {
namespace {

CheckOptions for_game(Game game) {
  CheckOptions options;
  options.game = game;
  return options;
}

const Finding& expect_one(const FileReport& report, std::string_view rule) {
  const Finding* finding = find_finding(report, rule);
  EXPECT_NE(finding, nullptr) << "no " << rule << " in " << describe(report);
  if (!finding) throw std::runtime_error("missing finding");
  return *finding;
}

// The example: version word 0x00010101 over ordinary TA frames, a composite whose second
// layer points back at itself, and an RLE frame whose last row runs out at the end of the file.
builder::BuiltFile version_only_foreign_file() {
  builder::GafSpec spec;
  spec.version = 0x00010101;
  spec.entries.push_back({.name = "FIRE", .frames = {{"top", 1, std::nullopt}}});
  spec.entries.push_back({.name = "SMOKE", .frames = {{"rle", 1, std::nullopt}}});
  spec.frames.push_back({.id = "top", .children = {"leaf", "leaf"}});
  spec.frames.push_back({.id = "leaf"});
  builder::FrameSpec rle{.id = "rle", .width = 4, .height = 2, .compressed = 1};
  rle.rle_rows = {builder::parse_hex_bytes("0C 01 02 03 04"), builder::parse_hex_bytes("04 01")};
  spec.frames.push_back(rle);
  auto built = builder::build_gaf(spec);
  built.put_u32(built.at("frame:top/data") + 4, static_cast<std::uint32_t>(built.at("frame:top")));
  // The RLE rows end the file, so the short last row reads past its end.
  EXPECT_EQ(built.at("frame:rle/data") + 7 + 4, built.bytes.size());
  return built;
}

TEST(GameReading, IgnoredVersionWordSwitchesNoGafCheckOff) {
  const auto built = version_only_foreign_file();
  for (Game game : {Game::ta, Game::tak}) {
    const FileReport report = check(built.bytes, for_game(game));
    EXPECT_EQ(report.format, Format::ta3d_gaf);
    const Finding& cycle = expect_one(report, "composite.cycle");
    EXPECT_EQ(cycle.offset, built.at("frame:top/data") + 4);
    EXPECT_EQ(cycle.path, "entry[0]/frame[0]/layer[1]");
    EXPECT_EQ(cycle.severity, Severity::error);
    EXPECT_EQ(cycle.retail, Retail::crash);
    const Finding& past_end = expect_one(report, "rle.reads-past-eof");
    EXPECT_EQ(past_end.path, "entry[1]/frame[0]/row[1]");
    EXPECT_EQ(past_end.retail, Retail::crash);
    // The version word alone changes nothing for the engine.
    const Finding& foreign = expect_one(report, "format.foreign-variant");
    EXPECT_EQ(foreign.offset, 0u);
    EXPECT_EQ(foreign.path, "header/version");
    EXPECT_EQ(foreign.severity, Severity::warning);
    EXPECT_EQ(foreign.retail, Retail::ignored);
    EXPECT_NO_FINDING(report, "header.version-nonstandard");
    EXPECT_EQ(report.verdict, Verdict::errors);
    EXPECT_EQ(report.retail, Retail::crash);
  }
}

TEST(GameReading, Ta3dFileIsAnErrorForTheTaEngines) {
  for (builder::Ta3dEra era : {builder::Ta3dEra::zlib, builder::Ta3dEra::jpeg}) {
    builder::Ta3dSpec spec{.era = era};
    spec.entries[0].frames.push_back({.width = 16, .height = 12, .alpha = false});
    const auto built = builder::build_ta3d(spec);
    for (Game game : {Game::ta, Game::tak}) {
      const FileReport report = check(built.bytes, for_game(game));
      EXPECT_EQ(report.format, Format::ta3d_gaf);
      const Finding& foreign = expect_one(report, "format.foreign-variant");
      EXPECT_EQ(foreign.offset, built.at("frame:0/0/data"));
      EXPECT_EQ(foreign.path, "entry[0]/frame[0]");
      EXPECT_EQ(foreign.severity, Severity::error);
      EXPECT_EQ(foreign.retail, Retail::garbage);
      EXPECT_NE(foreign.message.find(era == builder::Ta3dEra::zlib ? "zlib" : "JPEG"),
                std::string::npos)
          << foreign.message;
      EXPECT_EQ(report.verdict, Verdict::errors);
    }
  }
}

TEST(GameReading, Ta3dPayloadUnderACavedogVersionWordIsStillForeign) {
  builder::Ta3dSpec spec;
  spec.version = 0x00010100;
  const auto built = builder::build_ta3d(spec);
  const FileReport report = check(built.bytes);
  EXPECT_EQ(report.format, Format::gaf);
  const Finding& foreign = expect_one(report, "format.foreign-variant");
  EXPECT_EQ(foreign.offset, built.at("frame:0/0/data"));
  EXPECT_EQ(foreign.path, "entry[0]/frame[0]");
  EXPECT_EQ(foreign.severity, Severity::error);
}

TEST(GameReading, OrdinaryGafIsUnchangedByTheGame) {
  const auto bytes = builder::build_gaf(simple_spec()).bytes;
  const FileReport ta = check(bytes, for_game(Game::ta));
  EXPECT_EQ(ta.verdict, Verdict::clean) << describe(ta);
  EXPECT_NO_FINDING(ta, "format.foreign-variant");
  for (Game game : {Game::tak, Game::ta3d}) {
    const FileReport other = check(bytes, for_game(game));
    EXPECT_EQ(describe(other), describe(ta));
    EXPECT_EQ(other.verdict, Verdict::clean);
  }
}

TEST(GameReading, Ta3dFilesAreCleanForTa3d) {
  for (builder::Ta3dEra era : {builder::Ta3dEra::zlib, builder::Ta3dEra::jpeg}) {
    builder::Ta3dSpec spec{.era = era};
    // create_gaf leaves the frame table's second word unset: any value, never read by TA3D.
    spec.entries[0].frames.push_back(
        {.width = 64, .height = 64, .alpha = true, .frame_word = 0xCCCCCCCC});
    spec.entries[0].frames.push_back({.width = 3, .height = 5, .alpha = true, .frame_word = 0});
    spec.entries.push_back({.name = "corcom_gadget"});
    const FileReport report = check(builder::build_ta3d(spec).bytes, for_game(Game::ta3d));
    EXPECT_EQ(report.format, Format::ta3d_gaf);
    EXPECT_NE(report.verdict, Verdict::errors) << describe(report);
    EXPECT_NE(report.verdict, Verdict::rejected) << describe(report);
    for (const Finding& finding : report.findings)
      EXPECT_NE(finding.severity, Severity::error) << finding.message;
    EXPECT_NO_FINDING(report, "format.foreign-variant");
    EXPECT_NO_FINDING(report, "rle.unused-payload");
    EXPECT_NO_FINDING(report, "frame.duration-high-bits");
    EXPECT_NO_FINDING(report, "frame.duration-zero");
    EXPECT_EQ(report.summary.get("frames"), 4u);
  }
}

// Under --game ta3d the payloads go through the same extent map as GAF pixels: a tidy
// file claims every byte; a frame moved onto its neighbour's payload shares it and leaves its own
// as slack.
TEST(GameReading, Ta3dPayloadsAreExtents) {
  builder::Ta3dSpec spec;
  spec.entries[0].frames[0] = {.width = 3, .height = 5, .alpha = true};
  spec.entries[0].frames.push_back({.width = 3, .height = 5, .alpha = true});
  auto built = builder::build_ta3d(spec);
  const FileReport tidy = check(built.bytes, for_game(Game::ta3d));
  EXPECT_NO_FINDING(tidy, "extent.slack");
  EXPECT_EQ(tidy.summary.get("coverage.claimed"), built.bytes.size());

  const ByteView file(built.bytes.data(), built.bytes.size());
  const std::uint32_t entry = *file.u32le(12);
  const std::uint32_t frame0 = *file.u32le(entry + 40);
  const std::uint32_t frame1 = *file.u32le(entry + 48);
  const std::uint32_t payload0 = *file.u32le(frame0 + 16);
  const std::uint32_t payload1 = *file.u32le(frame1 + 16);
  built.put_u32(frame1 + 16, payload0);
  const FileReport shared = check(built.bytes, for_game(Game::ta3d));
  EXPECT_FINDING(shared, "extent.shared-pixels", payload0, "entry[0]/frame[0]");
  EXPECT_FINDING(shared, "extent.slack", payload1, "");
  EXPECT_EQ(find_finding(shared, "extent.slack")->length, 4 + *file.u32le(payload1));
}

// A 3x5 zlib-era frame as create_gaf writes it: 4 bytes per pixel.
builder::Ta3dSpec small_frame_spec() {
  builder::Ta3dSpec spec;
  spec.entries[0].frames[0] = {.width = 3, .height = 5, .alpha = true};
  return spec;
}

TEST(GameReading, Ta3dPayloadOutOfBounds) {
  auto built = builder::build_ta3d(small_frame_spec());
  built.put_u32(built.at("frame:0/0/data"), 0x10000);
  const FileReport report = check(built.bytes, for_game(Game::ta3d));
  const Finding& finding = expect_one(report, "ta3d.payload-out-of-bounds");
  EXPECT_EQ(finding.offset, built.at("frame:0/0/data"));
  EXPECT_EQ(finding.path, "entry[0]/frame[0]");
  EXPECT_EQ(finding.severity, Severity::error);
  EXPECT_EQ(finding.retail, Retail::crash);

  auto wild = builder::build_ta3d(small_frame_spec());
  wild.put_u32(wild.at("frame:0/0") + 16, 0xFFFFFFF0);
  const FileReport wild_report = check(wild.bytes, for_game(Game::ta3d));
  const Finding& wild_finding = expect_one(wild_report, "ta3d.payload-out-of-bounds");
  EXPECT_EQ(wild_finding.offset, wild.at("frame:0/0") + 16);
  EXPECT_EQ(wild_finding.path, "entry[0]/frame[0]");
}

TEST(GameReading, Ta3dPayloadEncoding) {
  auto spec = small_frame_spec();
  spec.entries[0].frames[0].payload = std::vector<std::uint8_t>{4, 0, 0, 0, 1, 2, 3, 4};
  const auto built = builder::build_ta3d(spec);
  const FileReport report = check(built.bytes, for_game(Game::ta3d));
  const Finding& finding = expect_one(report, "ta3d.payload-encoding");
  EXPECT_EQ(finding.offset, built.at("frame:0/0/data") + 4);
  EXPECT_EQ(finding.path, "entry[0]/frame[0]");
  EXPECT_EQ(finding.retail, Retail::garbage);
}

TEST(GameReading, Ta3dPayloadCorrupt) {
  // A zlib stream whose count cuts it short.
  auto spec = small_frame_spec();
  auto payload = builder::ta3d_zlib_payload(std::vector<std::uint8_t>(3 * 5 * 4, 0x40));
  payload.resize(payload.size() - 3);
  payload[0] = static_cast<std::uint8_t>(payload.size() - 4);
  spec.entries[0].frames[0].payload = payload;
  const auto built = builder::build_ta3d(spec);
  const FileReport report = check(built.bytes, for_game(Game::ta3d));
  const Finding& finding = expect_one(report, "ta3d.payload-corrupt");
  EXPECT_EQ(finding.path, "entry[0]/frame[0]");
  EXPECT_EQ(finding.severity, Severity::error);
  EXPECT_EQ(finding.retail, Retail::garbage);
  EXPECT_NE(finding.message.find("before the stream does"), std::string::npos) << finding.message;

  // A JPEG-era frame whose alpha JPEG lost its end-of-image marker.
  builder::Ta3dSpec jpeg{.era = builder::Ta3dEra::jpeg};
  auto cut = builder::build_ta3d(jpeg);
  const std::uint64_t alpha = cut.at("frame:0/0/alpha");
  cut.put_u8(cut.bytes.size() - 1, 0x00);
  const FileReport jpeg_report = check(cut.bytes, for_game(Game::ta3d));
  const Finding& jpeg_finding = expect_one(jpeg_report, "ta3d.payload-corrupt");
  EXPECT_EQ(jpeg_finding.offset, alpha + 4);
  EXPECT_EQ(jpeg_finding.path, "entry[0]/frame[0]");
}

TEST(GameReading, Ta3dPayloadSize) {
  auto built = builder::build_ta3d(small_frame_spec());
  built.put_u16(built.at("frame:0/0") + 2, 6);  // the stream holds 5 rows, the header says 6
  const FileReport report = check(built.bytes, for_game(Game::ta3d));
  const Finding& finding = expect_one(report, "ta3d.payload-size");
  EXPECT_EQ(finding.offset, built.at("frame:0/0/data") + 4);
  EXPECT_EQ(finding.path, "entry[0]/frame[0]");
  EXPECT_EQ(finding.retail, Retail::garbage);
  EXPECT_NE(finding.message.find("inflates to 60 bytes"), std::string::npos) << finding.message;
  EXPECT_NE(finding.message.find("(72)"), std::string::npos) << finding.message;

  auto shorter = builder::build_ta3d(small_frame_spec());
  shorter.put_u16(shorter.at("frame:0/0") + 2, 4);  // 5 rows of data for 4 rows
  const FileReport longer = check(shorter.bytes, for_game(Game::ta3d));
  EXPECT_NE(expect_one(longer, "ta3d.payload-size").message.find("more than 48"),
            std::string::npos);

  // A 3-byte-per-pixel stream is what TA3D's reader expects when the transparency byte is 0.
  auto opaque = small_frame_spec();
  opaque.entries[0].frames[0].alpha = false;
  opaque.entries[0].frames[0].rgba = std::vector<std::uint8_t>(3 * 5 * 3, 0x40);
  EXPECT_NO_FINDING(check(builder::build_ta3d(opaque).bytes, for_game(Game::ta3d)),
                    "ta3d.payload-size");
}

TEST(GameReading, Ta3dInflationStopsAtThePixelBudget) {
  auto spec = small_frame_spec();
  spec.entries[0].frames[0] = {.width = 1000, .height = 1000, .alpha = true};
  spec.entries[0].frames[0].rgba = std::vector<std::uint8_t>(4'000'000, 0);
  CheckOptions options = for_game(Game::ta3d);
  options.limits[BudgetKind::pixels] = 999'999;
  const FileReport report = check(builder::build_ta3d(spec).bytes, options);
  EXPECT_FINDING(report, "budget.exceeded", builder::build_ta3d(spec).at("frame:0/0"),
                 "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "ta3d.payload-size");
}

// Behind a negative entry count the game loads nothing; the claimed table, its entries,
// frames and pixels are examined as forensics with the retail impact "dropped".
TEST(GameReading, UnreadTableTakesWhatTheGameDoes) {
  for (std::uint32_t word : {0x8000u, 0x8001u, 0xFFFFu}) {
    auto bytes = builder::build_gaf(simple_spec()).bytes;
    bytes[4] = static_cast<std::uint8_t>(word);
    bytes[5] = static_cast<std::uint8_t>(word >> 8);
    const FileReport report = check(bytes);
    const Finding& truncated = expect_one(report, "header.truncated");
    EXPECT_EQ(truncated.offset, 12u);
    EXPECT_EQ(truncated.path, "entry_table");
    EXPECT_EQ(truncated.severity, Severity::error);
    EXPECT_EQ(truncated.retail, Retail::dropped) << truncated.message;
    EXPECT_EQ(expect_one(report, "header.entry-count-negative").retail, Retail::dropped);
    for (const Finding& finding : report.findings)
      EXPECT_EQ(finding.retail, Retail::dropped) << describe(report);
    EXPECT_EQ(report.retail, Retail::dropped);
  }
}

TEST(GameReading, UnreadEntriesAndFramesTakeWhatTheGameDoes) {
  auto spec = simple_spec();
  spec.entry_count_word = 0xFFFF0001;  // high bits ignored; the low 16 bits are 1: loaded
  auto built = builder::build_gaf(spec);
  built.put_u32(built.at("frame:a") + 16, 0x7FFFFFF0);
  const FileReport loaded = check(built.bytes);
  EXPECT_EQ(expect_one(loaded, "frame.out-of-bounds").retail, Retail::crash);

  built.put_u16(4, 0x8001);  // negative: the same frame is never read
  const FileReport unread = check(built.bytes);
  const Finding& frame = expect_one(unread, "frame.out-of-bounds");
  EXPECT_EQ(frame.offset, built.at("frame:a") + 16);
  EXPECT_EQ(frame.path, "entry[0]/frame[0]");
  EXPECT_EQ(frame.retail, Retail::dropped);
  EXPECT_EQ(unread.retail, Retail::dropped);
}

TEST(GameReading, TruncatedTableTheGameReadsStillCrashes) {
  auto bytes = builder::build_gaf(simple_spec()).bytes;
  bytes[4] = 0x00;
  bytes[5] = 0x7F;  // 0x7F00 slots: read by the game, far past the end
  const FileReport report = check(bytes);
  const Finding& truncated = expect_one(report, "header.truncated");
  EXPECT_EQ(truncated.path, "entry_table");
  EXPECT_EQ(truncated.retail, Retail::crash);
}

// Short files: the engine opens these by name and reads a truncated header.
TEST(GameReading, ShortFilesAreTruncatedHeadersOfTheirNamedKind) {
  const std::vector<std::uint8_t> empty;
  const std::vector<std::uint8_t> three = {'a', 'b', 'c'};
  for (const auto* bytes : {&empty, &three}) {
    for (const char* name : {"x.gaf", "X.GAF", "x.taf"}) {
      const FileReport report = check(*bytes, {}, name);
      const Finding& truncated = expect_one(report, "header.truncated");
      EXPECT_EQ(truncated.offset, 0u) << name;
      EXPECT_EQ(truncated.length, bytes->size()) << name;
      EXPECT_EQ(truncated.path, "header") << name;
      EXPECT_EQ(truncated.severity, Severity::error);
      EXPECT_EQ(truncated.retail, Retail::crash);
      EXPECT_NO_FINDING(report, "format.unknown");
      EXPECT_NO_FINDING(report, "format.extension-mismatch");
    }
    for (const char* name : {"x.hpi", "x.ufo", "x.ccx", "x.gp3"}) {
      const FileReport report = check(*bytes, {}, name);
      EXPECT_EQ(report.format, Format::hpi) << name;
      EXPECT_FINDING(report, "hpi.directory-bounds", 0, "header");
      EXPECT_NO_FINDING(report, "format.unknown");
    }
  }
  const FileReport script = check(std::vector<std::uint8_t>{' ', '\n'}, {}, "x.tsf");
  EXPECT_EQ(script.format, Format::tsf);
  EXPECT_NO_FINDING(script, "format.unknown");
  EXPECT_EQ(script.verdict, Verdict::errors) << describe(script);
}

TEST(GameReading, ShortFilesWithOtherNamesAreUnknown) {
  const FileReport report = check(std::vector<std::uint8_t>{}, {}, "x.bin");
  EXPECT_FINDING(report, "format.unknown", 0, "");
  const FileReport archive = check(std::vector<std::uint8_t>{'a', 'b', 'c', 'd', 'e'}, {}, "x.hpi");
  EXPECT_FINDING(archive, "format.unknown", 0, "");
}

// The engine loads a .gaf by name whatever it holds: a script named .gaf is a GAF whose entry
// count word is text, so its entry table runs past the end of the file.
TEST(GameReading, OtherFormatsNamedGafGetTheGafChecks) {
  const std::string text =
      "[Anim]\n{\n  Looping = 0;\n  [Frame0] { [Layer0] { Filename = a.jpg; } }\n}\n";
  const std::vector<std::uint8_t> script(text.begin(), text.end());
  const FileReport named_gaf = check(script, {}, "menu.gaf");
  EXPECT_EQ(named_gaf.format, Format::tsf);
  EXPECT_FINDING(named_gaf, "format.extension-mismatch", 0, "");
  const Finding& truncated = expect_one(named_gaf, "header.truncated");
  EXPECT_EQ(truncated.path, "entry_table");
  EXPECT_EQ(truncated.retail, Retail::crash);
  EXPECT_EQ(named_gaf.verdict, Verdict::errors);
  // Named as what it is, it is only a script.
  EXPECT_NO_FINDING(check(script, {}, "menu.tsf"), "header.truncated");
}

// Empty frames: a frame without pixels reads nothing at its data_offset.
TEST(GameReading, EmptyRawFrameWithWildPointerIsOnlyEmpty) {
  for (auto [width, height] : {std::pair{0, 4}, std::pair{4, 0}, std::pair{0, 0}}) {
    auto spec = simple_spec();
    spec.frames[0].width = static_cast<std::uint16_t>(width);
    spec.frames[0].height = static_cast<std::uint16_t>(height);
    spec.frames[0].data_offset = 0x7FFFFFF0;
    const auto built = builder::build_gaf(spec);
    const FileReport report = check(built.bytes);
    EXPECT_FINDING(report, "frame.empty", built.at("frame:a"), "entry[0]/frame[0]");
    EXPECT_NO_FINDING(report, "frame.out-of-bounds");
    EXPECT_EQ(report.verdict, Verdict::warnings) << describe(report);
  }
  auto control = simple_spec();
  control.frames[0].data_offset = 0x7FFFFFF0;
  const auto built = builder::build_gaf(control);
  const FileReport report = check(built.bytes);
  EXPECT_FINDING(report, "frame.out-of-bounds", built.at("frame:a") + 16, "entry[0]/frame[0]");
}

TEST(GameReading, EmptyTruecolorFrameWithWildPointerIsOnlyEmpty) {
  auto spec = builder::simple_taf_spec(5, 1);
  spec.frames[0].width = 0;
  spec.frames[0].data_offset = 0x7FFFFFF0;
  const auto built = builder::build_taf(spec);
  const FileReport report = check(built.bytes, {}, "x.taf");
  EXPECT_FINDING(report, "frame.empty", built.at("frame:f0"), "entry[0]/frame[0]");
  EXPECT_NO_FINDING(report, "frame.out-of-bounds");
}

}  // namespace
}  // namespace gafcheck::testing
