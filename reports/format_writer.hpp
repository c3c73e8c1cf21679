#pragma once
// The interface every report format implements (yaml, json, gnu, junit; sarif, sarif-binary and
// codeclimate plug in the same way), so one check pass can feed several writers, each to its own
// output (--format F -o FILE, repeatable). Writers see only what the run already holds — reports,
// totals, the header — and never re-read an input.
//
// The calls, in order:
//   header(h)                  once, on the writing thread, after the run confined itself;
//   render(items)              once per input, possibly on several worker threads AT ONCE (census
//                              -j N): it must only read state fixed before the run (constructor
//                              arguments and what header() stored) and return everything it
//                              produces in the RenderedGroup;
//   write(std::move(rendered)) once per input, in path order, on one thread at a time: the
//                              rendered group of the next input (stateful work goes here: counting,
//                              comma placement, writing to the output);
//   summary(totals, closing)   once, after the last input;
//   commit()                   once, after summary(): flushes and, for a file, renames the temp
//                              file into place (ReportOutput). A writer destroyed without commit()
//                              leaves nothing behind (its temp file is removed).
// A writer that cannot stream may keep what it needs in memory between write() and summary(),
// bounded by what the run's budgets bound (--max-findings per file).
//
// What the items hold: reports in path order, an archive before its members. census and merge
// hand over one input's whole group (the input first, then its members); check hands each report
// over on its own, so a writer that needs the archive a member belongs to keeps it from earlier
// write() calls (as the SARIF writers do) rather than relying on the grouping. A report's findings
// are listed only when the item has a file document (the YAML and JSON streams write one for it, by
// --per-file and --min-severity); otherwise its findings are empty and only its counters, rule
// counts and verdict are there. So every format lists the same findings as the YAML stream, and a
// group carried over from an old report (census --resume, merge: the old report keeps findings only
// in file documents) renders exactly as it did when it was checked.
//
// Adding a format: a make_X_writer(std::unique_ptr<ReportOutput>, const FormatContext&) factory
// in reports/X_writer.{hpp,cpp} (one small file pair, like json_writer.*), its entry in
// format_registry.cpp's table, the files in reports/meson.build. The command line, the
// census pipeline, --resume and merge need no change. Helpers: path_in_root() and roots_of()
// below, finding_line.hpp (one finding as one printable line), json_documents.hpp, xml_text.hpp.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "reports/report_output.hpp"
#include "reports/yaml_record.hpp"
#include "reports/yaml_report.hpp"
#include "validator/result/file_report.hpp"
#include "validator/result/run_totals.hpp"
#include "validator/rules/finding.hpp"

namespace gafcheck {

// What every writer knows from the command line before the run starts.
struct FormatContext {
  // The roots inputs were found under, raw bytes, for path_in_root(): check's PATHs. A census or
  // merge header names its roots itself (ReportHeader::census): use roots_of() in header().
  std::vector<std::string> roots;
  // --fail-on: the least severity that fails a file; nullopt for --fail-on never.
  std::optional<Severity> fail_threshold = Severity::error;
  // --html-max-thumbnails: frames the HTML page shows pictures of, the first ones in the order
  // the groups are written (path order), whatever order a census's workers drew them in.
  std::uint64_t html_thumbnails = 500;
  // --max-heap: the bytes the HTML page's pictures may hold in all (it holds them until the
  // summary); a frame whose pictures would pass it is left out, with a note naming the budget.
  std::uint64_t html_picture_bytes = UINT64_MAX;
  // --max-gallery-thumbnails: gallery tiles the HTML page shows, the first in path order.
  std::uint64_t gallery_thumbnails = 300;
  // The palette the HTML page's pictures are drawn with, as the page names it: its file and
  // format ("x.pal (pal)"), or "forensic".
  std::string palette = "forensic";
  // ANSI colour in the output (--format text on a terminal, --color): set per output by
  // open_writers from OutputRequest::colour.
  bool colour = false;
};

// One report of an input's group.
struct ReportItem {
  const FileReport* report = nullptr;  // findings empty unless `document` (see above)
  bool document = false;               // the YAML/JSON stream writes a file document for it
  std::uint64_t baseline_matched = 0;  // findings --baseline left out of the document
  // The worst severity among findings that count for the exit code (baseline ones excepted);
  // at or above FormatContext::fail_threshold, the file fails.
  std::optional<Severity> worst;
  // census and merge: the facts of the report's ledger record (every report of a census has
  // one); check: nullptr (no records).
  const RecordFacts* record = nullptr;
  // True when the report's findings are all suppressed (every_finding_suppressed in
  // reports/finding_suppression.hpp). JUnit makes such a file <skipped>.
  bool suppressed = false;
};

// A writer's rendering of one input: the text to write and up to four counters of the writer's
// own choosing (JUnit: tests, failures, skipped), summed by the writer in write().
struct RenderedGroup {
  std::string text;
  std::array<std::uint64_t, 4> tally{};
};

class FormatWriter {
 public:
  explicit FormatWriter(std::unique_ptr<ReportOutput> output) : output_(std::move(output)) {}
  FormatWriter(const FormatWriter&) = delete;
  FormatWriter& operator=(const FormatWriter&) = delete;
  virtual ~FormatWriter() = default;

  virtual void header(const ReportHeader& header) = 0;
  // Thread-safe (const, see above). items is never empty.
  virtual RenderedGroup render(std::span<const ReportItem> items) const = 0;
  // A file the configuration's `ignore:` left unread, in its place in path order (thread-safe,
  // as render). Most formats list nothing for it; JUnit writes a skipped test case.
  virtual RenderedGroup render_ignored(std::string_view /*path*/) const { return {}; }
  virtual void write(RenderedGroup&& group) = 0;
  virtual void summary(const RunTotals& totals, const ReportClosing& closing) = 0;
  // Flushes and renames into place; the default commits the output.
  virtual void commit() { output_->commit(); }

  const ReportOutput& output() const { return *output_; }

 protected:
  ReportOutput& out() { return *output_; }

 private:
  std::unique_ptr<ReportOutput> output_;
};

// The documents of the YAML stream in one notation (YAML itself, or JSON Lines).
struct DocumentNotation {
  std::string (*header)(const ReportHeader& header);
  std::string (*file)(const FileReport& report, std::uint64_t baseline_matched);
  std::string (*record)(const FileReport& report, const RecordFacts& facts);
  std::string (*summary)(const RunTotals& totals, const ReportClosing& closing);
};
// A writer of the YAML stream's documents in its order, written as the run goes: the header; per
// group the file documents in report order, then the members' records, then the input's own
// record (which closes the group, for --resume to recognise); the summary.
std::unique_ptr<FormatWriter> make_document_writer(std::unique_ptr<ReportOutput> output,
                                                   const DocumentNotation& notation);

// The path of a report inside the root it was found under, "/"-joined raw bytes: a root that is a
// directory is cut off with its "/" ("tree/units/arm.gaf" under "tree" or "./tree//" ->
// "units/arm.gaf"; roots are compared in normal form, report_places.hpp); a
// path that is a root itself (a file named on the command line) keeps its last component; an
// archive member keeps its "!member" part. A path under no root is returned whole. The longest
// matching root wins, so nested roots name files by the inner one.
std::string path_in_root(const std::string& path, const std::vector<std::string>& roots);

// The header's census roots when it has them, else the context's.
const std::vector<std::string>& roots_of(const ReportHeader& header, const FormatContext& context);

}  // namespace gafcheck
