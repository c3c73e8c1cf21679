// The HTML report's text pieces: escaping, data: URIs, bounded SVG charts and hex excerpts.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reports/html_attachments.hpp"
#include "reports/html_text.hpp"

namespace gafcheck {
namespace {

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(HtmlText, EscapesMarkupCharacters) {
  EXPECT_EQ(html_escape("<script>a&b\"c'd</script>"),
            "&lt;script&gt;a&amp;b&quot;c&#39;d&lt;/script&gt;");
}

TEST(HtmlText, LeavesPlainTextAlone) {
  EXPECT_EQ(html_escape("entry[0]/frame[3] \\x01"), "entry[0]/frame[3] \\x01");
}

TEST(HtmlText, WritesBidirectionalControlsAsTheirByteEscapes) {
  // U+202E, U+2066, U+200F and U+061C would reorder the name a browser shows.
  EXPECT_EQ(html_escape("evil\u202Efig.gaf"), "evil\\xE2\\x80\\xAEfig.gaf");
  EXPECT_EQ(html_escape("\u2066a\u200F\u061C"), "\\xE2\\x81\\xA6a\\xE2\\x80\\x8F\\xD8\\x9C");
  // Neighbouring characters that reorder nothing stay as they are.
  EXPECT_EQ(html_escape("\u2029\u2065\u202F\u05D0"), "\u2029\u2065\u202F\u05D0");
  // A sequence cut short at the end is left to the text as it is.
  EXPECT_EQ(html_escape(std::string_view("\xE2\x80", 2)), std::string("\xE2\x80"));
}

TEST(HtmlText, DataUriIsBase64) {
  EXPECT_EQ(png_data_uri("abcd"), "data:image/png;base64,YWJjZA==");
  EXPECT_EQ(png_data_uri(""), "data:image/png;base64,");
}

TEST(HtmlText, HistogramDrawsAtMostMaxBars) {
  Histogram histogram;
  for (int value = 0; value < 100; ++value) histogram[value] = 1 + value;
  const std::string svg = histogram_svg("frame.width", histogram);
  EXPECT_EQ(count(svg, "<rect"), max_bars);
  EXPECT_NE(svg.find(std::to_string(100 - max_bars) + " larger values not drawn"),
            std::string::npos);
}

TEST(HtmlText, SmallHistogramDrawsEveryValue) {
  const std::string svg = histogram_svg("<name>", Histogram{{1, 5}, {4, 10}});
  EXPECT_EQ(count(svg, "<rect"), 2u);
  EXPECT_NE(svg.find("&lt;name&gt;"), std::string::npos);
  EXPECT_EQ(svg.find("not drawn"), std::string::npos);
}

TEST(HtmlText, HistogramHasAxesTickLabelsAndTheCountOnEachBar) {
  const std::string svg = histogram_svg("durations", Histogram{{1, 5}, {4, 12345}});
  EXPECT_EQ(count(svg, "class=\"bar-value\""), 2u);
  EXPECT_NE(svg.find(">12345</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("class=\"axis-label x-label\""), std::string::npos);
  EXPECT_NE(svg.find(">count</text>"), std::string::npos);
  EXPECT_EQ(count(svg, "class=\"tick x-tick\""), 2u);
  EXPECT_NE(svg.find("class=\"tick y-tick\""), std::string::npos);
}

TEST(HtmlText, HistogramWidthGrowsWithItsLabelsAndTurnsWideValues) {
  const std::string narrow = histogram_svg("w", Histogram{{1, 1}, {2, 1}});
  const std::string wide = histogram_svg("w", Histogram{{-2147483647, 1}, {2147483647, 1}});
  const auto width = [](const std::string& svg) {
    const std::size_t at = svg.find("<svg width=\"") + 12;
    return std::stoi(svg.substr(at, svg.find('"', at) - at));
  };
  EXPECT_EQ(narrow.find("rotate(-45"), std::string::npos);
  EXPECT_NE(wide.find("rotate(-45"), std::string::npos);
  EXPECT_GT(width(wide), width(narrow));
}

TEST(HexExcerpt, ShowsTheRowBeforeAndTheFindingsRow) {
  std::vector<std::uint8_t> bytes(40);
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>('A' + i);
  const std::string text = hex_excerpt(ByteView(bytes.data(), bytes.size()), 0x12, 1, 6);
  EXPECT_EQ(text.substr(0, 10), "00000000  ");
  EXPECT_NE(text.find("\n00000010  51 52 53"), std::string::npos) << text;
  EXPECT_NE(text.find("QRSTUVWXYZ[\\]^_`"), std::string::npos) << text;
  EXPECT_NE(text.find("\n00000020  61 62"), std::string::npos) << text;
  EXPECT_EQ(count(text, "\n"), 3u);  // the file ends in the third row
}

TEST(HexExcerpt, IsBoundedInRowsAndClampedToTheFile) {
  std::vector<std::uint8_t> bytes(4096, 0x3C);  // '<' is printable and stays raw here
  const ByteView view(bytes.data(), bytes.size());
  EXPECT_EQ(count(hex_excerpt(view, 0x100, 4000, 6), "\n"), 6u);
  const std::string past = hex_excerpt(view, 1u << 30, 16, 6);
  EXPECT_EQ(past.substr(0, 8), "00000fe0") << past;  // the last byte's row and the one before
  EXPECT_EQ(count(past, "\n"), 2u);
  EXPECT_EQ(hex_excerpt(ByteView(), 0, 16, 6), "");
}

}  // namespace
}  // namespace gafcheck
