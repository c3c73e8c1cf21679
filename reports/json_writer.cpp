#include "reports/json_writer.hpp"

#include "reports/json_documents.hpp"

namespace gafcheck {

std::unique_ptr<FormatWriter> make_json_writer(std::unique_ptr<ReportOutput> output,
                                               const FormatContext&) {
  static constexpr DocumentNotation json_lines = {
      [](const ReportHeader& header) {
        return json_from_yaml_document(yaml_header_document(header));
      },
      json_file_line,
      json_record_line,
      [](const RunTotals& totals, const ReportClosing& closing) {
        return json_from_yaml_document(yaml_summary_document(totals, closing));
      },
  };
  return make_document_writer(std::move(output), json_lines);
}

}  // namespace gafcheck
