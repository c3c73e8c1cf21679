#include "reports/page_redraw.hpp"

#include <sys/stat.h>

#include <iostream>
#include <optional>

#include "reports/census_report.hpp"
#include "reports/html_attachments.hpp"
#include "reports/output_requests.hpp"
#include "reports/report_redraw.hpp"
#include "reports/summary_totals.hpp"
#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck {
namespace {

struct Drawing {
  FormatWriter& writer;
  const RootDirectory& root;
  std::string root_name;
  CheckOptions options;
  AttachHook attach;
  RunTotals counted;  // what was drawn, for a report that has no summary
};

void draw_check_report(ReportStream& stream, Drawing& drawing, std::optional<YAML::Node>& summary) {
  while (auto document = stream.next()) {
    if (document->kind == "summary") {
      summary = document->node;
      continue;
    }
    if (document->kind != "file") continue;
    ParsedFileDocument parsed = parse_file_document(document->node);
    redraw_attachments(drawing.root, drawing.root_name, drawing.options, drawing.attach,
                       parsed.report);
    ReportItem item;
    item.report = &parsed.report;
    item.document = true;
    item.baseline_matched = parsed.baseline_matched;
    drawing.writer.write(drawing.writer.render({&item, 1}));
    drawing.counted.add(parsed.report);
  }
}

// A census group: the input's record last, its members' before it; the page lists the input
// first, each report with what its file document (if any) lists.
void draw_census_report(CensusReportReader& reader, Drawing& drawing) {
  while (auto group = reader.next_group()) {
    const std::size_t count = group->records.size();
    std::vector<FileReport> reports;
    std::vector<ReportItem> items(count);
    reports.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      ParsedRecord& record = group->records[i == 0 ? count - 1 : i - 1];
      reports.push_back(std::move(record.report));
      items[i].worst = record.facts.worst;
      items[i].record = &record.facts;
      for (ParsedFileDocument& file : group->files) {
        if (file.report.path != reports.back().path) continue;
        redraw_attachments(drawing.root, drawing.root_name, drawing.options, drawing.attach,
                           file.report);
        items[i].document = true;
        items[i].baseline_matched = file.baseline_matched;
        reports.back().findings = std::move(file.report.findings);
        reports.back().members = std::move(file.report.members);
        reports.back().findings_suppressed = file.report.findings_suppressed;
        reports.back().attachments = std::move(file.report.attachments);
        break;
      }
      // A file the census wrote no document for still has its entries in the gallery.
      if (!items[i].document)
        redraw_attachments(drawing.root, drawing.root_name, drawing.options, drawing.attach,
                           reports.back());
    }
    for (std::size_t i = 0; i < count; ++i) items[i].report = &reports[i];
    if (count == 0) continue;
    drawing.writer.write(drawing.writer.render(items));
    for (const FileReport& report : reports) drawing.counted.add(report);
  }
}

// Draws the report's header and files; false (named on standard error) when the report cannot
// be read.
bool draw_report(const std::string& report_path, FormatWriter& writer, Drawing& drawing,
                 std::optional<YAML::Node>& summary) {
  try {
    ReportStream stream(report_path);
    const ReadHeader header = parse_report_header(stream.next()->node);
    writer.header(header.header);
    if (header.header.census) {
      CensusReportReader reader(report_path);
      draw_census_report(reader, drawing);
      summary = reader.summary();
    } else {
      draw_check_report(stream, drawing, summary);
    }
  } catch (const YAML::Exception& error) {
    std::cerr << "gafcheck html: report " << report_path << ": malformed document: " << error.what()
              << '\n';
    return false;
  } catch (const OutputError&) {
    throw;
  } catch (const std::runtime_error& error) {
    std::cerr << "gafcheck html: " << error.what() << '\n';
    return false;
  }
  return true;
}

}  // namespace

ExitCode PageRedraw::run() const {
  auto writers = open_writers({{"html", output}}, FormatContext{{},
                                                                Severity::error,
                                                                thumbnails,
                                                                check.limits[BudgetKind::heap],
                                                                gallery_thumbnails,
                                                                palette.source});
  FormatWriter& writer = *writers.front();
  SandboxPlan plan;
  plan.read_paths = {report_path, root};
  plan.output_paths = {output};
  if (writer.output().is_temp())
    plan.remove_on_violation.push_back(writer.output().current_path().string());
  RootDirectory root_directory(root);
  // The page must never replace a file the report names beneath the root (or a hard link to one).
  struct stat page {};
  if (output != "-" && ::stat(output.c_str(), &page) == 0 && S_ISREG(page.st_mode))
    root_directory.protect(page.st_dev, page.st_ino, "the page being written (-o)");
  confine(plan, sandbox);

  Drawing drawing{writer,
                  root_directory,
                  root,
                  check,
                  make_html_attachments(check.limits, thumbnails_per_file, palette),
                  {}};
  std::optional<YAML::Node> summary;
  if (!draw_report(report_path, writer, drawing, summary)) return ExitCode::unreadable;
  if (summary) {
    SummaryTotals totals = summary_totals(*summary);
    // The summary counts findings per rule; the severities they were reported with are those of
    // the findings the file documents list (a file with only a census record adds none).
    for (auto& [rule, counts] : totals.totals.findings)
      if (const auto drawn = drawing.counted.findings.find(rule);
          drawn != drawing.counted.findings.end())
        counts.severities = drawn->second.severities;
    writer.summary(totals.totals, totals.closing);
  } else {
    std::cerr << "gafcheck html: report " << report_path
              << " has no summary (cut short): the page counts what it holds and says so\n";
    writer.summary(drawing.counted, ReportClosing{0, true, 0});
  }
  if (root_directory.protected_named())
    throw UsageError{"-o " + escape_bytes(output) +
                     " is a file the report names beneath --root: the page would replace it "
                     "(nothing written)"};
  writer.commit();
  return ExitCode::clean;
}

}  // namespace gafcheck
