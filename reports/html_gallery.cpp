#include "reports/html_gallery.hpp"

#include <algorithm>
#include <cctype>

#include "reports/gallery_tiles.hpp"
#include "reports/html_text.hpp"
#include "reports/text_writer.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

// Marks gallery_tiles_html() puts in a group's text for PageGallery::take(). Every text inside
// the page is escaped (no '<' of its own), so none can forge them.
constexpr std::string_view tile_open = "<!--gafcheck-tile-->";
constexpr std::string_view tile_close = "<!--/gafcheck-tile-->";
constexpr std::string_view entries_open = "<!--gafcheck-entries:";  // then N, "-->"
constexpr std::string_view unavailable_mark = "<!--gafcheck-tiles-unavailable-->";
constexpr std::string_view mark_close = "-->";

std::string lowercase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// The tool (with the confidence) on the tile, the whole answer with its basis on hover.
std::string writer_html(const WriterIdentity& writer) {
  const std::string shown =
      writer.tool == unknown_writer ? writer.tool : writer.tool + ", " + writer.confidence;
  return "<br><span class=\"tile-writer\" title=\"writer: " + html_escape(writer_text(writer)) +
         "\">" + html_escape(sanitize_text(shown)) + "</span>";
}

std::string tile_html(const FileReport& report, const GalleryTile& tile,
                      const std::string& searched) {
  const std::string& sha256 = report.sha256.empty() ? report.attachments->sha256 : report.sha256;
  const std::string entry =
      tile.entry.empty() ? "(no name)" : html_escape(escape_bytes(tile.entry));
  std::string html = std::string(tile_open) + "<figure class=\"tile\" data-search=\"" +
                     html_escape(lowercase(escape_bytes(tile.entry) + " " + searched)) + "\">";
  if (tile.png.empty()) {
    html += "<div class=\"no-picture\">" + html_escape(sanitize_text(tile.reason)) + "</div>";
  } else {
    // Small frames are shown larger (pixelated), never past the tile.
    const std::uint32_t larger = std::max(tile.width, tile.height);
    const std::uint32_t scale = std::clamp<std::uint32_t>(96 / std::max(1u, larger), 1, 4);
    html += "<img alt=\"" + entry + "\" width=\"" + std::to_string(tile.width * scale) +
            "\" height=\"" + std::to_string(tile.height * scale) + "\" src=\"" +
            png_data_uri(tile.png) + "\">";
    if (!tile.reason.empty())
      html += "<div class=\"note\" title=\"" + html_escape(sanitize_text(tile.reason)) +
              "\">drawn strict: the game cannot draw it</div>";
  }
  return html + "<figcaption><b class=\"tile-entry\">" + entry +
         "</b><br><span class=\"tile-file\">" + html_escape(escape_bytes(report.path)) +
         "</span><br><span class=\"tile-format\">" + std::string(format_name(report.format)) +
         "</span> <code class=\"tile-sha\" title=\"sha256\">" + html_escape(sha256) + "</code>" +
         (report.writer ? writer_html(*report.writer) : std::string()) + "</figcaption></figure>" +
         std::string(tile_close);
}

}  // namespace

std::string gallery_tiles_html(const FileReport& report) {
  if (!report.attachments) return {};
  const ReportAttachments& attachments = *report.attachments;
  if (!attachments.unavailable.empty()) return std::string(unavailable_mark);
  if (attachments.gallery_entries == 0) return {};
  std::string rules;
  for (const Finding& finding : report.findings)
    if (rules.find(rule_name(finding.rule)) == std::string::npos)
      rules += " " + std::string(rule_name(finding.rule));
  const std::string searched = escape_bytes(report.path) + " " +
                               std::string(format_name(report.format)) + rules +
                               (report.writer ? " " + sanitize_text(report.writer->tool) : "");
  std::string html;
  for (const GalleryTile& tile : attachments.gallery) html += tile_html(report, tile, searched);
  return html + std::string(entries_open) + std::to_string(attachments.gallery_entries) +
         std::string(mark_close);
}

std::string PageGallery::take(std::string_view text, std::uint64_t& picture_room) {
  std::string rest;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t mark = text.find("<!--gafcheck-", at);
    const std::string_view marked = mark == std::string_view::npos ? "" : text.substr(mark);
    const bool ours = marked.starts_with(tile_open) || marked.starts_with(entries_open) ||
                      marked.starts_with(unavailable_mark);
    if (!ours) {
      const std::size_t next = mark == std::string_view::npos ? text.size() : mark + 1;
      rest.append(text.substr(at, next - at));
      at = next;
      continue;
    }
    rest.append(text.substr(at, mark - at));
    if (marked.starts_with(tile_open)) {
      const std::size_t end = text.find(tile_close, mark);
      const std::string_view tile =
          text.substr(mark + tile_open.size(), end - mark - tile_open.size());
      if (left_ > 0 && tile.size() > picture_room) {
        ++cut_for_heap_;
      } else if (left_ > 0) {
        --left_;
        ++shown_;
        picture_room -= tile.size();
        tiles_.append(tile);
      }
      at = end + tile_close.size();
    } else if (marked.starts_with(entries_open)) {
      const std::size_t number = mark + entries_open.size();
      const std::size_t end = text.find(mark_close, number);
      entries_ += std::stoull(std::string(text.substr(number, end - number)));
      at = end + mark_close.size();
    } else {
      ++unavailable_;
      at = mark + unavailable_mark.size();
    }
  }
  return rest;
}

std::string PageGallery::html(std::string_view option) const {
  if (entries_ == 0 && unavailable_ == 0) return {};
  std::string section = "<section id=\"gallery\"><h2>Gallery</h2>";
  if (shown_ < entries_)
    section +=
        "<p class=\"note gallery-bound\">gallery shows the first " + std::to_string(shown_) +
        " of " + std::to_string(entries_) + " entries (--" + std::string(option) + ", at most " +
        std::to_string(gallery_tiles_per_file) + " a file" +
        (cut_for_heap_ > 0 ? "; budget.exceeded: heap, the page's pictures would pass --max-heap"
                           : std::string()) +
        ")</p>";
  if (unavailable_ > 0)
    section += "<p class=\"note gallery-unavailable\">thumbnails unavailable for " +
               std::to_string(unavailable_) + (unavailable_ == 1 ? " file" : " files") +
               " the report names: not found beneath --root, unreadable or changed since the "
               "report</p>";
  if (!tiles_.empty())
    section +=
        "<p><label>Filter the gallery: <input id=\"gallery-filter\" type=\"search\" "
        "placeholder=\"entry name, file, format, rule or writer\"></label></p><div "
        "class=\"tiles\">" +
        tiles_ + "</div>";
  return section + "</section>\n";
}

}  // namespace gafcheck
