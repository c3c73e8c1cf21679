#include "reports/yaml_writer.hpp"

namespace gafcheck {

std::unique_ptr<FormatWriter> make_yaml_writer(std::unique_ptr<ReportOutput> output,
                                               const FormatContext&) {
  static constexpr DocumentNotation yaml = {yaml_header_document, yaml_file_document,
                                            yaml_record_document, yaml_summary_document};
  return make_document_writer(std::move(output), yaml);
}

}  // namespace gafcheck
