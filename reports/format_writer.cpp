#include "reports/format_writer.hpp"

#include "reports/report_places.hpp"

namespace gafcheck {
namespace {

class DocumentWriter final : public FormatWriter {
 public:
  DocumentWriter(std::unique_ptr<ReportOutput> output, const DocumentNotation& notation)
      : FormatWriter(std::move(output)), notation_(notation) {}

  void header(const ReportHeader& header) override { out().write(notation_.header(header)); }

  RenderedGroup render(std::span<const ReportItem> items) const override {
    RenderedGroup group;
    for (const ReportItem& item : items)
      if (item.document) group.text += notation_.file(*item.report, item.baseline_matched);
    for (std::size_t i = 1; i < items.size(); ++i)
      if (items[i].record) group.text += notation_.record(*items[i].report, *items[i].record);
    if (items[0].record) group.text += notation_.record(*items[0].report, *items[0].record);
    return group;
  }

  void write(RenderedGroup&& group) override {
    if (!group.text.empty()) out().write(group.text);
  }

  void summary(const RunTotals& totals, const ReportClosing& closing) override {
    out().write(notation_.summary(totals, closing));
  }

 private:
  const DocumentNotation notation_;
};

}  // namespace

std::unique_ptr<FormatWriter> make_document_writer(std::unique_ptr<ReportOutput> output,
                                                   const DocumentNotation& notation) {
  return std::make_unique<DocumentWriter>(std::move(output), notation);
}

std::string path_in_root(const std::string& path, const std::vector<std::string>& roots) {
  return locate_in_roots(path, roots).relative;
}

const std::vector<std::string>& roots_of(const ReportHeader& header, const FormatContext& context) {
  return header.census ? header.census->roots : context.roots;
}

}  // namespace gafcheck
