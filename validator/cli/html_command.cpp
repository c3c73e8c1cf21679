// gafcheck html REPORT --root DIR -o PAGE: draws an existing report (check or census, read back
// through the hardened report reader) as the page --format html writes, with the thumbnails and
// hex excerpts made again from the files under DIR (report_redraw.hpp).
#include "reports/html_attachments.hpp"
#include "reports/page_redraw.hpp"
#include "validator/cli/command_line.hpp"
#include "validator/cli/commands.hpp"
#include "validator/cli/common_options.hpp"
#include "validator/cli/output_options.hpp"
#include "validator/input/input_loader.hpp"
#include "validator/platform/output_guard.hpp"
#include "validator/render/palette_argument.hpp"

namespace gafcheck::cli {
namespace po = boost::program_options;
namespace {

// html's command line; validate() turns it into the run.
struct HtmlOptions : CommandArguments {
  std::string root, output = "-";
  RunOptions common;
};

constexpr const char* html_help_epilogue =
    "\nExit codes: 0 the page is written (files missing or changed are shown in it),\n"
    "2 usage error (also: the page cannot be written, or would replace the report),\n"
    "3 the report cannot be read or is not a gafcheck report (check or census YAML).\n"
    "Examples: gafcheck check -o upload.yaml upload/ && gafcheck html upload.yaml --root . "
    "-o upload.html\n"
    "          gafcheck html /srv/census/ta.yaml --root /srv/ta -o ta.html\n";

CommandHelp html_options_description(HtmlOptions& o) {
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
      "root", po::value(&o.root)->value_name("DIR"),
      "the directory the report's paths are looked up in (required; no default: '/' for a "
      "report of absolute paths, the directory the check ran in for relative ones)")(
      "output,o", po::value(&o.output)->value_name("PAGE")->default_value("-"),
      "the file to write the page to, or '-' for standard output")(
      "html-max-thumbnails-per-file",
      po::value(&o.common.html_thumbnails_per_file)
          ->value_name("N")
          ->default_value(default_html_thumbnails_per_file),
      "frames with pixel findings drawn (strict, retail, diff) per file at most, a count from "
      "0 (0: none drawn); a frame larger than 512x512 is drawn scaled down to fit, and a file's "
      "thumbnails, like the page's pictures in all, stay within --max-heap (past it a picture "
      "is a note naming the budget)")(
      "html-max-thumbnails",
      po::value(&o.common.html_thumbnails)->value_name("N")->default_value(default_html_thumbnails),
      "frames drawn in the whole page at most, a count from 0 (0: none drawn), in the report's "
      "order (the rest are counted)");
  add_page_picture_options(general, o.common);
  general.add(budget_options_description(o.common));
  add_report_reader_groups(general, o.common);
  return {general, html_help_epilogue};
}

PageRedraw validate(HtmlOptions& o) {
  if (o.positional.size() != 1) throw UsageError{"html takes exactly one REPORT"};
  if (o.root.empty()) throw UsageError{"html needs --root DIR: where the report's files are"};
  finish_common_options(o.common);
  PageRedraw redraw;
  redraw.report_path = o.positional.front();
  throw_if_failed(check_output_among_inputs(o.output, {redraw.report_path}, "report"));
  if (!o.common.palette.empty())
    throw_if_failed(
        check_output_among_inputs(o.output, {disk_path_of(o.common.palette)}, "--palette"));
  redraw.root = o.root;
  redraw.output = o.output;
  redraw.thumbnails_per_file = o.common.html_thumbnails_per_file;
  redraw.thumbnails = o.common.html_thumbnails;
  redraw.gallery_thumbnails = o.common.gallery_thumbnails;
  render::DamagedPalette damaged;
  redraw.palette = render::load_palette(o.common.palette, o.common.check, damaged);
  return checked_and_confined(std::move(redraw), o.common);
}

}  // namespace

int run_html(const Arguments& arguments, const std::string& command_line) {
  return run_command(arguments, command_line, html_options_description,
                     [](auto& options) { return validate(options); });
}

}  // namespace gafcheck::cli
