#include "validator/check/check_input.hpp"

#include <algorithm>

#include "validator/core/sha256.hpp"
#include "validator/core/text.hpp"
#include "validator/core/walk_context.hpp"
#include "validator/detect/sniff.hpp"
#include "validator/gaf/gaf_summary.hpp"
#include "validator/gaf/structure_reader.hpp"
#include "validator/input/mapped_file.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

void take_findings(FileReport& report, Findings& findings, const BudgetMeter& budget) {
  report.findings = findings.take_listed();
  report.rule_counts = findings.counts();
  report.findings_suppressed = findings.suppressed();
  report.budget_hit = budget.first_hit();
  if (findings.suppressed() > 0) report.retail = findings.suppressed_worst_retail();
}

void check_gaf(WalkContext& context, FileReport& report) {
  const gaf::GafIndex index = gaf::read_gaf_structure(context);
  gaf::summarize_gaf(index, report.summary, report.survey);
}

}  // namespace

FileReport check_bytes(ByteView bytes, const std::string& display_path,
                       const CheckOptions& options) {
  FileReport report;
  report.path = display_path;
  report.size = bytes.size();
  if (options.hash_contents) report.sha256 = sha256_hex(bytes);
  report.format = sniff_format(bytes);

  BudgetMeter budget(options.limits);
  Findings findings(embedded_catalog(), options.limits[BudgetKind::findings]);
  WalkContext context{bytes, findings, budget};
  switch (report.format) {
    case Format::gaf: check_gaf(context, report); break;
    default:
      findings.add(
          RuleId::format_unknown, 0, std::min<std::uint64_t>(bytes.size(), 16), "",
          "not a GAF, TAF, HPI or TSF file (first bytes: " +
              (bytes.empty() ? std::string("none, the file is empty") : hexdump(bytes, 0, 16)) +
              ")");
      report.format = Format::unknown;
      break;
  }
  take_findings(report, findings, budget);
  finalize_verdict(report);
  return report;
}

FileReport check_file(const std::filesystem::path& path, const CheckOptions& options) {
  const std::string display_path = path.string();
  const std::uint64_t max_size = options.limits[BudgetKind::file_size];
  auto mapped = MappedFile::open(path, max_size);
  if (mapped.too_large) {
    FileReport report;
    report.path = display_path;
    report.size = mapped.size;
    BudgetMeter budget(options.limits);
    Findings findings(embedded_catalog(), options.limits[BudgetKind::findings]);
    WalkContext context{ByteView(), findings, budget};
    context.check(BudgetKind::file_size, mapped.size, 0, "");
    take_findings(report, findings, budget);
    finalize_verdict(report);
    return report;
  }
  if (mapped.error) return unreadable_report(display_path, *mapped.error, mapped.size);
  return check_bytes(mapped.file->view(), display_path, options);
}

void check_input(const std::filesystem::path& path, const CheckOptions& options,
                 const ReportSink& sink) {
  sink(check_file(path, options));
}

FileReport unreadable_report(const std::string& display_path, const std::string& reason,
                             std::uint64_t size) {
  FileReport report;
  report.path = display_path;
  report.size = size;
  report.format = Format::unreadable;
  Findings findings(embedded_catalog(), 1);
  findings.add(RuleId::input_unreadable, 0, 0, "", reason);
  report.rule_counts = findings.counts();
  report.findings = findings.take_listed();
  finalize_verdict(report);
  return report;
}

void finalize_verdict(FileReport& report) {
  bool rejected = false;
  std::optional<Severity> worst;
  for (std::size_t i = 0; i < rule_count; ++i) {
    if (report.rule_counts[i] == 0) continue;
    const auto rule = static_cast<RuleId>(i);
    if (rule == RuleId::budget_exceeded || rule == RuleId::format_unknown ||
        rule == RuleId::input_unreadable)
      rejected = true;
    const Severity severity = embedded_catalog().info(rule).severity;
    worst = worst ? std::max(*worst, severity) : severity;
  }
  for (const Finding& finding : report.findings) {
    worst = worst ? std::max(*worst, finding.severity) : finding.severity;
    report.retail = std::max(report.retail, finding.retail);
  }
  if (rejected)
    report.verdict = Verdict::rejected;
  else if (worst == Severity::error)
    report.verdict = Verdict::errors;
  else if (worst == Severity::warning)
    report.verdict = Verdict::warnings;
  else
    report.verdict = Verdict::clean;
}

}  // namespace gafcheck
