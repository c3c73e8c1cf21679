// TSF lint (docs/format/gaf.md §8). Scripts are checked as if they sat in a temporary directory,
// where the tests create the images their layers name. Offsets come from the builder's labels;
// lines and columns from builder::place_of, and spelled out where the text is written by hand.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "corpus/builder/tsf_builder.hpp"
#include "tests/support/check_helpers.hpp"
#include "tests/support/scratch_directory.hpp"

namespace gafcheck::testing {
namespace {

namespace fs = std::filesystem;
using builder::build_tsf;
using builder::simple_tsf_spec;

class TsfLint : public ::testing::Test {
 protected:
  void SetUp() override {
    directory_ = fresh_test_directory("tsf");
    create("frame.png");
  }
  void TearDown() override { fs::remove_all(directory_); }

  void create(const std::string& name) {
    fs::create_directories((directory_ / name).parent_path());
    std::ofstream(directory_ / name) << "image";
  }
  FileReport lint(const std::vector<std::uint8_t>& text) {
    return check(text, {}, (directory_ / "menu.tsf").string());
  }
  FileReport lint(const builder::TsfSpec& spec) { return lint(build_tsf(spec).bytes); }

  // Asserts that the finding sits at the label's offset with the line and column there.
  static void expect_at(const FileReport& report, std::string_view rule,
                        const builder::BuiltFile& built, const std::string& label,
                        const std::string& path) {
    const Finding* finding = find_finding(report, rule);
    ASSERT_NE(finding, nullptr) << "no " << rule << " in " << describe(report);
    EXPECT_EQ(finding->offset, built.at(label)) << finding->message;
    EXPECT_EQ(finding->path, path) << finding->message;
    const builder::TextPlace place = builder::place_of(built.bytes, built.at(label));
    EXPECT_EQ(finding->row, place.line) << finding->message;
    EXPECT_EQ(finding->column, place.column) << finding->message;
  }

  fs::path directory_;
};

TEST_F(TsfLint, TidyScriptIsCleanAndSummarised) {
  const FileReport report = lint(simple_tsf_spec(3));
  EXPECT_EQ(report.format, Format::tsf);
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_TRUE(report.findings.empty()) << describe(report);
  EXPECT_EQ(report.summary.get("tsf.animations"), 1u);
  EXPECT_EQ(report.summary.get("tsf.frames"), 3u);
  EXPECT_EQ(report.summary.get("tsf.layers"), 3u);
  EXPECT_EQ(report.summary.get("tsf.images_found"), 3u);
  EXPECT_EQ(report.summary.get("tsf.images_missing"), 0u);
}

TEST_F(TsfLint, TheSeedsExampleParses) {
  create("TitleScreen.jpg");
  const FileReport report = lint(
      text_bytes("/* anims/titlescreen.tsf — abridged */\n"
                 "[JPGTest]\n{\n    Looping = 0;\n    [Frame0]\n    {\n        Delay = 0;\n"
                 "        [Layer0]\n        {\n            AnchorX = 0;\n            AnchorY = 0;\n"
                 "            Filename = TitleScreen.jpg;\n        }\n    }\n}\n"));
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
}

TEST_F(TsfLint, CommentsBomAndCompactLayoutAreAccepted) {
  const FileReport report =
      lint(text_bytes("\xEF\xBB\xBF// menu background\n[A]{Looping=1;/* one */[F0]{Delay=3;"
                      "[L0]{ anchorx = -4; ANCHORY = +5; filename = frame.png; }}}"));
  EXPECT_EQ(report.format, Format::tsf);
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
}

TEST_F(TsfLint, UnclosedSectionIsASyntaxErrorWithLineAndColumn) {
  const FileReport report = lint(text_bytes("[A]\n{\n  Looping = 0;\n  [F0]\n  {\n"));
  const auto syntax = find_all(report, "tsf.syntax");
  ASSERT_EQ(syntax.size(), 2u) << describe(report);
  EXPECT_EQ(syntax[0]->offset, 23u);  // [F0], the innermost, first
  EXPECT_EQ(syntax[0]->row, 4u);
  EXPECT_EQ(syntax[0]->column, 3u);
  EXPECT_EQ(syntax[0]->path, "animation[0]/frame[0]");
  EXPECT_EQ(syntax[1]->offset, 0u);
  EXPECT_EQ(syntax[1]->row, 1u);
  EXPECT_EQ(syntax[1]->column, 1u);
  EXPECT_EQ(report.verdict, Verdict::errors);
}

TEST_F(TsfLint, ClosingBraceWithoutSectionIsASyntaxError) {
  auto built = build_tsf(simple_tsf_spec(1));
  const std::uint64_t extra = built.bytes.size();
  built.bytes.push_back('}');
  const FileReport report = lint(built.bytes);
  EXPECT_FINDING(report, "tsf.syntax", extra, "");
  EXPECT_EQ(find_finding(report, "tsf.syntax")->row, builder::place_of(built.bytes, extra).line);
}

TEST_F(TsfLint, MalformedStatementsAreSyntaxErrors) {
  const FileReport report = lint(text_bytes(
      "[A]\n{\n  Looping = 0\n  [F0]\n  {\n    Delay 2;\n    = 4;\n    [L0] { Filename = "
      "frame.png; }\n  }\n}\n"));
  const auto syntax = find_all(report, "tsf.syntax");
  ASSERT_EQ(syntax.size(), 3u) << describe(report);
  EXPECT_EQ(syntax[0]->row, 3u);  // Looping without ';'
  EXPECT_EQ(syntax[0]->column, 3u);
  EXPECT_NE(syntax[0]->message.find("not terminated by ';'"), std::string::npos);
  EXPECT_EQ(syntax[1]->row, 6u);  // Delay without '='
  EXPECT_EQ(syntax[1]->path, "animation[0]/frame[0]");
  EXPECT_EQ(syntax[2]->row, 7u);  // '=' without a key
}

TEST_F(TsfLint, HeaderWithoutBlockAndBlockWithoutHeader) {
  const FileReport report = lint(text_bytes("[A]\nLooping = 0;\n{ }\n"));
  EXPECT_EQ(count_rule(report, "tsf.syntax"), 3u) << describe(report);
  EXPECT_FINDING(report, "tsf.no-animation", 0, "");
  EXPECT_EQ(find_finding(report, "tsf.no-animation")->row, 1u);
}

TEST_F(TsfLint, UnterminatedCommentIsASyntaxError) {
  auto built = build_tsf(simple_tsf_spec(1));
  const std::uint64_t comment = built.bytes.size();
  const std::string tail = "/* never closed";
  built.bytes.insert(built.bytes.end(), tail.begin(), tail.end());
  const FileReport report = lint(built.bytes);
  EXPECT_FINDING(report, "tsf.syntax", comment, "");
}

TEST_F(TsfLint, HeaderMissingItsBracketStillOpensTheBlock) {
  const FileReport report = lint(text_bytes("[A\n{ [F0] { [L0] { Filename = frame.png; } } }\n"));
  EXPECT_EQ(count_rule(report, "tsf.syntax"), 1u) << describe(report);
  EXPECT_FINDING(report, "tsf.syntax", 0, "");
  EXPECT_NO_FINDING(report, "tsf.no-animation");
}

TEST_F(TsfLint, WellFormedScriptHasNoSyntaxFinding) {
  EXPECT_NO_FINDING(lint(simple_tsf_spec()), "tsf.syntax");
}

TEST_F(TsfLint, AnimationWithoutFrames) {
  auto spec = simple_tsf_spec(0);
  const auto built = build_tsf(spec);
  expect_at(lint(built.bytes), "tsf.no-frames", built, "animation[0]", "animation[0]");
}

TEST_F(TsfLint, AnimationWithFramesHasNoFramesFinding) {
  EXPECT_NO_FINDING(lint(simple_tsf_spec(1)), "tsf.no-frames");
  EXPECT_NO_FINDING(lint(simple_tsf_spec(1)), "tsf.no-animation");
}

TEST_F(TsfLint, FramesNeedExactlyOneLayer) {
  auto spec = simple_tsf_spec(3);
  spec.animations[0].frames[0].layers.clear();
  spec.animations[0].frames[2].layers.push_back({});
  const auto built = build_tsf(spec);
  const FileReport report = lint(built.bytes);
  const auto findings = find_all(report, "tsf.frame-layers");
  ASSERT_EQ(findings.size(), 2u) << describe(report);
  EXPECT_EQ(findings[0]->offset, built.at("animation[0]/frame[0]"));
  EXPECT_EQ(findings[0]->path, "animation[0]/frame[0]");
  EXPECT_NE(findings[0]->message.find("has 0 layer"), std::string::npos);
  EXPECT_EQ(findings[1]->offset, built.at("animation[0]/frame[2]"));
  EXPECT_NE(findings[1]->message.find("has 2 layer"), std::string::npos);
}

TEST_F(TsfLint, OneLayerPerFrameIsSilent) {
  EXPECT_NO_FINDING(lint(simple_tsf_spec(2)), "tsf.frame-layers");
}

TEST_F(TsfLint, LayerWithoutFilename) {
  auto spec = simple_tsf_spec(2);
  spec.animations[0].frames[1].layers[0].filename.reset();
  const auto built = build_tsf(spec);
  expect_at(lint(built.bytes), "tsf.layer-filename", built, "animation[0]/frame[1]/layer[0]",
            "animation[0]/frame[1]/layer[0]");
}

TEST_F(TsfLint, EmptyFilenameCountsAsMissing) {
  auto spec = simple_tsf_spec(1);
  spec.animations[0].frames[0].layers[0].filename = "";
  EXPECT_EQ(count_rule(lint(spec), "tsf.layer-filename"), 1u);
}

TEST_F(TsfLint, LayerWithFilenameIsSilent) {
  EXPECT_NO_FINDING(lint(simple_tsf_spec(2)), "tsf.layer-filename");
}

TEST_F(TsfLint, ValuesMustBeIntegersInSixteenBitRange) {
  auto spec = simple_tsf_spec(3);
  auto& animation = spec.animations[0];
  animation.looping = "-1";
  animation.frames[0].delay = "fast";
  animation.frames[1].delay = "70000";
  animation.frames[2].layers[0].anchor_x = "-40000";
  animation.frames[2].layers[0].anchor_y = "1.5";
  const auto built = build_tsf(spec);
  const FileReport report = lint(built.bytes);
  std::map<std::string, std::uint64_t> found;
  for (const Finding* finding : find_all(report, "tsf.value")) {
    found[finding->path] = finding->offset;
    EXPECT_EQ(finding->row, builder::place_of(built.bytes, finding->offset).line);
  }
  const std::map<std::string, std::uint64_t> expected = {
      {"animation[0]/Looping", built.at("animation[0]/Looping")},
      {"animation[0]/frame[0]/Delay", built.at("animation[0]/frame[0]/Delay")},
      {"animation[0]/frame[1]/Delay", built.at("animation[0]/frame[1]/Delay")},
      {"animation[0]/frame[2]/layer[0]/AnchorX",
       built.at("animation[0]/frame[2]/layer[0]/AnchorX")},
      {"animation[0]/frame[2]/layer[0]/AnchorY",
       built.at("animation[0]/frame[2]/layer[0]/AnchorY")},
  };
  EXPECT_EQ(found, expected) << describe(report);
  expect_at(report, "tsf.value", built, "animation[0]/Looping", "animation[0]/Looping");
}

TEST_F(TsfLint, ValuesAtTheRangeEdgesAreAccepted) {
  auto spec = simple_tsf_spec(2);
  spec.animations[0].looping = "1";
  spec.animations[0].frames[0].delay = "0";
  spec.animations[0].frames[1].delay = "65535";
  spec.animations[0].frames[0].layers[0].anchor_x = "-32768";
  spec.animations[0].frames[0].layers[0].anchor_y = "32767";
  EXPECT_NO_FINDING(lint(spec), "tsf.value");
}

TEST_F(TsfLint, OnlyTheFirstAnimationIsCompiled) {
  auto spec = simple_tsf_spec(1);
  spec.animations.push_back(spec.animations[0]);
  spec.animations[1].name = "Second";
  const auto built = build_tsf(spec);
  const FileReport report = lint(built.bytes);
  expect_at(report, "tsf.multiple-animations", built, "animation[1]", "animation[1]");
  EXPECT_NE(find_finding(report, "tsf.multiple-animations")->message.find("[JPGTest]"),
            std::string::npos);
  EXPECT_EQ(report.verdict, Verdict::warnings);
}

TEST_F(TsfLint, OneAnimationIsSilent) {
  EXPECT_NO_FINDING(lint(simple_tsf_spec(1)), "tsf.multiple-animations");
}

TEST_F(TsfLint, MissingImageNextToTheScript) {
  auto spec = simple_tsf_spec(2, "missing.jpg");
  const auto built = build_tsf(spec);
  const FileReport report = lint(built.bytes);
  EXPECT_EQ(count_rule(report, "tsf.missing-image"), 2u) << describe(report);
  expect_at(report, "tsf.missing-image", built, "animation[0]/frame[0]/layer[0]/Filename",
            "animation[0]/frame[0]/layer[0]/Filename");
  EXPECT_EQ(report.summary.get("tsf.images_missing"), 2u);
}

TEST_F(TsfLint, ImagesAreFoundInSubdirectoriesAndInOtherCase) {
  create("images/title.jpg");
  create("BACK.JPG");
  auto spec = simple_tsf_spec(3);
  spec.animations[0].frames[0].layers[0].filename = "images\\title.jpg";
  spec.animations[0].frames[1].layers[0].filename = "back.jpg";
  const FileReport report = lint(spec);
  EXPECT_NO_FINDING(report, "tsf.missing-image");
  EXPECT_EQ(report.summary.get("tsf.images_found"), 3u);
}

TEST_F(TsfLint, ImagesAreFoundWhateverTheCaseOfEachComponent) {
  // Mixed case in both directory and file name: neither all-lower nor all-upper finds it.
  create("Images/Title.Jpg");
  auto spec = simple_tsf_spec(2, "IMAGES\\title.JPG");
  spec.animations[0].frames[1].layers[0].filename = "images/title.jpeg";  // not a case variant
  const auto built = build_tsf(spec);
  const FileReport report = lint(built.bytes);
  EXPECT_EQ(count_rule(report, "tsf.missing-image"), 1u) << describe(report);
  expect_at(report, "tsf.missing-image", built, "animation[0]/frame[1]/layer[0]/Filename",
            "animation[0]/frame[1]/layer[0]/Filename");
  EXPECT_EQ(report.summary.get("tsf.images_found"), 1u);
}

TEST_F(TsfLint, ImagesAreNotLookedUpWhereTheScriptIsNotOnDisk) {
  const FileReport report =
      check(build_tsf(simple_tsf_spec(1, "nowhere.png")).bytes, {}, "a.ufo!anims/menu.tsf");
  EXPECT_EQ(report.verdict, Verdict::clean) << describe(report);
  EXPECT_EQ(report.summary.get("tsf.images_found") + report.summary.get("tsf.images_missing"), 0u);
}

// A member's siblings are members, not the files beside the archive, whatever its display path
// "DIR/mod.ufo!menu.tsf" looks like; a real file with '!' in its name is a file on disk.
TEST_F(TsfLint, MemberImagesAreNotLookedUpBesideTheArchiveButBangFilesAreOnDisk) {
  const auto bytes = build_tsf(simple_tsf_spec(1, "frame.png")).bytes;
  const InputName member =
      InputName::file((directory_ / "mod.ufo").string()).member_named("menu.tsf");
  FileReport report = check_bytes(ByteView(bytes.data(), bytes.size()), member, {});
  EXPECT_EQ(report.summary.get("tsf.images_found") + report.summary.get("tsf.images_missing"), 0u);
  // Controls: a real file named with '!' beside frame.png finds it, and misses what is not there.
  report = check(bytes, {}, (directory_ / "mod.ufo!menu.tsf").string());
  EXPECT_EQ(report.summary.get("tsf.images_found"), 1u) << describe(report);
  const FileReport missing = check(build_tsf(simple_tsf_spec(1, "gone.png")).bytes, {},
                                   (directory_ / "mod.ufo!menu.tsf").string());
  EXPECT_EQ(count_rule(missing, "tsf.missing-image"), 1u) << describe(missing);
}

TEST_F(TsfLint, FilenamesLeavingTheDirectoryAreNotLookedUp) {
  create("../outside.png");
  auto spec = simple_tsf_spec(4);
  spec.animations[0].frames[0].layers[0].filename = "../outside.png";
  spec.animations[0].frames[1].layers[0].filename = "C:\\TAK\\anims\\x.jpg";
  spec.animations[0].frames[2].layers[0].filename = "/etc/passwd";
  spec.animations[0].frames[3].layers[0].filename = "images/../../x.jpg";
  const auto built = build_tsf(spec);
  const FileReport report = lint(built.bytes);
  EXPECT_EQ(count_rule(report, "tsf.path-escape"), 4u) << describe(report);
  expect_at(report, "tsf.path-escape", built, "animation[0]/frame[0]/layer[0]/Filename",
            "animation[0]/frame[0]/layer[0]/Filename");
  EXPECT_NO_FINDING(report, "tsf.missing-image");
  fs::remove(directory_ / "../outside.png");
}

TEST_F(TsfLint, PlainRelativeNamesDoNotEscape) {
  EXPECT_NO_FINDING(lint(simple_tsf_spec(1, "frame.png")), "tsf.path-escape");
}

TEST_F(TsfLint, DeepNestingStopsAtTheDepthBudget) {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += "[S]{";
  const FileReport report = lint(text_bytes(text));
  EXPECT_EQ(report.format, Format::tsf);
  EXPECT_EQ(report.verdict, Verdict::rejected);
  const Finding* budget = find_finding(report, "budget.exceeded");
  ASSERT_NE(budget, nullptr) << describe(report);
  EXPECT_EQ(budget->offset, 16u * 4);  // the 17th section
}

TEST_F(TsfLint, HostileBytesStayEscapedInMessagesAndAreNotLookedUp) {
  const FileReport report =
      lint(text_bytes(std::string("[A\x01\xFF]{[F]{[L]{Filename = x\x02y.png;}}}\n[B\x1B]{}", 43)));
  const Finding* missing = find_finding(report, "tsf.missing-image");
  ASSERT_NE(missing, nullptr) << describe(report);
  EXPECT_NE(missing->message.find("x\\x02y.png"), std::string::npos) << missing->message;
  const Finding* second = find_finding(report, "tsf.multiple-animations");
  ASSERT_NE(second, nullptr);
  EXPECT_NE(second->message.find("[A\\x01\\xFF]"), std::string::npos) << second->message;
}

TEST_F(TsfLint, ReportsStayLinearOnLongGarbageLines) {
  std::string text = "[A]{" + std::string(100000, 'x') + "=" + std::string(100000, 'y') + ";}";
  const FileReport report = lint(text_bytes(text));
  EXPECT_EQ(report.format, Format::tsf);
  EXPECT_FINDING(report, "tsf.no-frames", 0, "animation[0]");
}

}  // namespace
}  // namespace gafcheck::testing
