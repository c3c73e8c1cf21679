#include "reports/text_writer.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

// ANSI select-graphic-rendition codes.
constexpr std::string_view text_red = "31", text_bold_red = "1;31", text_yellow = "33",
                           text_green = "32", text_cyan = "36", text_dim = "2";

std::string_view verdict_colour(Verdict verdict) {
  switch (verdict) {
    case Verdict::clean: return text_green;
    case Verdict::warnings: return text_yellow;
    case Verdict::errors: return text_red;
    case Verdict::rejected: return text_bold_red;
  }
  return {};
}

std::string_view severity_colour(Severity severity) {
  switch (severity) {
    case Severity::info: return text_cyan;
    case Severity::warning: return text_yellow;
    case Severity::error: return text_red;
  }
  return {};
}

// Tally slots of a rendered group: listed findings by severity (Severity's order).
constexpr std::size_t tally_info = 0;

class TextWriter final : public FormatWriter {
 public:
  TextWriter(std::unique_ptr<ReportOutput> output, bool colour)
      : FormatWriter(std::move(output)), colour_(colour) {}

  void header(const ReportHeader&) override {}

  RenderedGroup render(std::span<const ReportItem> items) const override {
    RenderedGroup group;
    for (const ReportItem& item : items) {
      if (!item.document) continue;
      const FileReport& report = *item.report;
      std::string label(verdict_label(report.verdict));
      label.resize(9, ' ');
      group.text += paint(label, verdict_colour(report.verdict)) + escape_bytes(report.path);
      if (const std::string reason = verdict_reason(report);
          !reason.empty() && report.verdict != Verdict::clean)
        group.text += ": " + reason;
      group.text += '\n';
      if (report.writer)
        group.text += "  " + paint("writer: " + writer_line(*report.writer), text_dim) + '\n';
      for (const Finding& finding : report.findings) {
        group.text += finding_text(finding);
        ++group.tally[tally_info + static_cast<std::size_t>(finding.severity)];
      }
      if (report.findings_suppressed > 0)
        group.text += "  " +
                      paint("(" + counted(report.findings_suppressed, "more finding") +
                                " counted, not listed: --max-findings)",
                            text_dim) +
                      '\n';
    }
    return group;
  }

  RenderedGroup render_ignored(std::string_view path) const override {
    return {paint("IGNORED  ", text_dim) + escape_bytes(path) + " (ignore: in the configuration)\n",
            {}};
  }

  void write(RenderedGroup&& group) override {
    for (std::size_t i = 0; i < counts_.listed.size(); ++i) counts_.listed[i] += group.tally[i];
    if (!group.text.empty()) out().write(group.text);
  }

  void summary(const RunTotals& totals, const ReportClosing& closing) override {
    for (const SummarySection& section : closing.sections)
      if (section.text) out().write(section.text(colour_));
    out().write(paint(text_summary_line(totals, closing, counts_), closing.exit_code ? "1" : "") +
                '\n');
  }

 private:
  std::string paint(const std::string& text, std::string_view code) const {
    return colour_ ? ansi_paint(text, code) : text;
  }

  std::string finding_text(const Finding& finding) const {
    std::string severity(severity_name(finding.severity));
    severity.resize(8, ' ');
    std::string line = "  " + paint(severity, severity_colour(finding.severity)) +
                       paint(std::string(rule_name(finding.rule)), text_dim) + "  offset " +
                       hex(finding.offset);
    if (!finding.path.empty()) line += " " + sanitize_text(finding.path);
    line += ": " + sanitize_text(finding.message);
    if (finding.row) {
      line += " (line " + std::to_string(*finding.row);
      if (finding.column) line += ", column " + std::to_string(*finding.column);
      line += ')';
    }
    if (finding.suppressed) {
      line += " [suppressed";
      if (!finding.justification.empty()) line += ": " + sanitize_text(finding.justification);
      line += ']';
    }
    return line + '\n';
  }

  bool colour_;
  TextSummaryCounts counts_;
};

}  // namespace

std::string writer_text(const WriterIdentity& writer) {
  std::string text = writer.tool;
  if (writer.tool == unknown_writer) {
    for (std::size_t i = 0; i < writer.basis.size(); ++i)
      text += (i == 0 ? " (" : "; ") + writer.basis[i];
    if (!writer.basis.empty()) text += ')';
    return sanitize_text(text);
  }
  if (!writer.versions.empty() && writer.versions != unknown_writer) text += ' ' + writer.versions;
  return sanitize_text(text + ", " + writer.confidence);
}

std::string writer_line(const WriterIdentity& writer) {
  if (writer.tool != unknown_writer || writer.basis.size() < 2) return writer_text(writer);
  return sanitize_text(writer.tool + " (" + writer.basis.front() + "; " +
                       counted(writer.basis.size() - 1, "fact") +
                       " seen: gafcheck identify lists them)");
}

std::string writer_counts_text(const RunTotals& totals) {
  std::vector<std::pair<std::string, std::uint64_t>> tools(totals.by_writer.begin(),
                                                           totals.by_writer.end());
  std::stable_sort(tools.begin(), tools.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string text;
  for (const auto& [tool, count] : tools)
    text += (text.empty() ? "" : ", ") + sanitize_text(tool) + ' ' + std::to_string(count);
  return text;
}

std::string text_summary_line(const RunTotals& totals, const ReportClosing& closing,
                              const TextSummaryCounts& counts) {
  std::string line = counted(totals.files, "file") + " checked";
  std::string verdicts;
  for (const auto& [verdict, wording] : {std::pair{"rejected", "rejected"},
                                         {"errors", "with errors"},
                                         {"warnings", "with warnings"},
                                         {"clean", "clean"}}) {
    const auto found = totals.by_verdict.find(verdict);
    if (found == totals.by_verdict.end() || found->second == 0) continue;
    verdicts += (verdicts.empty() ? "" : ", ") + std::to_string(found->second) + ' ' + wording;
  }
  if (!verdicts.empty()) line += ": " + verdicts;
  line += "; " + severity_counts(counts.listed[2], counts.listed[1], counts.listed[0]);
  if (const std::string hidden = hidden_findings_text(totals); !hidden.empty())
    line += "; hidden " + hidden;
  if (totals.ignored > 0) line += "; " + std::to_string(totals.ignored) + " ignored";
  if (!totals.by_writer.empty()) line += "; writers: " + writer_counts_text(totals);
  if (closing.interrupted) line += "; interrupted, the report is partial";
  return line + "; exit " + std::to_string(closing.exit_code);
}

std::unique_ptr<FormatWriter> make_text_writer(std::unique_ptr<ReportOutput> output,
                                               const FormatContext& context) {
  return std::make_unique<TextWriter>(std::move(output), context.colour);
}

}  // namespace gafcheck
