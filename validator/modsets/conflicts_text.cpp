#include "validator/modsets/conflicts_text.hpp"

#include <algorithm>

#include "validator/core/text.hpp"
#include "validator/modsets/conflicts_document.hpp"

namespace gafcheck::modsets {
namespace {

// The label of an overlap's class and its ANSI colour: a findings difference first (the default
// failure), then the document's verdict.
std::pair<std::string, std::string_view> class_label(const Overlap& overlap) {
  if (overlap.findings_differ()) return {"FINDINGS", "1;31"};
  if (overlap.overrides()) return {"OVERRIDE", "33"};
  if (overlap.identical_only()) return {"IDENTICAL", "32"};
  if (overlap.not_read()) return {"NOT-READ", "35"};
  return {"DRAWN-SAME", "36"};
}

std::string source_of(const ModSet& set, const OverlapCopy& copy) {
  return copy_label(set, copy);
}

// "ta, tadr: a.ccx!x.gaf; rwe: b.gp3!x.gaf", engines with one winner together, in report order.
std::string winners_text(const ModSet& set, const ConflictReport& report, const Overlap& overlap) {
  std::vector<std::pair<std::optional<std::size_t>, std::string>> groups;
  for (const std::string& engine : report.engines) {
    const std::optional<std::size_t> winner = overlap.winners.at(engine);
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&](const auto& known) { return known.first == winner; });
    if (group == groups.end())
      groups.emplace_back(winner, engine);
    else
      group->second += ", " + engine;
  }
  std::string text;
  for (const auto& [winner, engines] : groups)
    text += (text.empty() ? "" : "; ") + engines + ": " +
            (winner ? source_of(set, overlap.copies[*winner]) : std::string("none"));
  return text;
}

std::string overlap_line(const ModSet& set, const ConflictReport& report, const Overlap& overlap,
                         bool colour) {
  auto [label, code] = class_label(overlap);
  label.resize(11, ' ');
  std::string line = (colour ? ansi_paint(label, code) : label) + escape_bytes(overlap.folded);
  if (!overlap.winner) {
    line += ": " + report.primary + " loads none of its copies";
  } else {
    line += ": loads " + source_of(set, overlap.copies[*overlap.winner]) + " (by " +
            overlap.decided_by + ")";
  }
  std::string shadowed, call_outs;
  for (const OverlapCopy& copy : overlap.copies) {
    if (overlap.winner && &copy == &overlap.copies[*overlap.winner]) continue;
    shadowed += (shadowed.empty() ? "" : ", ") + source_of(set, copy) + " (" +
                std::string(copy_content_name(copy.content)) + ")";
    if (!overlap.winner) continue;
    // Names escaped before they are put in the sentence: it is printed as it is.
    if (const std::string call_out = findings_call_out(
            source_of(set, overlap.copies[*overlap.winner]), source_of(set, copy), copy);
        !call_out.empty())
      call_outs += "; " + call_out;
  }
  line += (overlap.winner ? "; shadows " : "; copies ") + shadowed + call_outs;
  if (overlap.engine_dependent)
    line += "; the winner depends on the engine: " + winners_text(set, report, overlap);
  return line + '\n';
}

}  // namespace

std::string text_overlaps(const ModSet& set, const ConflictReport& report, bool colour) {
  std::string text;
  for (const Overlap& overlap : report.listed_overlaps())
    text += overlap_line(set, report, overlap, colour);
  return text;
}

std::string text_conflicts(const ModSet& set, const ConflictReport& report, int exit_code,
                           bool colour) {
  const std::string text = text_overlaps(set, report, colour);
  std::string summary = conflicts_summary(report);
  if (!report.unreadable.empty())
    summary += "; " + counted(report.unreadable.size(), "input") + " unreadable";
  summary += "; exit " + std::to_string(exit_code);
  return text + (colour && exit_code != 0 ? ansi_paint(summary, "1") : summary) + '\n';
}

}  // namespace gafcheck::modsets
