#pragma once
// What every fuzz target shares: the entry point's declaration, check options whose budgets keep
// one input cheap, and the invariants the targets check (the report round trip: fuzz_report). A
// violated invariant aborts with a message, which libFuzzer and the replay driver both report as a
// crash.
#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "validator/core/check_options.hpp"
#include "validator/result/file_report.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace gafcheck::fuzz {

// Budgets low enough that a single input costs well under ~100 ms and a few MiB, even under the
// sanitizers; every other option at its default.
CheckOptions fuzz_check_options();

// Aborts, printing what was violated, when the condition is false.
void require(bool condition, const std::string& what);
// The same for a fixed message, which then costs no string per check.
void require(bool condition, const char* what);

// The same, composing the message only when the condition is false: for checks that run per
// finding or per pixel, where building the message every time would cost more than the check.
template <typename Describe>
requires std::is_invocable_r_v<std::string, Describe>
void require(bool condition, const Describe& describe) {
  if (!condition) require(false, describe());
}

// Every finding's [offset, offset + length) lies inside an input of input_size bytes.
void require_findings_inside(const FileReport& report, std::uint64_t input_size);

// Requires that every line of a report's text holds only characters YAML 1.1 and 1.2 readers take
// as printable, non-break text (what escape_bytes lets through): yaml-cpp parses a raw U+2028 or
// U+FFFE, PyYAML does not.
void require_printable_report_text(std::string_view text);

// Requires that a report's YAML document (text) is printable and parses back with yaml-cpp
// saying what the report says (require_document_says). Returns the parsed document.
YAML::Node require_report_text_round_trip(const FileReport& report, const std::string& text);

// Requires that a parsed file document (from text) says what the report says: kind, format,
// verdict, path, every finding's rule, offset, length, path and message, and every summary
// counter.
void require_document_says(const FileReport& report, const YAML::Node& document,
                           const std::string& text);

// The same for the document yaml_file_document writes for the report.
YAML::Node require_report_round_trip(const FileReport& report);

// A parsed report's summary counter (a dotted key names a nested one), or an abort naming it
// when the report lacks it.
std::uint64_t require_summary_counter(const YAML::Node& document, const std::string& key);

}  // namespace gafcheck::fuzz
