// fuzz_tsf: the TSF script linter on arbitrary text, with no image lookup (the fuzzer must not
// touch the file system). Aborts when a finding lies outside the input (fuzz_report parses such
// reports back).
#include "fuzz/fuzz_support.hpp"
#include "validator/check/check_input.hpp"
#include "validator/core/walk_context.hpp"
#include "validator/rules/catalog.hpp"
#include "validator/tsf/tsf_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  const ByteView bytes(data, size);
  const CheckOptions options = fuzz::fuzz_check_options();
  BudgetMeter budget(options.limits);
  Findings findings(embedded_catalog(), options.limits[BudgetKind::findings]);
  WalkContext context{bytes, findings, budget};
  FileReport report;
  report.path = "fuzz.tsf";
  report.format = Format::tsf;
  tsf::lint_tsf(context, report.summary, nullptr);
  report.findings = findings.take_listed();
  report.rule_counts = findings.counts();
  finalize_verdict(report);
  fuzz::require_findings_inside(report, size);
  return 0;
}
