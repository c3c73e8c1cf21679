// fuzz_hpi: HPI-family archives. The input is checked as an archive upload with every member
// (nested archives included, down to the depth budget) checked in memory, as `check` would.
// Aborts when any report's finding lies outside its own input (the archive, or the member it
// describes, whose offsets are member-relative); fuzz_report parses such reports back.
#include "fuzz/fuzz_support.hpp"
#include "validator/check/check_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  const ByteView bytes(data, size);
  bool first = true;
  check_bytes_with_members(bytes, "fuzz.ufo", fuzz::fuzz_check_options(), [&](FileReport&& report) {
    // The archive's own report is about these bytes; a member's about
    // its decoded buffer, whose size the report records.
    fuzz::require_findings_inside(report, first ? size : report.size);
    first = false;
  });
  return 0;
}
