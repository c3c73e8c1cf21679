#include "validator/cli/common_options.hpp"

#include <algorithm>
#include <thread>

#include "reports/html_attachments.hpp"
#include "reports/report_reader.hpp"
#include "validator/core/quantity.hpp"
#include "validator/core/text.hpp"
#include "validator/render/palette_argument.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

po::options_description group_of_one(const char* caption, const char* name,
                                     const po::value_semantic* value, const char* description) {
  po::options_description group(caption);
  group.add_options()(name, value, description);
  return group;
}

}  // namespace

std::uint64_t parse_quantity(const std::string& text, const std::string& option) {
  return value_or_throw(gafcheck::parse_quantity(text, "--" + option));
}

po::options_description budget_options_description(RunOptions& options) {
  po::options_description budgets(
      "Budgets (per file; a budget hit is a budget.exceeded finding and a rejected verdict;\n"
      "values take K, M or G suffixes)");
  for (const BudgetSpec& spec : budget_specs) {
    const BudgetKind kind = spec.kind;
    budgets.add_options()(
        budget_option(spec).c_str(),
        po::value<std::string>()
            ->value_name("N")
            ->default_value(std::to_string(spec.default_limit))
            ->notifier([&options, kind, option = budget_option(spec)](const std::string& text) {
              options.check.limits[kind] = parse_quantity(text, option);
            }),
        std::string(spec.help).c_str());
  }
  return budgets;
}

void add_fail_on_option(po::options_description& group, RunOptions& options) {
  group.add_options()(
      "fail-on",
      po::value(&options.fail_on)->value_name("error|warning|info|never")->default_value("error"),
      "exit 1 when any finding is at or above this severity: error, warning, info or never");
}

po::options_description report_options_description(RunOptions& options) {
  po::options_description report("Report and exit status");
  add_fail_on_option(report, options);
  report.add_options()(
      "min-severity",
      po::value(&options.min_severity)
          ->value_name("error|warning|info")
          ->default_value(options.min_severity),
      "list only findings at or above this severity in every output (YAML, JSON, SARIF, JUnit, "
      "Code Quality, GNU, HTML, text): the others are left out and counted in the summary "
      "(hidden: {below: warning, info: N}). Display only: verdicts, --fail-on and the exit code "
      "count every finding. A configuration's min-severity: applies when this is not given "
      "(census: with --per-file findings, a file whose findings are all below it gets no file "
      "document)");
  report.add_options()("quiet,q", po::bool_switch(&options.quiet),
                       "no per-file verdict lines on standard error")(
      "game", po::value(&options.game)->value_name("ta|tak|ta3d")->default_value("ta"),
      "which engine's reading of the files to report against (retail impacts, and which checks "
      "apply):\n"
      "  ta    Total Annihilation (default): every GAF-layout file, whatever its version word, "
      "is checked as the GAF the engine loads; a TA3D truecolor GAF is format.foreign-variant, "
      "an error when its zlib/JPEG payloads would be drawn as palette pixels\n"
      "  tak   TA: Kingdoms: as ta, plus the Kingdoms-only heuristics (tak.corner-key)\n"
      "  ta3d  TA3D, for censuses of TA3D's own data: its truecolor GAF (version 0x00010101) is "
      "native, its zlib payloads are inflated and JPEG payloads checked (ta3d.* rules), and the "
      "TA-reading findings (RLE, composites) are not reported for it")(
      "all-rows", po::bool_switch(&options.check.all_rows),
      "list every affected RLE row instead of one finding per frame and rule")(
      "baseline", po::value(&options.baseline)->value_name("REPORT"),
      "an earlier report: findings it already has (same file, rule and structure path) are left "
      "out of the file documents and do not count for the exit code; a baseline cut short (no "
      "summary) is used as far as it goes, which can only leave more findings counted")(
      "html-max-thumbnails-per-file",
      po::value(&options.html_thumbnails_per_file)->value_name("N")->default_value(12),
      "--format html: frames with pixel findings drawn (strict, retail, diff) per file at most; "
      "a frame larger than 512x512 is drawn scaled down to fit (a 65535x1700 frame as 512x13), "
      "and a file's thumbnails, like the page's pictures in all, stay within --max-heap (past "
      "it a picture is a note naming the budget)")(
      "html-max-thumbnails",
      po::value(&options.html_thumbnails)->value_name("N")->default_value(500),
      "--format html: frames drawn in the whole report at most, the first in path order (the "
      "rest are counted)");
  add_page_picture_options(report, options);
  return report;
}

void add_page_picture_options(po::options_description& group, RunOptions& options) {
  group.add_options()(budget_option(gallery_budget).c_str(),
                      po::value(&options.gallery_thumbnails)
                          ->value_name("N")
                          ->default_value(gallery_budget.default_limit),
                      std::string(gallery_budget.help).c_str())(
      "palette", po::value(&options.palette)->value_name("PALETTE"),
      "--format html: the palette the page's pictures (gallery tiles and thumbnails) are drawn "
      "with, a palette file (.pal, .pcx) or an archive member "
      "(totala1.hpi!palettes/PALETTE.PAL), so they look as in the game; default: the forensic "
      "palette, which shows every index distinctly");
}

po::options_description report_reading_description(RunOptions& options) {
  return group_of_one(
      "Reports read back", "max-report-size",
      po::value(&options.max_report_size)->value_name("SIZE")->default_value("4G"),
      "read at most this many bytes of any report given (--baseline, --resume, diff and merge "
      "inputs); a report is also refused with a line over 1 MiB, a document over 16 MiB, YAML "
      "anchors, aliases, tags or directives, or fields gafcheck does not write (exit 3)");
}

po::options_description sandbox_options_description(RunOptions& options) {
  return group_of_one(
      "Sandbox", "no-sandbox", po::bool_switch(&options.no_sandbox),
      "do not confine the process before it reads its inputs. By default it does: a seccomp "
      "filter allows only the system calls the command needs (no execve, no sockets, no ptrace, "
      "no new processes, no open for writing; the outputs are created first) and, where the "
      "kernel has Landlock, the inputs are read-only and files are created only beside the "
      "outputs. A refused system call ends the run with exit 4, naming it. The report header "
      "records it (sandbox: {enabled, layers})");
}

void add_report_reader_groups(po::options_description& general, RunOptions& options) {
  general.add(report_reading_description(options)).add(sandbox_options_description(options));
}

po::options_description with_budgets_and_sandbox(const po::options_description& general,
                                                 RunOptions& options) {
  po::options_description visible;
  visible.add(general)
      .add(budget_options_description(options))
      .add(sandbox_options_description(options));
  return visible;
}

void add_jobs_option(po::options_description& group, unsigned& jobs, const char* help) {
  group.add_options()("jobs,j", po::value(&jobs)->value_name("N")->default_value(0), help);
}

void add_listing_format_option(po::options_description& group, std::string& format,
                               const char* what) {
  group.add_options()(
      "format", po::value(&format)->value_name("text|json")->default_value("text"),
      (std::string("text (default): lines for people to read; json: one JSON document on "
                   "standard output, ") +
       what)
          .c_str());
}

bool listing_is_json(const std::string& format) {
  if (format != "text" && format != "json")
    throw UsageError{"--format takes text or json, not '" + escape_bytes(format) + "'"};
  return format == "json";
}

unsigned worker_threads(unsigned jobs) {
  return jobs != 0 ? jobs : std::max(1u, std::thread::hardware_concurrency());
}

void finish_common_options(RunOptions& options) {
  if (!options.max_report_size.empty()) {
    ReportLimits limits = default_report_limits();
    limits.total_bytes = parse_quantity(options.max_report_size, "max-report-size");
    limits.document_bytes = std::min(limits.document_bytes, limits.total_bytes);
    set_default_report_limits(limits);
  }
  if (const auto game = game_from_name(options.game))
    options.check.game = *game;
  else
    throw UsageError{"--game takes ta, tak or ta3d, not '" + options.game + "'"};
  if (options.fail_on != "never" && !severity_from_name(options.fail_on))
    throw UsageError{"--fail-on takes error, warning, info or never, not '" + options.fail_on +
                     "'"};
  if (!severity_from_name(options.min_severity))
    throw UsageError{"--min-severity takes error, warning or info, not '" + options.min_severity +
                     "'"};
}

void attach_for_html(RunOptions& options) {
  for (const OutputRequest& request : options.outputs)
    if (request.format == "html") {
      render::DamagedPalette damaged;
      render::Palette palette = render::load_palette(options.palette, options.check, damaged);
      options.palette_source = palette.source;
      options.check.attach =
          make_html_attachments(options.check.limits, options.html_thumbnails_per_file,
                                std::move(palette), display_threshold(options));
      return;
    }
}

}  // namespace gafcheck::cli
