#include "reports/junit_writer.hpp"

#include <cstdio>

#include "reports/finding_line.hpp"
#include "reports/xml_text.hpp"
#include "validator/core/catalog_digest.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

enum Tally { tests, failures, skipped };

bool fails(const ReportItem& item, const std::optional<Severity>& threshold) {
  return threshold && item.worst && *item.worst >= *threshold;
}

std::string findings_lines(const FileReport& report) {
  std::string lines;
  for (const Finding& finding : report.findings) lines += finding_line(finding) + '\n';
  if (report.findings_suppressed > 0)
    lines += std::to_string(report.findings_suppressed) +
             " more findings counted but not listed (--max-findings)\n";
  return lines;
}

// Unlisted findings (no file document: census --per-file none, or below --min-severity) are
// still counted per rule in the record.
std::string counted_rules(const FileReport& report) {
  const std::string counts = pack_rule_counts(report.rule_counts);
  return counts.empty() ? std::string() : "findings by rule (not listed): " + counts + '\n';
}

// Several roots can hold the same path inside them (a/x.gaf, b/x.gaf): testcases are then named
// by the path inside the roots' longest common directory, which stays unique.
std::vector<std::string> naming_roots(const std::vector<std::string>& roots) {
  if (roots.size() < 2) return roots;
  std::string_view common = roots.front();
  for (const std::string& root : roots) {
    std::size_t same = 0;
    while (same < common.size() && same < root.size() && common[same] == root[same]) ++same;
    common = common.substr(0, same);
  }
  // Cut back to a whole directory: up to the last '/' unless every root continues with one there.
  bool whole = !common.empty();
  for (const std::string& root : roots)
    whole = whole && (root.size() == common.size() || root[common.size()] == '/');
  if (!whole) {
    const auto slash = common.find_last_of('/');
    common = slash == std::string_view::npos ? std::string_view() : common.substr(0, slash + 1);
  }
  if (common.empty()) return {};
  return {std::string(common)};
}

std::string property(const char* name, std::string_view value) {
  return std::string("      <property name=\"") + name + "\" value=\"" + xml_attribute(value) +
         "\"/>\n";
}

class JunitWriter final : public FormatWriter {
 public:
  JunitWriter(std::unique_ptr<ReportOutput> output, const FormatContext& context)
      : FormatWriter(std::move(output)), context_(context), spool_(std::tmpfile()) {
    if (!spool_) throw OutputError("junit: cannot create a temp file for the test cases");
  }
  ~JunitWriter() override {
    if (spool_) std::fclose(spool_);
  }

  void header(const ReportHeader& header) override {
    roots_ = naming_roots(roots_of(header, context_));
    std::string timestamp = header.started_at;
    if (!timestamp.empty() && timestamp.back() == 'Z') timestamp.pop_back();
    suite_ = "gafcheck " + header.command;
    timestamp_ = timestamp;
    properties_ =
        property("command_line", sanitize_text(header.command_line)) +
        property("game", header.game) + property("profile", header.profile) +
        property("catalog_sha256", embedded_catalog_sha256()) +
        property("fail_on", context_.fail_threshold ? severity_name(*context_.fail_threshold)
                                                    : std::string_view("never"));
  }

  RenderedGroup render(std::span<const ReportItem> items) const override {
    RenderedGroup group;
    for (const ReportItem& item : items) {
      const FileReport& report = *item.report;
      ++group.tally[tests];
      std::string& text = group.text;
      text += "    <testcase classname=\"gafcheck.";
      text += xml_attribute(format_name(report.format));
      text += "\" name=\"";
      text += xml_attribute(escape_bytes(path_in_root(report.path, roots_)));
      text += "\">\n";
      const std::string listed = item.document ? findings_lines(report) : counted_rules(report);
      if (item.suppressed) {
        ++group.tally[skipped];
        text += "      <skipped/>\n";
      } else if (fails(item, context_.fail_threshold)) {
        ++group.tally[failures];
        text += "      <failure type=\"";
        text += severity_name(*item.worst);
        text += "\" message=\"";
        text += xml_attribute(std::string("findings at or above ") +
                              std::string(severity_name(*context_.fail_threshold)) + "; verdict " +
                              std::string(verdict_name(report.verdict)) + ", retail " +
                              std::string(retail_name(report.retail)));
        text += "\">";
        text += xml_content(listed);
        text += "</failure>\n";
      } else if (!listed.empty()) {
        text += "      <system-out>";
        text += xml_content(listed);
        text += "</system-out>\n";
      }
      text += "    </testcase>\n";
    }
    return group;
  }

  RenderedGroup render_ignored(std::string_view path) const override {
    RenderedGroup group;
    ++group.tally[tests];
    ++group.tally[skipped];
    group.text = "    <testcase classname=\"gafcheck.ignored\" name=\"" +
                 xml_attribute(escape_bytes(path_in_root(std::string(path), roots_))) +
                 "\">\n      <skipped/>\n      <system-out>ignored by the configuration "
                 "(ignore:)</system-out>\n    </testcase>\n";
    return group;
  }

  void write(RenderedGroup&& group) override {
    for (std::size_t i = 0; i < totals_.size(); ++i) totals_[i] += group.tally[i];
    if (!group.text.empty() &&
        std::fwrite(group.text.data(), 1, group.text.size(), spool_) != group.text.size())
      throw OutputError("junit: cannot write the test cases to a temp file");
  }

  void summary(const RunTotals& totals, const ReportClosing& closing) override {
    // --min-severity: the findings the test cases leave out, counted.
    if (totals.hidden_below) properties_ += property("hidden", hidden_findings_text(totals));
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f", closing.wall_seconds);
    const std::string counts = "tests=\"" + std::to_string(totals_[tests]) + "\" failures=\"" +
                               std::to_string(totals_[failures]) + "\" errors=\"0\"";
    std::string head =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gafcheck\" " + counts +
        " time=\"" + seconds + "\">\n  <testsuite name=\"" + xml_attribute(suite_) + "\" " +
        counts + " skipped=\"" + std::to_string(totals_[skipped]) + "\" time=\"" + seconds +
        "\" timestamp=\"" + xml_attribute(timestamp_) + "\">\n    <properties>\n" + properties_ +
        "    </properties>\n";
    out().write(head);
    copy_spool();
    out().write(
        closing.interrupted
            ? "    <system-err>the run was interrupted: the report is partial</system-err>\n"
              "  </testsuite>\n</testsuites>\n"
            : "  </testsuite>\n</testsuites>\n");
  }

 private:
  void copy_spool() {
    if (std::fflush(spool_) != 0 || std::fseek(spool_, 0, SEEK_SET) != 0)
      throw OutputError("junit: cannot read the test cases back from a temp file");
    char buffer[1 << 16];
    while (const std::size_t got = std::fread(buffer, 1, sizeof buffer, spool_))
      out().write(std::string_view(buffer, got));
    if (std::ferror(spool_)) throw OutputError("junit: cannot read the test cases back");
  }

  FormatContext context_;
  std::FILE* spool_;
  std::vector<std::string> roots_;
  std::string suite_, timestamp_, properties_;
  std::array<std::uint64_t, 4> totals_{};
};

}  // namespace

std::unique_ptr<FormatWriter> make_junit_writer(std::unique_ptr<ReportOutput> output,
                                                const FormatContext& context) {
  return std::make_unique<JunitWriter>(std::move(output), context);
}

}  // namespace gafcheck
