#include "validator/modsets/conflicts_page.hpp"

#include "reports/html_text.hpp"
#include "validator/core/text.hpp"
#include "validator/modsets/conflicts_document.hpp"

namespace gafcheck::modsets {

const std::string_view conflicts_page_style = R"(<style>
body{font:14px/1.4 sans-serif;margin:1em 2em;color:#111;background:#fff}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
</style>)";

const std::string_view conflicts_section_style = R"(<style>
table.conflicts td{overflow-wrap:anywhere}table.conflicts ul{margin:0;padding-left:1.2em}
.class{display:inline-block;padding:0 .4em;border-radius:3px;background:#eee;white-space:nowrap}
.k-findings-differ{background:#fcc}.k-override{background:#fed}.k-identical{background:#dfd}.k-drawn-same{background:#def}.k-not-read{background:#ddd}
.c-winner{font-weight:bold}.c-differs{color:#b00}.c-drawn-same{color:#06a}.c-identical{color:#070}.c-not-read{color:#666}
tr.engine-dependent td:first-child{border-left:4px solid #a0a}.engine{color:#a0a;font-size:12px}
.call-out{color:#b00}.note{color:#666;font-size:12px}code{font-size:12px}
</style>)";

namespace {

std::string shown(std::string_view text) {
  return html_escape(escape_bytes(text));
}

std::string overlap_class(const Overlap& overlap) {
  return overlap.findings_differ() ? "findings-differ" : std::string(overlap_verdict(overlap));
}

std::string copies_cell(const ModSet& set, const Overlap& overlap) {
  std::string cell = "<ul>";
  for (const OverlapCopy& copy : overlap.copies) {
    const std::string content(copy_content_name(copy.content));
    cell += "<li class=\"c-" + content + "\"><code>" + html_escape(copy_label(set, copy)) +
            "</code> " + content;
    cell += copy.rank ? " (rank " + std::to_string(*copy.rank) + ")" : " (not read by the engine)";
    if (overlap.winner &&
        (copy.content == CopyContent::differs || copy.content == CopyContent::drawn_same))
      if (const std::string command = diff_command(set, copy, overlap.copies[*overlap.winner]);
          !command.empty())
        cell += "<br><code class=\"note\">" + html_escape(command) + "</code>";
    cell += "</li>";
  }
  return cell + "</ul>";
}

std::string call_outs_cell(const ModSet& set, const Overlap& overlap) {
  if (!overlap.winner) return {};
  const std::string winner = copy_label(set, overlap.copies[*overlap.winner]);
  std::string cell;
  for (const OverlapCopy& copy : overlap.copies) {
    if (const std::string call_out = findings_call_out(winner, copy_label(set, copy), copy);
        !call_out.empty())
      cell += "<div class=\"call-out\">" + html_escape(call_out) + "</div>";
  }
  return cell;
}

std::string engines_note(const ModSet& set, const ConflictReport& report, const Overlap& overlap) {
  if (!overlap.engine_dependent) return {};
  std::string note = "<div class=\"engine\">engine-dependent:";
  for (const std::string& engine : report.engines) {
    const auto& winner = overlap.winners.at(engine);
    note += "<br>" + html_escape(engine) + ": " +
            (winner ? html_escape(copy_label(set, overlap.copies[*winner])) : std::string("none"));
  }
  return note + "</div>";
}

std::string overlap_row(const ModSet& set, const ConflictReport& report, const Overlap& overlap) {
  const std::string kind = overlap_class(overlap);
  std::string row =
      std::string("<tr") + (overlap.engine_dependent ? " class=\"engine-dependent\"" : "") +
      "><td><code>" + shown(overlap.folded) + "</code></td><td><span class=\"class k-" + kind +
      "\">" + kind + "</span></td><td>";
  if (overlap.winner)
    row += "<code>" + html_escape(copy_label(set, overlap.copies[*overlap.winner])) +
           "</code><div class=\"note\">by " + html_escape(overlap.decided_by) + "</div>";
  else
    row += "none";
  row += engines_note(set, report, overlap);
  return row + "</td><td>" + copies_cell(set, overlap) + "</td><td>" +
         call_outs_cell(set, overlap) + "</td></tr>\n";
}

}  // namespace

std::string conflicts_section(const ModSet& set, const ConflictReport& report) {
  std::string section = "<h2>Conflicts</h2>\n<p class=\"summary\">" +
                        html_escape(conflicts_summary(report)) + "</p>\n<table class=\"counts\">";
  for (const auto& [name, count] : conflict_count_fields(report))
    section += "<tr><th>" + std::string(name) + "</th><td>" + std::to_string(count) + "</td></tr>";
  section += "</table>\n";
  if (!report.unreadable.empty()) {
    section += "<h3>Unreadable</h3><ul class=\"unreadable\">";
    for (const std::string& problem : report.unreadable)
      section += "<li>" + html_escape(problem) + "</li>";
    section += "</ul>\n";
  }
  if (report.overlaps.empty()) return section + "<p>No path is supplied more than once.</p>\n";
  section += "<table class=\"conflicts\"><tr><th>path</th><th>class</th><th>loaded copy (" +
             html_escape(report.primary) + ")</th><th>copies</th><th>call-outs</th></tr>\n";
  for (const Overlap& overlap : report.listed_overlaps())
    section += overlap_row(set, report, overlap);
  return section + "</table>\n";
}

std::string html_conflicts(const ModSet& set, const ConflictReport& report, int exit_code) {
  std::string engines;
  for (const std::string& engine : report.engines)
    engines += (engines.empty() ? "" : ", ") + engine;
  return "<!DOCTYPE html>\n<html lang=\"en\"><head>" + std::string(page_head_meta) +
         "<title>gafcheck conflicts</title>" + std::string(conflicts_page_style) +
         std::string(conflicts_section_style) + "</head><body>\n<h1>gafcheck conflicts</h1>\n" +
         "<p class=\"note\">engine " + html_escape(report.primary) +
         " (considered: " + html_escape(engines) + "); exit " + std::to_string(exit_code) +
         "</p>\n" + conflicts_section(set, report) + "</body></html>\n";
}

}  // namespace gafcheck::modsets
