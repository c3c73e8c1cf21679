// TSF scripts written again in the canonical form of validator/rebuild/tsf_normaliser.hpp, with
// the exact bytes expected, and refused where what the script means is not established.
#include <gtest/gtest.h>

#include <string>

#include "validator/rebuild/tsf_normaliser.hpp"

namespace gafcheck::rebuild {
namespace {

RebuildResult normalise(const std::string& text, bool drop_unrenderable = false) {
  RebuildOptions options;
  options.drop_unrenderable = drop_unrenderable;
  return normalise_tsf(ByteView(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()),
                       "anims/title.tsf", options);
}

std::string text_of(const RebuildResult& result) {
  return std::string(result.bytes.begin(), result.bytes.end());
}

std::string reasons(const RebuildResult& result) {
  std::string all;
  for (const std::string& reason : result.refusal_reasons) all += reason + "\n";
  return all;
}

// The canonical form of the spec's example (docs/format/gaf.md §8), one frame.
const std::string canonical =
    "[JPGTest]\r\n"
    "{\r\n"
    "    Looping = 0;\r\n"
    "    [Frame0]\r\n"
    "    {\r\n"
    "        Delay = 0;\r\n"
    "        [Layer0]\r\n"
    "        {\r\n"
    "            AnchorX = 0;\r\n"
    "            AnchorY = -3;\r\n"
    "            Filename = TitleScreen.jpg;\r\n"
    "        }\r\n"
    "    }\r\n"
    "}\r\n";

TEST(TsfNormaliser, CanonicalTextIsWrittenUnchanged) {
  const RebuildResult result = normalise(canonical);
  ASSERT_FALSE(result.refused) << reasons(result);
  EXPECT_EQ(text_of(result), canonical);
  EXPECT_TRUE(result.dispositions.empty());
}

TEST(TsfNormaliser, LineEndingsWhitespaceCommentsAndKeyCaseAreNormalised) {
  const std::string messy =
      "\xEF\xBB\xBF/* anims/titlescreen.tsf */\n"
      "[JPGTest] {\tLOOPING=0;\n"
      "  [Frame0]\n{ delay =   +000 ;   // held\n"
      "[Layer0]{anchorx=0;ANCHORY = -03;\r\n"
      "\t\tfilename\t=  TitleScreen.jpg  ;}\n"
      "}}";
  const RebuildResult result = normalise(messy);
  ASSERT_FALSE(result.refused) << reasons(result);
  EXPECT_EQ(text_of(result), canonical);
}

TEST(TsfNormaliser, IsIdempotentAndIndependentOfLineEndings) {
  std::string lf = canonical;
  for (std::size_t at; (at = lf.find("\r\n")) != std::string::npos;) lf.erase(at, 1);
  const RebuildResult from_lf = normalise(lf);
  ASSERT_FALSE(from_lf.refused) << reasons(from_lf);
  EXPECT_EQ(text_of(from_lf), canonical);
  EXPECT_EQ(text_of(normalise(text_of(from_lf))), text_of(from_lf));
}

TEST(TsfNormaliser, UnknownKeysValuesAndSectionNamesKeepTheirBytes) {
  const RebuildResult result = normalise(
      "[JPGTest]{Looping=0;Custom_Key = Some Value;[frame0]{Delay=1;[layer0]{AnchorX=0;"
      "AnchorY=0;Filename=Title Screen.JPG;}}}");
  ASSERT_FALSE(result.refused) << reasons(result);
  EXPECT_EQ(text_of(result),
            "[JPGTest]\r\n{\r\n    Looping = 0;\r\n    Custom_Key = Some Value;\r\n"
            "    [frame0]\r\n    {\r\n        Delay = 1;\r\n        [layer0]\r\n        {\r\n"
            "            AnchorX = 0;\r\n            AnchorY = 0;\r\n"
            "            Filename = Title Screen.JPG;\r\n        }\r\n    }\r\n}\r\n");
}

TEST(TsfNormaliser, SyntaxErrorsAreRefused) {
  const RebuildResult result = normalise(
      "[JPGTest]{Looping=0\n[Frame0]{Delay=0;[Layer0]{"
      "Filename=a.jpg;}}}");
  EXPECT_TRUE(result.refused);
  EXPECT_NE(reasons(result).find("tsf.syntax at line 1"), std::string::npos) << reasons(result);
  EXPECT_TRUE(result.bytes.empty());
  ASSERT_FALSE(result.dispositions.empty());
  EXPECT_EQ(result.dispositions[0].rule, "tsf.syntax");
  EXPECT_EQ(result.dispositions[0].action, "dropped");
}

TEST(TsfNormaliser, ValuesOutOfRangeAreRefused) {
  std::string text = canonical;
  text.replace(text.find("AnchorY = -3"), 12, "AnchorY = 40000");
  const RebuildResult result = normalise(text);
  EXPECT_TRUE(result.refused);
  EXPECT_NE(reasons(result).find("tsf.value"), std::string::npos) << reasons(result);
}

TEST(TsfNormaliser, AKeyGivenTwiceInOneSectionIsRefused) {
  std::string text = canonical;
  text.replace(text.find("Delay = 0;"), 10, "Delay = 0; DELAY = 5;");
  const RebuildResult result = normalise(text);
  EXPECT_TRUE(result.refused);
  EXPECT_NE(reasons(result).find("line 6: 'DELAY' is given twice in one section"),
            std::string::npos)
      << reasons(result);
  // Control: the same key in two sections is two keys.
  EXPECT_FALSE(normalise(canonical).refused);
}

TEST(TsfNormaliser, CommentsInsideAKeyOrValueAreRefused) {
  std::string in_value = canonical;
  in_value.replace(in_value.find("TitleScreen.jpg"), 15, "Title/* x */Screen.jpg");
  const RebuildResult value = normalise(in_value);
  EXPECT_TRUE(value.refused);
  EXPECT_NE(reasons(value).find("a comment inside the value of 'Filename'"), std::string::npos)
      << reasons(value);

  std::string in_key = canonical;
  in_key.replace(in_key.find("Delay"), 5, "De/**/lay");
  const RebuildResult key = normalise(in_key);
  EXPECT_TRUE(key.refused);
  EXPECT_NE(reasons(key).find("a comment inside the key 'Delay'"), std::string::npos)
      << reasons(key);

  // Control: a comment between statements is dropped.
  std::string between = canonical;
  between.replace(between.find("Delay"), 0, "/* held */ ");
  const RebuildResult control = normalise(between);
  ASSERT_FALSE(control.refused) << reasons(control);
  EXPECT_EQ(text_of(control), canonical);
}

TEST(TsfNormaliser, ExtraAnimationsAreRefusedOrDroppedOnRequest) {
  const std::string second = "[Other]{Looping=1;[F]{Delay=1;[L]{Filename=b.jpg;}}}";
  const RebuildResult refused = normalise(canonical + second);
  EXPECT_TRUE(refused.refused);
  EXPECT_NE(reasons(refused).find("tsf.multiple-animations"), std::string::npos)
      << reasons(refused);

  const RebuildResult dropped = normalise(canonical + second, true);
  ASSERT_FALSE(dropped.refused) << reasons(dropped);
  EXPECT_EQ(text_of(dropped), canonical);
  ASSERT_EQ(dropped.dropped.size(), 1u);
  EXPECT_EQ(dropped.dropped[0], "animation[1]");
  ASSERT_EQ(dropped.dispositions.size(), 1u);
  EXPECT_EQ(dropped.dispositions[0].rule, "tsf.multiple-animations");
  EXPECT_EQ(dropped.dispositions[0].action, "dropped");
}

TEST(TsfNormaliser, OtherFormatsAreRefused) {
  const RebuildResult result = normalise("HAPI not a script");
  EXPECT_TRUE(result.refused);
  EXPECT_NE(reasons(result).find("not a TSF script"), std::string::npos) << reasons(result);
}

}  // namespace
}  // namespace gafcheck::rebuild
