#pragma once
// What every libFuzzer target shares: the entry point's declaration, check options whose budgets
// keep one input cheap, and the invariants every target checks. A violated invariant aborts with
// a message, which libFuzzer and the replay driver both report as a crash.
#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "validator/check/check_options.hpp"
#include "validator/report/file_report.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace gafcheck::fuzz {

// Budgets low enough that a single input costs well under ~100 ms and a few MiB, even under the
// sanitizers; every other option at its default.
CheckOptions fuzz_check_options();

// Aborts, printing what was violated, when the condition is false.
void require(bool condition, const std::string& what);

// Every finding's [offset, offset + length) lies inside an input of input_size bytes.
void require_findings_inside(const FileReport& report, std::uint64_t input_size);

// Requires that every line of a report's text holds only characters YAML 1.1 and 1.2 readers take
// as printable, non-break text (what escape_bytes lets through): yaml-cpp parses a raw U+2028 or
// U+FFFE, PyYAML does not.
void require_printable_report_text(std::string_view text);

// Emits the report's YAML document, parses it back with yaml-cpp and requires that it says what
// the report says (kind, format, verdict, every finding's rule, offset, length, path and message)
// and that its text is printable. Returns the parsed document.
YAML::Node require_report_round_trip(const FileReport& report);

// The same for the reports worth it, with their first 16 findings: every report with free text
// that needs escaping, and a fixed one in eight of the others (yaml-cpp's parse costs more than
// the check that made the report).
// Returns the parsed document, or nothing when the report was left out.
std::optional<YAML::Node> sampled_report_round_trip(const FileReport& report);

// A parsed report's summary counter, or an abort naming it when the report lacks it.
std::uint64_t require_summary_counter(const YAML::Node& document, const std::string& key);

}  // namespace gafcheck::fuzz
