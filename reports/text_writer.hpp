#pragma once
// --format text, for a person at a terminal (what check and census write to standard output when
// it is a terminal and neither --format nor -o is given): per file its verdict with the reason
// (the worst finding's message; an unreadable file's is the operating system's), then one line
// per finding, then one summary line with the counts:
//   REJECTED /tmp/x.gaf: cannot open: No such file or directory
//     error    input.unreadable  offset 0x0: cannot open: No such file or directory
//   1 file checked: 1 rejected; 1 error, 0 warnings, 0 info; exit 3
// Files are those the YAML report writes a document for (every file for check; census: by
// --per-file), their findings exactly those given (a display threshold applied before the writer
// is not applied again). Colour (ANSI escapes) only when FormatContext::colour says so: the
// command line decides it for standard output (--color, NO_COLOR); a file never gets it.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "reports/format_writer.hpp"

namespace gafcheck {

std::unique_ptr<FormatWriter> make_text_writer(std::unique_ptr<ReportOutput> output,
                                               const FormatContext& context);

// What the summary line counts besides the run's totals: the findings the text listed, by
// severity (what a display threshold hid is in the totals).
struct TextSummaryCounts {
  std::array<std::uint64_t, 3> listed{};  // by Severity: info, warning, error
};

// "3 files checked: 1 rejected, 2 clean; 1 error, 0 warnings, 2 info; hidden below warning: 4
// info; exit 3" (no colour, no line break).
std::string text_summary_line(const RunTotals& totals, const ReportClosing& closing,
                              const TextSummaryCounts& counts);

}  // namespace gafcheck
