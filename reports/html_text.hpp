#pragma once
// Text pieces of the HTML report (html_writer.hpp): escaping, data: URIs and inline SVG charts.
#include <cstdint>
#include <string>
#include <string_view>

#include "validator/result/file_report.hpp"

namespace gafcheck {

// & < > " ' as character references; for text and attribute values alike. Input-derived names
// are escape_bytes()d first (printable UTF-8), then passed through here. Bidirectional controls
// (U+202E and its kin), which would make a browser show a name reordered, are written as the
// \xNN escapes of their bytes, so every page shows the name as its bytes run.
std::string html_escape(std::string_view text);

// The head of every gafcheck page: UTF-8, and a content security policy that lets the page load
// nothing from anywhere (its pictures are data: URIs, its style and script inline), so even a
// name that escaped its escaping could fetch nothing and send nothing.
inline constexpr std::string_view page_head_meta =
    "<meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
    "'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">";

// "data:image/png;base64,..." (base64 by OpenSSL's EVP_EncodeBlock).
std::string png_data_uri(std::string_view png);

// A bar chart of a survey histogram as inline SVG: one bar per value, at most max_bars (the
// values past them are counted in a note), heights scaled to the largest count. It has axes, a
// count scale, the value under each bar and its count on top (class bar-value), and axis labels
// (class axis-label); every margin and bar is as wide as the text it holds, estimated from the
// text's length, and value labels wider than their bar are turned -45 degrees, so none is clipped.
inline constexpr std::size_t max_bars = 64;
std::string histogram_svg(std::string_view name, const Histogram& histogram);

}  // namespace gafcheck
