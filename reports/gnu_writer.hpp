#pragma once
// --format gnu: one line per finding, as compilers write diagnostics:
//   PATH: offset 0xHEX: SEVERITY: STRUCTURE/PATH: MESSAGE [RULE]
// PATH is the input's path as the YAML report writes it (escape_bytes: a control, non-UTF-8 or
// non-printable byte as \xNN, a backslash as \\); an archive member is ARCHIVE!MEMBER. There is no
// line number (the inputs are binary: none is invented); TSF findings say "(line R, column C)"
// in the message. Nothing else is written: no header, no summary. The findings are those the YAML
// report lists (file documents; see format_writer.hpp), in its order; streamed.
#include <memory>

#include "reports/format_writer.hpp"

namespace gafcheck {

std::unique_ptr<FormatWriter> make_gnu_writer(std::unique_ptr<ReportOutput> output,
                                              const FormatContext& context);

}  // namespace gafcheck
