#pragma once
// --format json: JSON Lines, one object per line, the YAML stream's documents in the YAML
// stream's order (json_documents.hpp), written as the run goes.
#include <memory>

#include "reports/format_writer.hpp"

namespace gafcheck {

std::unique_ptr<FormatWriter> make_json_writer(std::unique_ptr<ReportOutput> output,
                                               const FormatContext& context);

}  // namespace gafcheck
