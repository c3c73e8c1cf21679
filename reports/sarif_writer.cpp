#include "reports/sarif_writer.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "reports/finding_fingerprint.hpp"
#include "reports/json_text.hpp"
#include "reports/report_places.hpp"
#include "reports/report_snapshot.hpp"
#include "reports/sarif_result.hpp"
#include "reports/sarif_rules.hpp"
#include "validator/core/catalog_digest.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

constexpr std::string_view sarif_schema_uri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

OutputError temp_error(const char* what) {
  return OutputError(std::string("SARIF artifacts temp file: ") + what + ": " +
                     std::strerror(errno));
}

std::string base_id(std::size_t root) {
  return "ROOT" + std::to_string(root);
}

class SarifWriter final : public FormatWriter {
 public:
  SarifWriter(std::unique_ptr<ReportOutput> output, const FormatContext& context,
              SarifProfile profile)
      : FormatWriter(std::move(output)),
        profile_(profile),
        places_(context.roots),
        artifacts_file_(nullptr, &std::fclose) {
    if (profile_ == SarifProfile::binary) {
      artifacts_file_.reset(std::tmpfile());
      if (!artifacts_file_) throw temp_error("cannot create");
    }
  }

  void header(const ReportHeader& header) override {
    header_ = header;
    if (header.census) places_.set_roots(header.census->roots);
    bases_.assign(places_.roots().size(), std::nullopt);
    std::string text = "{\"$schema\":\"" + std::string(sarif_schema_uri) +
                       "\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":";
    text += dump_json(sarif_driver(embedded_catalog(), tool_version()));
    text += "},\"results\":[";
    out().write(text);
  }

  RenderedGroup render(std::span<const ReportItem> items) const override {
    return {snapshot_reports(items), {}};
  }

  void write(RenderedGroup&& group) override {
    for (const SnapshotReport& item : restore_reports(group.text)) write_report(item);
  }

  void summary(const RunTotals& totals, const ReportClosing& closing) override {
    out().write("]");
    if (profile_ == SarifProfile::binary) {
      out().write(",\"artifacts\":[");
      copy_artifacts();
      out().write("]");
    }
    nlohmann::json tail;
    const std::vector<std::string>& roots = places_.roots();
    if (!roots.empty()) {
      nlohmann::json bases = nlohmann::json::object();
      for (std::size_t i = 0; i < roots.size(); ++i) {
        // A root no report was found under is taken for a directory.
        const std::string base =
            i < bases_.size() && bases_[i] ? *bases_[i] : normal_path(roots[i]);
        bases[base_id(i)] = sarif_root_location(base, roots[i]);
      }
      tail["originalUriBaseIds"] = std::move(bases);
    }
    nlohmann::json invocation = {
        // gafcheck ran to the end and judged every input: exit 0 (nothing at or above
        // --fail-on) or 1 (findings); 3 (an input unreadable), 4 (a bug) and an interrupted run
        // are not a successful execution.
        {"executionSuccessful", !closing.interrupted && closing.exit_code <= 1},
        {"exitCode", closing.exit_code},
        {"commandLine", json_text(header_.command_line)},
        {"properties", {{"interrupted", closing.interrupted}}}};
    if (!header_.started_at.empty()) invocation["startTimeUtc"] = header_.started_at;
    tail["invocations"] = nlohmann::json::array({std::move(invocation)});
    tail["properties"] = {{"command", header_.command},
                          {"profile", header_.profile},
                          {"game", header_.game},
                          {"catalogSha256", embedded_catalog_sha256()}};
    // What --min-severity left out, counted: {below: warning, info: 44}.
    if (totals.hidden_below) {
      nlohmann::json hidden = {{"below", std::string(severity_name(*totals.hidden_below))}};
      for (const auto& [severity, count] : hidden_findings(totals))
        hidden[std::string(severity)] = count;
      tail["properties"]["hidden"] = std::move(hidden);
    }
    std::string text = dump_json(tail);
    text.front() = ',';  // the tail's members continue the run object
    out().write(text + "]}\n");
  }

 private:
  struct Artifact {
    std::string display;  // the report's path, for members to find their parent
    std::size_t index = 0;
  };

  void write_report(const SnapshotReport& item) {
    const FileReport& report = item.report;
    const ReportPlace place = places_.place(report);
    if (place.root) {
      if (bases_.size() <= *place.root) bases_.resize(*place.root + 1);
      bases_[*place.root] = place.base;
    }
    SarifLocation location;
    location.member = place.member;
    location.uri = file_uri(place.file, place.root);
    if (place.root) location.uri_base_id = base_id(*place.root);
    if (profile_ == SarifProfile::binary) add_artifact(report, place, location);
    FingerprintCounter fingerprints;
    for (std::size_t i = 0; i < report.findings.size(); ++i) {
      const Finding& finding = report.findings[i];
      const std::string fingerprint =
          fingerprints.fingerprint({place.file, place.member, place.base}, finding);
      const std::optional<std::string>& justification = item.suppressed[i];
      if (justification && profile_ == SarifProfile::github) continue;
      const std::optional<std::string_view> why =
          justification ? std::optional<std::string_view>(*justification) : std::nullopt;
      const nlohmann::json result = sarif_result(finding, location, fingerprint, profile_, why);
      out().write((first_result_ ? "" : ",") + dump_json(result));
      first_result_ = false;
    }
  }

  // A path under no root (a merged report's, say) that is absolute is a file URI; relative, a
  // reference to where gafcheck ran.
  static std::string file_uri(const std::string& file, std::optional<std::size_t> root) {
    if (!root && !file.empty() && file.front() == '/') return "file://" + uri_reference(file);
    return uri_reference(file);
  }

  // Writes the report's artifact and points location at it.
  void add_artifact(const FileReport& report, const ReportPlace& place, SarifLocation& location) {
    const std::size_t index = artifact_count_++;
    location.artifact_index = index;
    nlohmann::json artifact;
    if (!report.member_of) {
      chain_.clear();
    } else {
      // A nested artifact's uri is its path inside its parent, with no base. Members come right
      // after their archive (depth-first), so the parent is on the chain; the path inside it is
      // the display path after the parent's and a '!' (compared whole, never split at a '!').
      while (!chain_.empty() && chain_.back().display != *report.member_of) chain_.pop_back();
      const std::string prefix = *report.member_of + "!";
      const bool inside =
          report.path.size() > prefix.size() && report.path.compare(0, prefix.size(), prefix) == 0;
      location.uri = uri_reference(inside ? report.path.substr(prefix.size()) : place.member);
      location.uri_base_id.clear();
      if (!chain_.empty()) artifact["parentIndex"] = chain_.back().index;
    }
    artifact["location"] = {{"uri", location.uri}};
    if (!location.uri_base_id.empty()) artifact["location"]["uriBaseId"] = location.uri_base_id;
    artifact["length"] = report.size;
    if (!report.sha256.empty()) artifact["hashes"] = {{"sha-256", report.sha256}};
    artifact["roles"] = {"analysisTarget"};
    artifact["properties"] = {{"format", std::string(format_name(report.format))},
                              {"verdict", std::string(verdict_name(report.verdict))}};
    chain_.push_back({report.path, index});
    const std::string text = (index == 0 ? "" : ",") + dump_json(artifact);
    if (std::fwrite(text.data(), 1, text.size(), artifacts_file_.get()) != text.size())
      throw temp_error("cannot write");
  }

  void copy_artifacts() {
    if (std::fflush(artifacts_file_.get()) != 0 ||
        std::fseek(artifacts_file_.get(), 0, SEEK_SET) != 0)
      throw temp_error("cannot read back");
    std::string buffer(64 * 1024, '\0');
    while (const std::size_t got =
               std::fread(buffer.data(), 1, buffer.size(), artifacts_file_.get()))
      out().write(std::string_view(buffer.data(), got));
    if (std::ferror(artifacts_file_.get())) throw temp_error("cannot read back");
  }

  SarifProfile profile_;
  ReportPlaces places_;
  // Per root, the base directory its reports are relative to (a file named as a root: its
  // directory), once a report under it is placed.
  std::vector<std::optional<std::string>> bases_;
  ReportHeader header_;
  bool first_result_ = true;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> artifacts_file_;
  std::size_t artifact_count_ = 0;
  std::vector<Artifact> chain_;  // bounded by the archive depth budget
};

}  // namespace

std::unique_ptr<FormatWriter> make_sarif_writer(std::unique_ptr<ReportOutput> output,
                                                const FormatContext& context) {
  return std::make_unique<SarifWriter>(std::move(output), context, SarifProfile::github);
}

std::unique_ptr<FormatWriter> make_sarif_binary_writer(std::unique_ptr<ReportOutput> output,
                                                       const FormatContext& context) {
  return std::make_unique<SarifWriter>(std::move(output), context, SarifProfile::binary);
}

}  // namespace gafcheck
