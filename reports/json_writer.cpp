#include "reports/json_writer.hpp"

#include "reports/json_documents.hpp"

namespace gafcheck {
namespace {

class JsonWriter final : public FormatWriter {
 public:
  using FormatWriter::FormatWriter;

  void header(const ReportHeader& header) override {
    out().write(json_from_yaml_document(yaml_header_document(header)));
  }

  // The YAML stream's order: file documents, the members' records, the input's own record.
  RenderedGroup render(std::span<const ReportItem> items) const override {
    RenderedGroup group;
    for (const ReportItem& item : items)
      if (item.document) group.text += json_file_line(*item.report, item.baseline_matched);
    for (std::size_t i = 1; i < items.size(); ++i)
      if (items[i].record) group.text += json_record_line(*items[i].report, *items[i].record);
    if (items[0].record) group.text += json_record_line(*items[0].report, *items[0].record);
    return group;
  }

  void write(RenderedGroup&& group) override {
    if (!group.text.empty()) out().write(group.text);
  }

  void summary(const RunTotals& totals, const ReportClosing& closing) override {
    out().write(json_from_yaml_document(yaml_summary_document(totals, closing)));
  }
};

}  // namespace

std::unique_ptr<FormatWriter> make_json_writer(std::unique_ptr<ReportOutput> output,
                                               const FormatContext&) {
  return std::make_unique<JsonWriter>(std::move(output));
}

}  // namespace gafcheck
