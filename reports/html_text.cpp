#include "reports/html_text.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <vector>

namespace gafcheck {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
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

std::string histogram_svg(std::string_view name, const Histogram& histogram) {
  constexpr int height = 100;
  constexpr int bar = 8;
  const std::size_t bars = std::min(histogram.size(), max_bars);
  std::uint64_t largest = 1;
  for (const auto& [value, count] : histogram) largest = std::max(largest, count);
  const int width = static_cast<int>(bars) * bar + 2;
  std::string svg = "<figure class=\"chart\"><figcaption>" + html_escape(name) +
                    "</figcaption><svg width=\"" + std::to_string(width) + "\" height=\"" +
                    std::to_string(height + 14) + "\" role=\"img\">";
  std::size_t i = 0;
  for (const auto& [value, count] : histogram) {
    if (i == bars) break;
    const int h =
        static_cast<int>(static_cast<double>(count) / static_cast<double>(largest) * height);
    const int x = 1 + static_cast<int>(i) * bar;
    svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(height - h) +
           "\" width=\"" + std::to_string(bar - 1) + "\" height=\"" + std::to_string(h) +
           "\"><title>" + std::to_string(value) + ": " + std::to_string(count) + "</title></rect>";
    ++i;
  }
  if (!histogram.empty())
    svg +=
        "<text x=\"1\" y=\"" + std::to_string(height + 12) + "\">" +
        std::to_string(histogram.begin()->first) + " .. " +
        std::to_string(std::next(histogram.begin(), static_cast<std::ptrdiff_t>(bars - 1))->first) +
        "</text>";
  svg += "</svg>";
  if (histogram.size() > bars)
    svg += "<p class=\"note\">" + std::to_string(histogram.size() - bars) +
           " larger values not drawn</p>";
  return svg + "</figure>";
}

}  // namespace gafcheck
