#include "validator/census/run_reporter.hpp"

#include <ctime>
#include <iostream>

#include "reports/finding_suppression.hpp"
#include "reports/report_reader.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

std::string findings(std::uint64_t count) {
  return counted(count, "finding");
}

// What configuration did to the verdict, for the verdict line: " (configuration FILE turned off
// 2 findings, lowered 1 finding)", or "" when it changed nothing.
std::string configuration_effect(const FileReport& report, std::uint64_t suppressed) {
  std::string effect;
  const auto add = [&effect](const std::string& part) {
    effect += (effect.empty() ? "" : ", ") + part;
  };
  if (report.findings_off > 0) add("turned off " + findings(report.findings_off));
  if (report.findings_lowered > 0) add("lowered " + findings(report.findings_lowered));
  if (suppressed > 0) add("suppressed " + findings(suppressed));
  if (effect.empty()) return effect;
  const std::string source =
      report.config.empty() ? "--rule" : "configuration " + escape_bytes(report.config);
  return " (" + source + " " + effect + ")";
}

}  // namespace

std::unique_ptr<Baseline> load_baseline(const std::string& path) {
  try {
    return std::make_unique<Baseline>(Baseline::load(path));
  } catch (const DamagedReport& error) {  // a gafcheck report, damaged: exit 3
    throw DamagedReport("--baseline " + path + ": " + error.what());
  } catch (const std::runtime_error& error) {
    throw UsageError{"--baseline " + path + ": " + error.what()};
  }
}

std::string utc_timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

RunReporter::RunReporter(const RunOptions& options, PerFile per_file,
                         const std::vector<std::string>& roots)
    : options_(options), per_file_(per_file), started_(std::chrono::steady_clock::now()) {
  if (display_threshold(options) != Severity::info)
    totals_.hidden_below = display_threshold(options);
  writers_ = open_writers(options.outputs,
                          FormatContext{roots, fail_threshold(options), options.html_thumbnails,
                                        options.check.limits[BudgetKind::heap],
                                        options.gallery_thumbnails, options.palette_source});
}

void RunReporter::start(ReportHeader header) {
  if (!options_.baseline.empty()) baseline_ = load_baseline(options_.baseline);
  header.limits = options_.check.limits;
  header.game = options_.game;
  for (const auto& writer : writers_) writer->header(header);
}

void RunReporter::note_ignored(const std::string& path, const std::string& config) {
  for (const auto& writer : writers_) writer->write(writer->render_ignored(path));
  if (!options_.quiet)
    std::cerr << "IGNORED  " << escape_bytes(path) << " (ignore: in the configuration "
              << escape_bytes(config) << ")\n";
}

void RunReporter::print_verdict_line(const FileReport& report) const {
  // Findings by the severity they count at: listed ones as rated, counted-only ones at their
  // rule's level; suppressed ones and those of rules turned off apart.
  std::uint64_t counts[3] = {0, 0, 0}, suppressed = 0;
  std::array<std::uint64_t, rule_count> listed{};
  for (const Finding& finding : report.findings) {
    ++listed[static_cast<std::size_t>(finding.rule)];
    if (finding.suppressed)
      ++suppressed;
    else
      ++counts[static_cast<int>(finding.severity)];
  }
  for (std::size_t i = 0; i < rule_count; ++i) {
    if (report.rule_counts[i] <= listed[i]) continue;
    if (const auto severity = counted_severity(report, i))
      counts[static_cast<int>(*severity)] += report.rule_counts[i] - listed[i];
  }
  std::string tally = severity_counts(counts[2], counts[1], counts[0]);
  if (report.retail != Retail::none)
    tally += "; retail: " + std::string(retail_name(report.retail));
  std::string line(verdict_label(report.verdict));
  line.resize(9, ' ');
  line += escape_bytes(report.path) + ": ";
  const std::string reason = report.verdict == Verdict::clean ? "" : verdict_reason(report);
  line += reason.empty() ? tally : reason + " (" + tally + ")";
  std::cerr << line << configuration_effect(report, suppressed) << '\n';
}

void RunReporter::add(FileReport report) {
  // The text format on standard output says the same per file (with the findings).
  if (!options_.quiet && !text_on_standard_output(options_.outputs)) print_verdict_line(report);
  const Baseline::Outcome outcome =
      baseline_ ? baseline_->apply(report) : Baseline::Outcome{0, worst_severity(report)};
  const auto threshold = fail_threshold(options_);
  any_failure_ =
      any_failure_ || (threshold && outcome.worst_new && *outcome.worst_new >= *threshold);
  any_unreadable_ = any_unreadable_ || report.format == Format::unreadable;
  const bool suppressed = every_finding_suppressed(report);
  hide_findings_below(report, display_threshold(options_));  // after the exit code is settled
  totals_.add(report);
  const bool has_findings = !report.findings.empty() || report.findings_suppressed > 0;
  ReportItem item;
  item.report = &report;
  item.document = per_file_ == PerFile::all || (per_file_ == PerFile::findings && has_findings);
  item.baseline_matched = outcome.matched;
  item.worst = outcome.worst_new;
  item.suppressed = suppressed;
  if (!item.document) report.findings.clear();
  for (const auto& writer : writers_) writer->write(writer->render({&item, 1}));
}

void RunReporter::count_walk(std::uint64_t symlinks_not_followed, std::uint64_t not_inputs,
                             std::uint64_t ignored) {
  totals_.walk_counted = true;
  totals_.ignored += ignored;
  totals_.symlinks_not_followed += symlinks_not_followed;
  totals_.not_inputs += not_inputs;
}

int RunReporter::finish(bool interrupted) {
  ReportClosing closing;
  closing.interrupted = interrupted;
  closing.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  closing.exit_code = exit_status(any_unreadable_ ? ExitCode::unreadable
                                  : any_failure_  ? ExitCode::findings
                                                  : ExitCode::clean);
  for (const auto& writer : writers_) writer->summary(totals_, closing);
  for (const auto& writer : writers_) writer->commit();
  return closing.exit_code;
}

}  // namespace gafcheck
