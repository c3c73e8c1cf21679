// fuzz_taf: TA: Kingdoms containers. The input goes through the whole pipeline as a .taf (content
// sniffing, the paletted/truecolor decision, extension checks) and straight into the truecolor
// and TA3D readers, so every input reaches them whatever its bytes say. Aborts when a finding
// lies outside the input (fuzz_report parses such reports back). When the pipeline took the input
// for a truecolor TAF it has run the truecolor reader on it, with the same options, and its
// findings were checked with the pipeline's: the reader does not run a second time.
#include "fuzz/fuzz_support.hpp"
#include "validator/check/check_input.hpp"
#include "validator/core/walk_context.hpp"
#include "validator/rules/catalog.hpp"
#include "validator/taf/taf_check.hpp"

namespace gafcheck::fuzz {
namespace {

using Reader = void (*)(WalkContext&, FileReport&);

void run_reader(ByteView bytes, Reader reader) {
  const CheckOptions options = fuzz_check_options();
  BudgetMeter budget(options.limits);
  Findings findings(embedded_catalog(), options.limits[BudgetKind::findings]);
  WalkContext context{bytes, findings, budget};
  FileReport report;
  reader(context, report);
  report.findings = findings.take_listed();
  require_findings_inside(report, bytes.size());
}

}  // namespace
}  // namespace gafcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  const ByteView bytes(data, size);
  const FileReport report = check_bytes(bytes, "fuzz.taf", fuzz::fuzz_check_options());
  fuzz::require_findings_inside(report, size);
  if (report.format != Format::taf_truecolor) fuzz::run_reader(bytes, taf::check_truecolor_taf);
  // The TA3D reader is only ever called on a file whose version word was read.
  if (size >= 4) fuzz::run_reader(bytes, taf::check_ta3d_gaf);
  return 0;
}
