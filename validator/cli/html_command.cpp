// gafcheck html REPORT --root DIR -o PAGE: draws an existing report (check or census, read back
// through the hardened report reader) as the page --format html writes, with the thumbnails and
// hex excerpts made again from the files under DIR (report_redraw.hpp).
#include <sys/stat.h>

#include <iostream>

#include "reports/census_report.hpp"
#include "reports/html_attachments.hpp"
#include "reports/report_redraw.hpp"
#include "reports/summary_totals.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/cli/output_options.hpp"
#include "validator/core/text.hpp"
#include "validator/platform/output_guard.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
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
    }
    for (std::size_t i = 0; i < count; ++i) items[i].report = &reports[i];
    if (count == 0) continue;
    drawing.writer.write(drawing.writer.render(items));
    for (const FileReport& report : reports) drawing.counted.add(report);
  }
}

}  // namespace

int run_html(const Arguments& arguments, const std::string&) {
  std::vector<std::string> positional;
  std::string root, output = "-";
  RunOptions options;
  po::options_description general(
      "Usage: gafcheck html REPORT --root DIR [-o PAGE.html]\n\n"
      "Draws an existing report (the YAML of gafcheck check or census) as the self-contained\n"
      "page --format html writes: verdicts, findings with their rules' explanations, summary\n"
      "tables and survey charts as the report states them. The pictures and bytes beside the\n"
      "findings are made again from the files themselves: each path the report names is looked\n"
      "up as DIR/PATH (archive members as DIR/mod.ufo!anims/x.gaf), read only if it is still the\n"
      "file the report describes (same size, and same sha256 when the report has one), and only\n"
      "the frames with pixel findings are drawn. A file missing, unreadable or changed since the\n"
      "report is shown as such, with nothing drawn from it. Nothing outside DIR is read, with or\n"
      "without the sandbox: a path with a '..' component is never looked up, and a symbolic link\n"
      "beneath DIR is followed only to a relative place that stays beneath DIR (a link to an\n"
      "absolute path or out of DIR is refused, and the page names the link). Use --root / for a\n"
      "report whose paths are absolute, the directory the check ran in for relative ones.\n\n"
      "Options");
  general.add_options()("help,h", po::bool_switch(), "show this help")(
      "root", po::value(&root), "the directory the report's paths are looked up in (required)")(
      "output,o", po::value(&output)->default_value("-"),
      "where to write the page ('-': standard output)")(
      "html-max-thumbnails-per-file",
      po::value(&options.html_thumbnails_per_file)->default_value(default_html_thumbnails_per_file),
      "frames with pixel findings drawn (strict, retail, diff) per file at most; a frame "
      "larger than 512x512 is drawn scaled down to fit, and a file's thumbnails, like the page's "
      "pictures in all, stay within --max-heap (past it a picture is a note naming the budget)")(
      "html-max-thumbnails",
      po::value(&options.html_thumbnails)->default_value(default_html_thumbnails),
      "frames drawn in the whole page at most, in the report's order (the rest are counted)");
  general.add(budget_options_description(options))
      .add(report_reading_description(options))
      .add(sandbox_options_description(options));
  if (!parse_command_line(
          arguments, general, positional,
          "\nExit codes: 0 the page is written (files missing or changed are shown in it),\n"
          "2 usage error (also: the page cannot be written, or would replace the report),\n"
          "3 the report cannot be read or is not a gafcheck report (check or census YAML).\n"
          "Examples: gafcheck check -o upload.yaml upload/ && gafcheck html upload.yaml --root . "
          "-o upload.html\n"
          "          gafcheck html /srv/census/ta.yaml --root /srv/ta -o ta.html\n"))
    return 0;
  if (positional.size() != 1) throw UsageError{"html takes exactly one REPORT"};
  if (root.empty()) throw UsageError{"html needs --root DIR: where the report's files are"};
  finish_common_options(options);
  const std::string& report_path = positional.front();
  refuse_output_among_inputs(output, {report_path}, "report");
  auto writers = open_writers(
      {{"html", output}},
      FormatContext{
          {}, Severity::error, options.html_thumbnails, options.check.limits[BudgetKind::heap]});
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
  confine(plan, !options.no_sandbox);

  Drawing drawing{writer,
                  root_directory,
                  root,
                  options.check,
                  make_html_attachments(options.check.limits, options.html_thumbnails_per_file),
                  {}};
  std::optional<YAML::Node> summary;
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
    return 3;
  } catch (const OutputError&) {
    throw;
  } catch (const std::runtime_error& error) {
    std::cerr << "gafcheck html: " << error.what() << '\n';
    return 3;
  }
  if (summary) {
    const SummaryTotals totals = summary_totals(*summary);
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
  return 0;
}

}  // namespace gafcheck::cli
