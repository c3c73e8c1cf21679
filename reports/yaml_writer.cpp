#include "reports/yaml_writer.hpp"

namespace gafcheck {
namespace {

class YamlWriter final : public FormatWriter {
 public:
  using FormatWriter::FormatWriter;

  void header(const ReportHeader& header) override { out().write(yaml_header_document(header)); }

  // The group as a census writes it: the file documents in report order, then the members'
  // records, then the input's own record (which closes the group, for --resume to recognise).
  RenderedGroup render(std::span<const ReportItem> items) const override {
    RenderedGroup group;
    for (const ReportItem& item : items)
      if (item.document) group.text += yaml_file_document(*item.report, item.baseline_matched);
    for (std::size_t i = 1; i < items.size(); ++i)
      if (items[i].record) group.text += yaml_record_document(*items[i].report, *items[i].record);
    if (items[0].record) group.text += yaml_record_document(*items[0].report, *items[0].record);
    return group;
  }

  void write(RenderedGroup&& group) override {
    if (!group.text.empty()) out().write(group.text);
  }

  void summary(const RunTotals& totals, const ReportClosing& closing) override {
    out().write(yaml_summary_document(totals, closing));
  }
};

}  // namespace

std::unique_ptr<FormatWriter> make_yaml_writer(std::unique_ptr<ReportOutput> output,
                                               const FormatContext&) {
  return std::make_unique<YamlWriter>(std::move(output));
}

}  // namespace gafcheck
