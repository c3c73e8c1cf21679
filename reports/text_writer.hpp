#pragma once
// --format text, for a person at a terminal (what check and census write to standard output when
// it is a terminal and neither --format nor -o is given): per file its verdict with the reason
// (the worst finding's message; an unreadable file's is the operating system's), then one line
// per file read, the tool that wrote it, then one line per finding, then one summary line with the
// counts, the files by writer among them:
//   WARN     mod.ufo: ...
//     writer: HPIPack (HPIUtil.dll) 1997-1999 (...), certain
//     warning  hpi.slack  offset 0x1f40: ...
//   REJECTED /tmp/x.gaf: cannot open: No such file or directory
//     error    input.unreadable  offset 0x0: cannot open: No such file or directory
//   2 files checked: 1 rejected, 1 with warnings; 1 error, 1 warning, 0 info; writers:
//   HPIPack (HPIUtil.dll) 1; exit 3
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

// Which tool wrote a file, for people: "HPIPack (HPIUtil.dll) 1997-1999, certain" (its versions
// left out when unknown), or "unknown (why; each fact seen)".
std::string writer_text(const WriterIdentity& writer);

// The same on one terminal line: an unknown writer gives why, and how many facts were seen
// instead of each (the YAML and JSON reports and gafcheck identify list them).
std::string writer_line(const WriterIdentity& writer);

// "HPIPack (HPIUtil.dll) 2, unknown 5": files by writer, most first (ties by name).
std::string writer_counts_text(const RunTotals& totals);

// "3 files checked: 1 rejected, 2 clean; 1 error, 0 warnings, 2 info; hidden below warning: 4
// info; exit 3" (no colour, no line break).
std::string text_summary_line(const RunTotals& totals, const ReportClosing& closing,
                              const TextSummaryCounts& counts);

}  // namespace gafcheck
