#include "validator/compare/diff_page.hpp"

#include <algorithm>
#include <sstream>

#include "reports/html_text.hpp"
#include "validator/compare/diff_document.hpp"
#include "validator/compare/diff_page_style.hpp"
#include "validator/core/text.hpp"

namespace gafcheck::compare {
namespace {

// Rows of the changes and statements tables and items of the findings lists on one page: a diff
// of thousands of changed files would otherwise be a page of millions of rows. The rows past it
// are counted per file and in the header; --format json lists every one.
constexpr std::uint64_t page_rows = 20000;

struct RowBudget {
  std::uint64_t left = page_rows;
  std::uint64_t cut = 0;       // in all
  std::uint64_t file_cut = 0;  // of the file being written
  // Whether one more row is shown; a row not shown is counted.
  bool take() {
    if (left > 0) {
      --left;
      return true;
    }
    ++cut;
    ++file_cut;
    return false;
  }
};

// Text from the inputs, printable and HTML-escaped.
std::string shown(std::string_view text) {
  return html_escape(escape_bytes(text));
}

std::string change_badge(std::string_view change) {
  return "<span class=\"change c-" + std::string(change) + "\">" + std::string(change) + "</span>";
}

std::string fields_cell(const std::vector<FieldChange>& fields) {
  std::string cell;
  for (const FieldChange& field : fields) {
    if (!cell.empty()) cell += "<br>";
    cell += "<span" + std::string(field.drawn ? " class=\"drawn\"" : "") + ">" +
            html_escape(field.field) + "</span>";
    if (field.field != "bytes")
      cell += ": " + shown(field.before) + " &rarr; " + shown(field.after);
  }
  return cell;
}

std::string box_text(const PixelBox& box) {
  return std::to_string(box.width) + "&times;" + std::to_string(box.height) + " at (" +
         std::to_string(box.left) + "," + std::to_string(box.top) + ")";
}

std::string frame_label(const FrameDiff& frame) {
  if (frame.change == FrameChange::moved)
    return std::to_string(*frame.old_index) + " &rarr; " + std::to_string(*frame.new_index);
  std::string label = std::to_string(frame.new_index ? *frame.new_index : *frame.old_index);
  if (frame.old_index && frame.new_index && *frame.old_index != *frame.new_index)
    label += " (was " + std::to_string(*frame.old_index) + ")";
  return label;
}

void frame_row(std::ostream& out, const std::string& entry, const FrameDiff& frame) {
  out << "<tr><td>" << entry << "</td><td>" << frame_label(frame) << "</td><td>"
      << change_badge(frame_change_name(frame.change)) << "</td><td>" << fields_cell(frame.fields)
      << "</td><td>";
  if (frame.pixels) out << frame.pixels->differing;
  out << "</td><td>";
  if (frame.pixels && frame.pixels->differing != 0) out << box_text(frame.pixels->box);
  out << "</td><td>";
  if (frame.pixels && frame.pixels->remap)
    out << int{frame.pixels->remap->from} << " &rarr; " << int{frame.pixels->remap->to};
  out << "</td></tr>\n";
}

void entry_rows(std::ostream& out, const EntryDiff& entry, RowBudget& rows) {
  const bool listed = entry.change == EntryChange::added || entry.change == EntryChange::removed;
  if (!rows.take()) {
    const std::uint64_t own = listed ? 1 : entry.frames.size();
    rows.cut += own;
    rows.file_cut += own;
    return;
  }
  std::string note;
  if (entry.change == EntryChange::renamed) note = " from " + shown(entry.old_name);
  if (!entry.reachable)
    note += " (not reachable: the game finds an earlier entry of this name, or loads none)";
  if (entry.change == EntryChange::changed || entry.change == EntryChange::re_encoded)
    note += " (" + counted(entry.unchanged_frames, "frame") + " unchanged)";
  if (entry.positional) note += " (frames aligned by position)";
  out << "<tr class=\"entry\"><td>" << shown(entry.name) << "</td><td></td><td>"
      << change_badge(entry_change_name(entry.change)) << note << "</td><td>"
      << fields_cell(entry.fields) << "</td><td></td><td></td><td></td></tr>\n";
  if (listed) {
    if (!rows.take()) return;
    out << "<tr><td></td><td colspan=\"6\" class=\"note\">" << counted(entry.frames.size(), "frame")
        << " " << (entry.change == EntryChange::added ? "added" : "removed") << "</td></tr>\n";
    return;
  }
  for (const FrameDiff& frame : entry.frames)
    if (rows.take()) frame_row(out, shown(entry.name), frame);
}

// One picture's image element at the frame's display size.
std::string image(const std::string& attributes, std::uint64_t width, std::uint64_t height) {
  return "<img " + attributes + " width=\"" + std::to_string(width) + "\" height=\"" +
         std::to_string(height) + "\" alt=\"\">";
}

std::string as_uri(const std::vector<std::uint8_t>& png) {
  return png_data_uri(std::string_view(reinterpret_cast<const char*>(png.data()), png.size()));
}

void frame_figure(std::ostream& out, const EntryDiff& entry, const FrameDiff& frame) {
  const FramePictures& pictures = *frame.pictures;
  // Small sprites are shown enlarged (up to 16 times, to about 320 pixels), pixels kept sharp.
  const std::uint64_t largest =
      std::max<std::uint64_t>({pictures.box.width, pictures.box.height, std::uint64_t{1}});
  const std::uint64_t scale = std::clamp<std::uint64_t>(320 / largest, 1, 16);
  const std::uint64_t w = pictures.box.width * scale, h = pictures.box.height * scale;
  const std::string size =
      "style=\"width:" + std::to_string(w + 2) + "px;height:" + std::to_string(h + 2) + "px\"";
  out << "<figure class=\"compare\" data-view=\"two-up\"><figcaption>" << shown(entry.name)
      << " frame " << frame_label(frame) << ": " << (frame.pixels ? frame.pixels->differing : 0)
      << " pixels differ; the pictures cover " << box_text(pictures.box)
      << " (anchor coordinates), shown " << scale << "&times;</figcaption>\n"
      << "<div class=\"views\"><button type=\"button\" data-view=\"two-up\" class=\"on\">side by "
         "side</button><button type=\"button\" data-view=\"swipe\">swipe</button><button "
         "type=\"button\" data-view=\"onion\">onion skin</button></div>\n<div class=\"view "
         "two-up\">";
  for (const auto& [name, png] :
       {std::pair("old", &pictures.old_png), std::pair("new", &pictures.new_png),
        std::pair("difference", &pictures.difference_png)})
    out << "<figure><div class=\"stage\">"
        << image("class=\"" + std::string(name) + "\" src=\"" + as_uri(*png) + "\"", w, h)
        << "</div><figcaption>" << name << "</figcaption></figure>";
  out << "</div>\n<div class=\"view swipe\"><div class=\"stage\" " << size << ">"
      << image("data-side=\"new\"", w, h) << "<div class=\"overlay swipe-top\">"
      << image("data-side=\"old\"", w, h)
      << "</div></div><label>old | new <input type=\"range\" min=\"0\" max=\"100\" "
         "value=\"50\"></label></div>\n<div class=\"view onion\"><div class=\"stage\" "
      << size << ">" << image("data-side=\"old\"", w, h)
      << image("class=\"overlay\" style=\"opacity:.5\" data-side=\"new\"", w, h)
      << "</div><label>old <input type=\"range\" min=\"0\" max=\"100\" value=\"50\"> "
         "new</label></div>\n</figure>\n";
}

void sprite_part(std::ostream& out, const SpriteDiff& sprite, RowBudget& rows) {
  out << "<p class=\"note\">" << sprite.unchanged_entries << " entries unchanged</p>\n";
  for (const auto& [side, stopped] :
       {std::pair("OLD", &sprite.old_stopped), std::pair("NEW", &sprite.new_stopped)})
    if (!stopped->empty()) out << "<p>" << side << "'s read stopped: " << shown(*stopped) << "</p>";
  if (sprite.entries.empty()) return;
  out << "<table class=\"changes\"><tr><th>entry</th><th>frame</th><th>change</th><th>fields "
         "(bold: the game shows it)</th><th>pixels differing</th><th>box</th><th>remap</th></tr>\n";
  for (const EntryDiff& entry : sprite.entries) entry_rows(out, entry, rows);
  out << "</table>\n";
  for (const EntryDiff& entry : sprite.entries)
    for (const FrameDiff& frame : entry.frames)
      if (frame.pictures) frame_figure(out, entry, frame);
}

void tsf_part(std::ostream& out, const std::vector<TsfChange>& changes, RowBudget& rows) {
  if (changes.empty()) return;
  out << "<table class=\"statements\"><tr><th>statement</th><th>old</th><th>new</th></tr>\n";
  const auto side = [](const std::optional<std::string>& value, std::uint64_t line) {
    return value ? shown(*value) + " <span class=\"note\">line " + std::to_string(line) + "</span>"
                 : std::string("<span class=\"note\">(none)</span>");
  };
  for (const TsfChange& change : changes)
    if (rows.take())
      out << "<tr><td>" << shown(change.key) << "</td><td>" << side(change.before, change.old_line)
          << "</td><td>" << side(change.after, change.new_line) << "</td></tr>\n";
  out << "</table>\n";
}

void findings_part(std::ostream& out, const FindingsDelta& findings, RowBudget& rows) {
  for (const auto& [title, css, list] : {std::tuple("Findings gained", "gained", &findings.added),
                                         std::tuple("Findings lost", "lost", &findings.resolved)}) {
    if (list->empty()) continue;
    out << "<h3>" << title << "</h3><ul class=\"findings " << css << "\">\n";
    for (const DiffFinding& finding : *list) {
      if (!rows.take()) continue;
      std::ostringstream offset;
      offset << std::hex << finding.offset;
      out << "<li>" << html_escape(finding.severity) << " <code>" << html_escape(finding.rule)
          << "</code> at 0x" << offset.str() << " " << shown(finding.path) << ": "
          << shown(finding.message) << "</li>\n";
    }
    out << "</ul>\n";
  }
}

void file_section(std::ostream& out, const FileDiff& file, RowBudget& rows) {
  out << "<section class=\"file\"><h2>" << change_badge(file_change_name(file.change)) << ' '
      << shown(file.path) << "</h2>\n";
  if (!file.old_path.empty())
    out << "<p>" << (file.change == FileChange::copied ? "copy of " : "was ")
        << shown(file.old_path) << "</p>\n";
  if (!file.old_format.empty() || !file.new_format.empty())
    out << "<p class=\"note\">OLD: " << html_escape(file.old_format) << ", " << file.old_size
        << " bytes; NEW: " << html_escape(file.new_format) << ", " << file.new_size
        << " bytes</p>\n";
  if (!file.note.empty()) out << "<p>" << shown(file.note) << "</p>\n";
  rows.file_cut = 0;
  if (file.sprite) sprite_part(out, *file.sprite, rows);
  tsf_part(out, file.tsf, rows);
  findings_part(out, file.findings, rows);
  if (rows.file_cut > 0)
    out << "<p class=\"note\">" << rows.file_cut
        << " more rows of this file not shown on this page (it shows " << page_rows
        << " rows at most, the first in path order; --format json lists every one)</p>\n";
  out << "</section>\n";
}

void header(std::ostream& out, const ContentDiff& diff, const RowBudget& rows) {
  const std::string verdict(content_verdict(diff));
  out << "<header><h1>gafcheck diff</h1><p>" << shown(diff.old_label) << " &rarr; "
      << shown(diff.new_label) << " <span class=\"note\">(" << html_escape(diff.kind)
      << ")</span></p>\n<p>Verdict: <strong class=\"verdict-" << verdict << "\">" << verdict
      << "</strong>" << (diff.unreadable ? " (a file could not be read: not compared)" : "")
      << "</p>\n<table class=\"counts\"><tr>";
  const ChangeCounts& c = diff.counts;
  const std::pair<const char*, std::uint64_t> counts[] = {
      {"changed", c.changed},    {"re-encoded", c.re_encoded}, {"added", c.added},
      {"removed", c.removed},    {"moved", c.moved},           {"copied", c.copied},
      {"unchanged", c.unchanged}};
  for (const auto& [name, count] : counts) out << "<th>" << name << "</th>";
  out << "<th>findings gained</th><th>findings lost</th></tr><tr>";
  for (const auto& [name, count] : counts) out << "<td>" << count << "</td>";
  std::uint64_t gained = 0, lost = 0;
  for (const FileDiff& file : diff.files)
    gained += file.findings.added.size(), lost += file.findings.resolved.size();
  out << "<td>" << gained << "</td><td>" << lost << "</td></tr></table>\n";
  const PictureTally& pictures = diff.pictures;
  out << "<p class=\"note\">Changed frames drawn: " << pictures.taken
      << "; palette: " << shown(pictures.palette) << ".";
  if (pictures.past_max_frames != 0)
    out << " <strong>" << pictures.past_max_frames << " more changed frames not drawn: past "
        << "--max-pictures " << pictures.max_frames << ".</strong>";
  if (pictures.past_heap != 0)
    out << " <strong>" << pictures.past_heap << " changed frames not drawn: their pictures "
        << "would pass the heap budget (--max-heap " << pictures.heap_budget << ").</strong>";
  if (rows.cut != 0)
    out << " <strong>" << rows.cut << " more rows not shown: the page shows " << page_rows
        << " at most (--format json lists every one).</strong>";
  out << "</p></header>\n";
}

}  // namespace

std::string html_content_diff(const ContentDiff& diff) {
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head>" << page_head_meta
      << "<title>gafcheck diff: " << shown(diff.old_label) << " &rarr; " << shown(diff.new_label)
      << "</title>" << diff_page_style << "</head><body>\n";
  std::ostringstream body;
  RowBudget rows;
  for (const FileDiff& file : diff.files) file_section(body, file, rows);
  header(out, diff, rows);
  out << "<main>\n" << body.view();
  if (diff.files.empty()) out << "<p>No file differs.</p>\n";
  out << "</main>\n" << diff_page_script << "\n</body></html>\n";
  return out.str();
}

}  // namespace gafcheck::compare
