#include "reports/html_text.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <vector>

namespace gafcheck {

namespace {

// Byte length of the bidirectional control whose UTF-8 starts at text[i], else 0: U+061C,
// U+200E, U+200F, U+202A..U+202E and U+2066..U+2069. Raw in a page they reorder what a browser
// shows, so an uploaded "evil<U+202E>fig.gaf" would read as another name.
std::size_t bidi_control_length(std::string_view text, std::size_t i) {
  const auto at = [&](std::size_t k) {
    return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0u;
  };
  if (at(0) == 0xD8 && at(1) == 0x9C) return 2;
  if (at(0) != 0xE2) return 0;
  const unsigned second = at(1), third = at(2);
  const bool control =
      (second == 0x80 && (third == 0x8E || third == 0x8F || (third >= 0xAA && third <= 0xAE))) ||
      (second == 0x81 && third >= 0xA6 && third <= 0xA9);
  return control ? 3 : 0;
}

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (const std::size_t length = bidi_control_length(text, i)) {
      // Shown as the \xNN escapes escape_bytes writes for bytes it will not print raw.
      static constexpr char digits[] = "0123456789ABCDEF";
      for (std::size_t k = 0; k < length; ++k) {
        const auto byte = static_cast<unsigned char>(text[i + k]);
        ((out += "\\x") += digits[byte >> 4]) += digits[byte & 0xF];
      }
      i += length - 1;
      continue;
    }
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string png_data_uri(std::string_view png) {
  std::string out = "data:image/png;base64,";
  // EVP_EncodeBlock takes an int length: thumbnails are bounded far below it.
  std::vector<unsigned char> encoded(4 * ((png.size() + 2) / 3) + 1);
  const int length =
      EVP_EncodeBlock(encoded.data(), reinterpret_cast<const unsigned char*>(png.data()),
                      static_cast<int>(png.size()));
  out.append(reinterpret_cast<const char*>(encoded.data()), static_cast<std::size_t>(length));
  return out;
}

namespace {

// Text widths in the chart's 11px sans-serif, estimated from the length (digits are narrower than
// this): every box that holds a label is made from it, so no label is clipped.
constexpr int chart_char_width = 7;
constexpr int chart_font = 11;

int text_width(std::string_view text) {
  return static_cast<int>(text.size()) * chart_char_width;
}

std::string svg_text(int x, int y, std::string_view css_class, std::string_view text,
                     std::string_view extra = {}) {
  return "<text class=\"" + std::string(css_class) + "\" x=\"" + std::to_string(x) + "\" y=\"" +
         std::to_string(y) + "\"" + std::string(extra) + ">" + html_escape(text) + "</text>";
}

std::string svg_line(int x1, int y1, int x2, int y2) {
  return "<line x1=\"" + std::to_string(x1) + "\" y1=\"" + std::to_string(y1) + "\" x2=\"" +
         std::to_string(x2) + "\" y2=\"" + std::to_string(y2) + "\"/>";
}

// Where the chart's parts go: every margin is the width of the text it holds.
struct ChartLayout {
  int plot_height = 120;
  int left = 0, top = 0, slot = 0, bottom = 0, width = 0, height = 0;
  bool rotated = false;  // value labels turned -45 degrees (wider than their bar)
};

ChartLayout chart_layout(const Histogram& histogram, std::size_t bars, std::uint64_t largest) {
  ChartLayout layout;
  std::size_t widest_count = 0, widest_value = 0, i = 0;
  for (const auto& [value, count] : histogram) {
    if (i++ == bars) break;
    widest_count = std::max(widest_count, std::to_string(count).size());
    widest_value = std::max(widest_value, std::to_string(value).size());
  }
  layout.slot = std::max(18, static_cast<int>(widest_count) * chart_char_width + 4);
  layout.rotated = static_cast<int>(widest_value) * chart_char_width > layout.slot - 2;
  // A label turned -45 degrees drops about 0.71 of its length below the axis.
  const int value_drop = layout.rotated
                             ? static_cast<int>(widest_value) * chart_char_width * 71 / 100 + 8
                             : chart_font + 4;
  layout.left = text_width(std::to_string(largest)) + chart_font + 16;
  // The first value label, turned, reaches left of its bar by as much as it drops.
  if (layout.rotated) layout.left = std::max(layout.left, value_drop - layout.slot / 2 + 4);
  layout.top = chart_font + 6;
  layout.bottom = value_drop + chart_font + 10;
  layout.width = layout.left + static_cast<int>(bars) * layout.slot + 8;
  layout.height = layout.top + layout.plot_height + layout.bottom;
  return layout;
}

std::string chart_axes(std::string_view name, const ChartLayout& layout, std::uint64_t largest,
                       std::size_t bars) {
  const int base = layout.top + layout.plot_height;
  const int right = layout.left + static_cast<int>(bars) * layout.slot;
  std::string svg = "<g class=\"axes\">" + svg_line(layout.left, layout.top, layout.left, base) +
                    svg_line(layout.left, base, right, base);
  for (const std::uint64_t tick : {std::uint64_t{0}, largest / 2, largest}) {
    if (tick == largest / 2 && (tick == 0 || tick == largest)) continue;
    const int y = base - static_cast<int>(static_cast<double>(tick) / static_cast<double>(largest) *
                                          layout.plot_height);
    svg += svg_line(layout.left - 4, y, layout.left, y) +
           svg_text(layout.left - 6, y + 4, "tick y-tick", std::to_string(tick),
                    " text-anchor=\"end\"");
  }
  const int middle_y = layout.top + layout.plot_height / 2;
  svg += svg_text(chart_font, middle_y, "axis-label y-label", "count",
                  " text-anchor=\"middle\" transform=\"rotate(-90 " + std::to_string(chart_font) +
                      " " + std::to_string(middle_y) + ")\"");
  svg += svg_text(std::max(layout.left + text_width(name) / 2, (layout.left + right) / 2),
                  layout.height - 4, "axis-label x-label", name, " text-anchor=\"middle\"");
  return svg + "</g>";
}

}  // namespace

std::string histogram_svg(std::string_view name, const Histogram& histogram) {
  const std::size_t bars = std::min(histogram.size(), max_bars);
  std::uint64_t largest = 1;
  std::size_t i = 0;
  for (const auto& [value, count] : histogram)
    if (i++ < bars) largest = std::max(largest, count);
  ChartLayout layout = chart_layout(histogram, bars, largest);
  layout.width = std::max(layout.width, layout.left + text_width(name) + 8);
  const int base = layout.top + layout.plot_height;
  std::string svg = "<figure class=\"chart\" data-histogram=\"" + html_escape(name) +
                    "\"><figcaption>" + html_escape(name) + "</figcaption><svg width=\"" +
                    std::to_string(layout.width) + "\" height=\"" + std::to_string(layout.height) +
                    "\" role=\"img\" aria-label=\"" + html_escape(name) + ": count by value\">";
  svg += chart_axes(name, layout, largest, bars);
  i = 0;
  for (const auto& [value, count] : histogram) {
    if (i == bars) break;
    const int h = std::max(1, static_cast<int>(static_cast<double>(count) /
                                               static_cast<double>(largest) * layout.plot_height));
    const int x = layout.left + static_cast<int>(i) * layout.slot;
    const int centre = x + layout.slot / 2;
    const std::string value_text = std::to_string(value);
    svg += "<g class=\"bar\" data-value=\"" + value_text + "\" data-count=\"" +
           std::to_string(count) + "\"><rect x=\"" + std::to_string(x + 2) + "\" y=\"" +
           std::to_string(base - h) + "\" width=\"" + std::to_string(layout.slot - 4) +
           "\" height=\"" + std::to_string(h) + "\"><title>" + value_text + ": " +
           std::to_string(count) + "</title></rect>" +
           svg_text(centre, base - h - 3, "bar-value", std::to_string(count),
                    " text-anchor=\"middle\"");
    if (layout.rotated)
      svg += svg_text(centre + 4, base + 12, "tick x-tick", value_text,
                      " text-anchor=\"end\" transform=\"rotate(-45 " + std::to_string(centre + 4) +
                          " " + std::to_string(base + 12) + ")\"");
    else
      svg += svg_text(centre, base + chart_font + 3, "tick x-tick", value_text,
                      " text-anchor=\"middle\"");
    svg += "</g>";
    ++i;
  }
  svg += "</svg>";
  if (histogram.size() > bars)
    svg += "<p class=\"note\">" + std::to_string(histogram.size() - bars) +
           " larger values not drawn</p>";
  return svg + "</figure>";
}

}  // namespace gafcheck
