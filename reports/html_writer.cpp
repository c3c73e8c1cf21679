#include "reports/html_writer.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <set>

#include "reports/gallery_tiles.hpp"
#include "reports/html_blocks.hpp"
#include "reports/html_gallery.hpp"
#include "reports/html_text.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

constexpr std::string_view style = R"(<style>
body{font:14px/1.4 sans-serif;margin:1em 2em;color:#111;background:#fff}
table{border-collapse:collapse;margin:.5em 0;max-width:100%}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
.file{border-top:2px solid #888;margin-top:1.5em}.file h2{font-size:1.1em;word-break:break-all}
.v-errors,.v-rejected{color:#b00}.v-warnings{color:#a60}.v-clean{color:#070}
.r-crash,.r-garbage{background:#fdd}.r-dropped{background:#fed}
pre{background:#f4f4f4;padding:4px;font-size:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.rules td:nth-child(-n+5){white-space:nowrap}
.findings td:nth-child(n+5),.file h2,.tile,.block-files li,.note{overflow-wrap:anywhere}
.thumbs{display:flex;flex-wrap:wrap;gap:1em}.thumbs figure{margin:0;max-width:100%}
.thumbs img,.tile img{image-rendering:pixelated;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px;border:1px solid #999;max-width:100%;height:auto}
.charts{display:flex;flex-wrap:wrap;gap:1em}.chart{margin:0;max-width:100%;overflow-x:auto}
.chart rect{fill:#469}.chart text{font:11px sans-serif;fill:#222}.chart line{stroke:#444}
.chart .axis-label{font-weight:bold}
.tiles{display:flex;flex-wrap:wrap;gap:.75em}.tile{margin:0;width:150px;font-size:11px}
.tile-sha{word-break:break-all;font-size:9px;color:#555}.no-picture{color:#666;font-style:italic}
.tile-writer{font-size:10px;color:#555}
.block-count{margin:.2em 0}.block-files ul{columns:2;font-size:12px;word-break:break-all}
.note{color:#666;font-size:12px}.hidden{display:none}
</style>)";

// Hides finding rows (and then files) that do not match the chosen rule and severity.
constexpr std::string_view script = R"(<script>
function gafcheckFilter(){
  var rule=document.getElementById('filter-rule').value,sev=document.getElementById('filter-severity').value;
  document.querySelectorAll('section.file').forEach(function(s){
    var shown=0;
    s.querySelectorAll('tr.finding').forEach(function(r){
      var ok=(!rule||r.dataset.rule===rule)&&(!sev||r.dataset.severity===sev);
      r.classList.toggle('hidden',!ok);if(ok)shown++;});
    s.classList.toggle('hidden',(rule||sev)&&shown===0);});
}
document.getElementById('filter-rule').addEventListener('change',gafcheckFilter);
document.getElementById('filter-severity').addEventListener('change',gafcheckFilter);
)";

// Marks render() puts around what the report-wide bounds may drop, for write() to keep or cut.
// Every text inside the page is escaped (no '<' of its own), so none can forge them.
constexpr std::string_view frame_open = "<!--gafcheck-frame-->";
constexpr std::string_view frame_close = "<!--/gafcheck-frame-->";
constexpr std::string_view excerpt_open = "<!--gafcheck-excerpt-->";
constexpr std::string_view excerpt_close = "<!--/gafcheck-excerpt-->";
// Closes a file's pictures: "<!--gafcheck-left-out:N-->", N the frames its own bound left out.
constexpr std::string_view left_out_open = "<!--gafcheck-left-out:";
constexpr std::string_view left_out_close = "-->";
// Around each finding row, and after a file's findings table, for the page's bound on rows.
// Every mark starts "<!--gafcheck-", so write() finds the row's end mark as it finds the others.
constexpr std::string_view finding_open = "<!--gafcheck-finding-->";
constexpr std::string_view finding_close = "<!--gafcheck-/finding-->";
constexpr std::string_view findings_end = "<!--gafcheck-findings-end-->";
// Opens a group whose block files with the same findings may share:
// "<!--gafcheck-block:KEY:NAME-->" (NAME the file's escaped name).
constexpr std::string_view block_open = "<!--gafcheck-block:";

std::string lowercase_hex(std::uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%" PRIx64, value);
  return text;
}

std::string name_html(const std::string& raw) {
  return html_escape(escape_bytes(raw));
}

std::string thumbnails_html(const ReportAttachments& attachments) {
  std::string html;
  if (!attachments.unavailable.empty())
    html += "<p class=\"note unavailable\">" + html_escape(sanitize_text(attachments.unavailable)) +
            "</p>";
  std::string current;
  for (const ReportThumbnail& thumbnail : attachments.thumbnails) {
    if (thumbnail.frame_path != current) {
      if (!current.empty()) html += "</div>" + std::string(frame_close);
      current = thumbnail.frame_path;
      html += std::string(frame_open) + "<h3>" + html_escape(sanitize_text(current)) +
              "</h3><div class=\"thumbs\">";
    }
    html += "<figure>";
    if (thumbnail.png.empty()) {
      html += "<figcaption>" + html_escape(thumbnail.policy) +
              ": not drawn: " + html_escape(sanitize_text(thumbnail.reason)) + "</figcaption>";
    } else {
      const std::uint32_t larger = std::max(thumbnail.width, thumbnail.height);
      const std::uint32_t scale = larger >= 128 ? 1 : std::min<std::uint32_t>(4, 128 / larger);
      html += "<img alt=\"" + html_escape(thumbnail.policy) + "\" width=\"" +
              std::to_string((thumbnail.width + 3) * scale) + "\" height=\"" +
              std::to_string(thumbnail.height * scale) + "\" src=\"" + png_data_uri(thumbnail.png) +
              "\"><figcaption>" + html_escape(thumbnail.policy) + " ";
      if (thumbnail.full_width != 0)
        html += std::to_string(thumbnail.full_width) + "x" + std::to_string(thumbnail.full_height) +
                " scaled to ";
      html += std::to_string(thumbnail.width) + "x" + std::to_string(thumbnail.height);
      if (!thumbnail.rows.empty()) {
        html += ", defective rows";
        for (const std::uint32_t row : thumbnail.rows) html += " " + std::to_string(row);
      }
      html += "</figcaption>";
    }
    html += "</figure>";
  }
  if (!current.empty()) html += "</div>" + std::string(frame_close);
  return html + std::string(left_out_open) + std::to_string(attachments.frames_left_out) +
         std::string(left_out_close);
}

// group_worst: the worst retail impact of the input's group (an archive and its members), which
// the page is sorted by.
std::string file_html(const ReportItem& item, Retail group_worst) {
  const FileReport& report = *item.report;
  const Catalog& catalog = embedded_catalog();
  std::set<std::string> rules, severities;
  std::string rows;
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    const Finding& finding = report.findings[i];
    const std::string rule(rule_name(finding.rule));
    const std::string severity(severity_name(finding.severity));
    rules.insert(rule);
    severities.insert(severity);
    rows += std::string(finding_open) + "<tr class=\"finding r-" +
            std::string(retail_name(finding.retail)) + "\" data-rule=\"" + html_escape(rule) +
            "\" data-severity=\"" + severity + "\"><td><a href=\"#rule-" + html_escape(rule) +
            "\">" + html_escape(rule) + "</a><br><span class=\"note\">" +
            html_escape(catalog.info(finding.rule).title) + "</span></td><td>" + severity +
            (finding.suppressed ? " (suppressed)" : "") + "</td><td>" +
            std::string(retail_name(finding.retail)) + "</td><td>" + lowercase_hex(finding.offset) +
            "</td><td>" + html_escape(sanitize_text(finding.path)) + "</td><td>" +
            html_escape(sanitize_text(finding.message));
    if (report.attachments)
      for (const HexExcerpt& excerpt : report.attachments->excerpts)
        if (excerpt.finding == i && !excerpt.text.empty())
          rows += std::string(excerpt_open) + "<details><summary>bytes</summary><pre>" +
                  html_escape(excerpt.text) + "</pre></details>" + std::string(excerpt_close);
    rows += "</td></tr>" + std::string(finding_close);
  }
  std::string joined_rules;
  for (const std::string& rule : rules) joined_rules += (joined_rules.empty() ? "" : " ") + rule;
  std::string html =
      "<section class=\"file\" data-retail=\"" + std::string(retail_name(report.retail)) +
      "\" data-group-retail=\"" + std::string(retail_name(group_worst)) + "\" data-rules=\"" +
      html_escape(joined_rules) + "\"><h2>" + name_html(report.path) + "</h2><p><b class=\"v-" +
      std::string(verdict_name(report.verdict)) + "\">" +
      std::string(verdict_name(report.verdict)) + "</b> · retail impact <b>" +
      std::string(retail_name(report.retail)) + "</b> · " + std::to_string(report.size) + " bytes";
  if (report.member_of) html += " · member of " + name_html(*report.member_of);
  html += "</p>";
  if (!rows.empty())
    html +=
        "<table class=\"findings\"><tr><th>rule</th><th>severity</th><th>retail</th><th>offset</th>"
        "<th>structure</th><th>message</th></tr>" +
        rows + "</table>" + std::string(findings_end);
  if (report.findings_suppressed > 0)
    html += "<p class=\"note\">" + std::to_string(report.findings_suppressed) +
            " more findings counted, not listed (--max-findings)</p>";
  // A file without findings has no pictures here (its entries are in the gallery), nor a note
  // about them.
  if (report.attachments && !report.findings.empty()) html += thumbnails_html(*report.attachments);
  return html + "</section>\n";
}

// The severities the rule's findings were reported with (the check's refinement, the profile's
// and the configuration's rating applied), the most common first; the catalogue's default only
// for a report that did not keep them, and then named as such.
std::string reported_severities(const RuleTotals& counts, const RuleInfo* info) {
  if (counts.severities.empty())
    return info ? std::string(severity_name(info->severity)) +
                      " <span class=\"note\">(the catalogue's default: the report does not say "
                      "what its findings were reported with)</span>"
                : std::string();
  if (counts.severities.size() == 1) return html_escape(counts.severities.begin()->first);
  std::vector<std::pair<std::uint64_t, std::string>> ranked;
  for (const auto& [severity, count] : counts.severities) ranked.emplace_back(count, severity);
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string text;
  for (const auto& [count, severity] : ranked)
    text += (text.empty() ? "" : ", ") + html_escape(severity) + " (" + std::to_string(count) + ")";
  return text;
}

bool clean_row(const FileReport& report) {
  return report.findings.empty() && report.verdict == Verdict::clean;
}

class HtmlWriter final : public FormatWriter {
 public:
  HtmlWriter(std::unique_ptr<ReportOutput> output, const FormatContext& context)
      : FormatWriter(std::move(output)),
        frames_left_(context.html_thumbnails),
        picture_limit_(context.html_picture_bytes),
        gallery_(context.gallery_thumbnails),
        palette_(context.palette) {}

  void header(const ReportHeader& header) override {
    command_ = header.command;
    command_line_ = header.command_line;
    started_ = header.started_at;
  }

  RenderedGroup render(std::span<const ReportItem> items) const override {
    RenderedGroup group;
    Retail worst = Retail::none;
    bool all_clean = true;
    for (const ReportItem& item : items) {
      worst = std::max(worst, item.report->retail);
      all_clean = all_clean && clean_row(*item.report);
    }
    if (!all_clean && items.size() == 1)
      if (const auto key = finding_block_key(*items.front().report))
        group.text =
            std::string(block_open) + *key + ":" + name_html(items.front().report->path) + "-->";
    for (const ReportItem& item : items) group.text += gallery_tiles_html(*item.report);
    for (const ReportItem& item : items) {
      if (all_clean)
        group.text += "<tr><td>" + name_html(item.report->path) + "</td><td>" +
                      std::to_string(item.report->size) + "</td></tr>";
      else
        group.text += file_html(item, worst);
    }
    group.tally[0] = static_cast<std::uint64_t>(worst);
    group.tally[1] = all_clean ? 1 : 0;
    return group;
  }

  void write(RenderedGroup&& group) override {
    std::string_view text = group.text;
    std::optional<std::string> key;
    std::string name;
    if (text.starts_with(block_open)) {
      const std::size_t colon = text.find(':', block_open.size());
      const std::size_t end = text.find("-->", colon);
      key = std::string(text.substr(block_open.size(), colon - block_open.size()));
      name = std::string(text.substr(colon + 1, end - colon - 1));
      text.remove_prefix(end + 3);
    }
    std::uint64_t room = picture_limit_ - std::min(picture_limit_, picture_bytes_);
    const std::uint64_t had = room;
    std::string rest = gallery_.take(text, room);
    picture_bytes_ += had - room;
    if (group.tally[1])
      clean_ += rest;
    else if (!key || !blocks_.join(*key, name))
      blocks_.add(static_cast<Retail>(group.tally[0]), bounded(rest), key, std::move(name));
  }

  void summary(const RunTotals& totals, const ReportClosing& closing) override {
    std::string page = "<!DOCTYPE html>\n<html lang=\"en\"><head>" + std::string(page_head_meta) +
                       "<title>gafcheck " + html_escape(command_) + " report</title>" +
                       std::string(style) + "</head><body>\n";
    page += "<h1>gafcheck " + html_escape(command_) + " report</h1><p class=\"note\">" +
            html_escape(sanitize_text(command_line_)) + "<br>started " + html_escape(started_) +
            ", " + std::to_string(closing.wall_seconds) + " s" +
            (closing.interrupted ? ", INTERRUPTED" : "") + ", gafcheck " + tool_version() +
            "</p>\n<p class=\"note palette\">Pictures drawn with " +
            (palette_ == "forensic"
                 ? std::string("the forensic palette (each index its own colour, not the game's: "
                               "--palette gives the game's)")
                 : "the palette " + html_escape(sanitize_text(palette_))) +
            "</p>\n";
    page += "<h2>Summary</h2><table><tr><th>files</th><td>" + std::to_string(totals.files) +
            "</td></tr><tr><th>bytes</th><td>" + std::to_string(totals.bytes) + "</td></tr>";
    for (const auto& [verdict, count] : totals.by_verdict)
      page +=
          "<tr><th>" + html_escape(verdict) + "</th><td>" + std::to_string(count) + "</td></tr>";
    if (totals.hidden_below)  // --min-severity: the findings this page leaves out, counted
      page += "<tr><th>findings hidden</th><td>" + html_escape(hidden_findings_text(totals)) +
              "</td></tr>";
    if (findings_cut_ > 0)
      page += "<tr><th>findings not listed on this page</th><td>" + std::to_string(findings_cut_) +
              " (the page lists " + std::to_string(html_findings_per_page) +
              " findings at most; each file says how many of its own it leaves out)</td></tr>";
    page += "</table><table><tr><th>format</th><th>files</th></tr>";
    for (const auto& [format, count] : totals.by_format)
      page += "<tr><td>" + html_escape(format) + "</td><td>" + std::to_string(count) + "</td></tr>";
    if (!totals.by_writer.empty())
      page += "</table><table class=\"writers\"><tr><th>writer</th><th>files</th></tr>";
    for (const auto& [tool, count] : totals.by_writer)
      page += "<tr><td>" + html_escape(sanitize_text(tool)) + "</td><td>" + std::to_string(count) +
              "</td></tr>";
    page +=
        "</table>\n<h2>Rules</h2><table "
        "class=\"rules\"><tr><th>rule</th><th>severity</th><th>retail</th>"
        "<th>findings</th><th>files</th><th>explanation</th></tr>";
    const Catalog& catalog = embedded_catalog();
    std::string rule_options;
    for (const auto& [rule, counts] : totals.findings) {
      const RuleInfo* info = catalog.find(rule);
      page += "<tr id=\"rule-" + html_escape(rule) + "\"><td>" + html_escape(rule) + "</td>";
      page += "<td class=\"rule-severity\">" + reported_severities(counts, info) + "</td><td>" +
              (info ? std::string(retail_name(info->retail)) : std::string()) + "</td>";
      page +=
          "<td>" + std::to_string(counts.occurrences) + "</td><td>" + std::to_string(counts.files) +
          "</td><td>" +
          (info ? "<b>" + html_escape(info->title) + "</b><br>" + html_escape(info->explanation) +
                      " <span class=\"note\">" + html_escape(info->spec) + "</span>"
                : std::string()) +
          "</td></tr>";
      rule_options += "<option>" + html_escape(rule) + "</option>";
    }
    page += "</table>\n";
    for (const SummarySection& section : closing.sections) page += section.html;
    if (!totals.survey.empty()) {
      page += "<h2>Survey</h2><div class=\"charts\">";
      for (const auto& [name, histogram] : totals.survey) page += histogram_svg(name, histogram);
      page += "</div>";
    }
    page += gallery_.html(budget_option(gallery_budget));
    page +=
        "<h2>Files</h2><p>Filter: <select id=\"filter-rule\"><option value=\"\">every rule"
        "</option>" +
        rule_options +
        "</select> <select id=\"filter-severity\"><option value=\"\">every severity</option>"
        "<option>error</option><option>warning</option><option>info</option></select></p>\n";
    out().write(page);
    std::vector<PageBlock>& blocks = blocks_.blocks();
    std::stable_sort(blocks.begin(), blocks.end(),
                     [](const PageBlock& a, const PageBlock& b) { return a.worst > b.worst; });
    for (const PageBlock& block : blocks) out().write(page_block_html(block));
    if (!clean_.empty())
      out().write("<h2>Clean files</h2><table><tr><th>file</th><th>bytes</th></tr>" + clean_ +
                  "</table>\n");
    out().write(std::string(script) + std::string(gallery_script) + "</script>\n</body></html>\n");
  }

 private:
  // The group's text with the marked pictures and excerpts kept while the report-wide bounds
  // last and the rest dropped; each file's left-out mark becomes its note.
  std::string bounded(const std::string& text) {
    std::string kept;
    kept.reserve(text.size());
    std::uint64_t cut_frames = 0;  // of the current file
    std::uint64_t cut_for_heap = 0;
    std::size_t at = 0;
    while (at < text.size()) {
      const std::size_t mark = text.find("<!--gafcheck-", at);
      kept.append(text, at, mark == std::string::npos ? std::string::npos : mark - at);
      if (mark == std::string::npos) break;
      const std::string_view rest = std::string_view(text).substr(mark);
      const auto span = [&](std::string_view open, std::string_view close, std::uint64_t& left,
                            std::uint64_t* cut) {
        const std::size_t end = text.find(close, mark);
        if (left > 0) {
          --left;
          kept.append(text, mark + open.size(), end - mark - open.size());
        } else if (cut) {
          ++*cut;
        }
        at = end + close.size();
      };
      if (rest.starts_with(frame_open)) {
        // The page holds every picture until the summary: in all, within --max-heap.
        const std::size_t end = text.find(frame_close, mark);
        const std::uint64_t size = end - mark - frame_open.size();
        if (frames_left_ > 0 && size > picture_limit_ - std::min(picture_limit_, picture_bytes_)) {
          ++cut_for_heap;
          at = end + frame_close.size();
        } else {
          if (frames_left_ > 0) picture_bytes_ += size;
          span(frame_open, frame_close, frames_left_, &cut_frames);
        }
      } else if (rest.starts_with(excerpt_open)) {
        span(excerpt_open, excerpt_close, excerpts_left_, nullptr);
      } else if (const std::size_t next = bound_rows(text, mark, kept); next != 0) {
        at = next;
      } else {  // left_out_open
        const std::size_t number = mark + left_out_open.size();
        const std::size_t end = text.find(left_out_close, number);
        const std::uint64_t left_out = std::stoull(text.substr(number, end - number)) + cut_frames;
        if (left_out > 0)
          kept += "<p class=\"note\">" + std::to_string(left_out) +
                  " more frames with pixel findings not drawn (--html-max-thumbnails-per-file, "
                  "--html-max-thumbnails)</p>";
        if (cut_for_heap > 0)
          kept += "<p class=\"note\">" + std::to_string(cut_for_heap) +
                  " more frames with pixel findings not drawn: budget.exceeded: heap (the "
                  "page's pictures would pass --max-heap " +
                  std::to_string(picture_limit_) + " bytes)</p>";
        cut_frames = 0;
        cut_for_heap = 0;
        at = end + left_out_close.size();
      }
    }
    return kept;
  }

  // A finding row's mark at text[mark]: the row is kept while the page's rows last (its excerpt
  // is then bounded as the rest), else skipped and counted; after the file's findings table, the
  // rows it lost are said. Returns where to scan on, or 0 for a mark of another kind.
  std::size_t bound_rows(const std::string& text, std::size_t mark, std::string& kept) {
    const std::string_view rest = std::string_view(text).substr(mark);
    if (rest.starts_with(finding_open)) {
      if (findings_left_ > 0) {
        --findings_left_;
        return mark + finding_open.size();
      }
      ++file_findings_cut_;
      ++findings_cut_;
      const std::size_t close = text.find(finding_close, mark);
      return close == std::string::npos ? text.size() : close + finding_close.size();
    }
    if (rest.starts_with(finding_close)) return mark + finding_close.size();
    if (!rest.starts_with(findings_end)) return 0;
    if (file_findings_cut_ > 0)
      kept += "<p class=\"note\">" + std::to_string(file_findings_cut_) +
              " more findings counted, not listed on this page (it lists " +
              std::to_string(html_findings_per_page) +
              " findings at most, the first in the order files are checked)</p>";
    file_findings_cut_ = 0;
    return mark + findings_end.size();
  }

  std::uint64_t frames_left_;
  std::uint64_t picture_limit_;
  std::uint64_t picture_bytes_ = 0;  // of the frames kept so far
  std::uint64_t excerpts_left_ = html_excerpts_per_report;
  std::uint64_t findings_left_ = html_findings_per_page;
  std::uint64_t findings_cut_ = 0;       // in all
  std::uint64_t file_findings_cut_ = 0;  // of the current file
  std::string command_, command_line_, started_;
  PageBlocks blocks_;
  PageGallery gallery_;
  std::string palette_;
  std::string clean_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_html_writer(std::unique_ptr<ReportOutput> output,
                                               const FormatContext& context) {
  return std::make_unique<HtmlWriter>(std::move(output), context);
}

}  // namespace gafcheck
