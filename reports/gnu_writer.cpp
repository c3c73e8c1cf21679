#include "reports/gnu_writer.hpp"

#include "reports/finding_line.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

class GnuWriter final : public FormatWriter {
 public:
  using FormatWriter::FormatWriter;

  void header(const ReportHeader&) override {}

  RenderedGroup render(std::span<const ReportItem> items) const override {
    RenderedGroup group;
    for (const ReportItem& item : items) {
      if (item.report->findings.empty()) continue;
      const std::string path = escape_bytes(item.report->path);
      for (const Finding& finding : item.report->findings) {
        group.text += path;
        group.text += ": ";
        group.text += finding_line(finding);
        group.text += '\n';
      }
    }
    return group;
  }

  void write(RenderedGroup&& group) override {
    if (!group.text.empty()) out().write(group.text);
  }

  void summary(const RunTotals&, const ReportClosing&) override {}
};

}  // namespace

std::unique_ptr<FormatWriter> make_gnu_writer(std::unique_ptr<ReportOutput> output,
                                              const FormatContext&) {
  return std::make_unique<GnuWriter>(std::move(output));
}

}  // namespace gafcheck
