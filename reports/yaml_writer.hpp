#pragma once
// The YAML report (the default format) as a FormatWriter: the documents of yaml_report.hpp and
// yaml_record.hpp, byte for byte as they always were written.
#include <memory>

#include "reports/format_writer.hpp"

namespace gafcheck {

std::unique_ptr<FormatWriter> make_yaml_writer(std::unique_ptr<ReportOutput> output,
                                               const FormatContext& context);

}  // namespace gafcheck
