#include "reports/sarif_writer.hpp"

#include <cerrno>
#include <cstring>

#include "reports/finding_fingerprint.hpp"
#include "reports/finding_suppression.hpp"
#include "reports/json_text.hpp"
#include "reports/report_output.hpp"
#include "reports/sarif_result.hpp"
#include "reports/sarif_rules.hpp"
#include "validator/rules/catalog.hpp"

namespace gafcheck {
namespace {

constexpr std::string_view sarif_schema_uri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

OutputError temp_error(const char* what) {
  return OutputError(std::string("SARIF artifacts temp file: ") + what + ": " +
                     std::strerror(errno));
}

// An absolute root as a file URI (ending in '/', as SARIF wants a base); a relative one has no
// absolute URI the log could give without guessing the working directory: its description says
// what it was.
nlohmann::json root_location(std::string_view root) {
  std::string directory(root);
  if (directory.empty() || directory.back() != '/') directory += '/';
  if (directory.front() == '/') return {{"uri", "file://" + uri_reference(directory)}};
  return {{"description", {{"text", "the root " + json_name(root) + " as given"}}}};
}

}  // namespace

SarifWriter::SarifWriter(SarifProfile profile, TextSink sink)
    : profile_(profile), sink_(std::move(sink)), artifacts_file_(nullptr, &std::fclose) {
  if (profile_ == SarifProfile::binary) {
    artifacts_file_.reset(std::tmpfile());
    if (!artifacts_file_) throw temp_error("cannot create");
  }
}

SarifWriter::~SarifWriter() = default;

void SarifWriter::header(const ReportHeader& header) {
  header_ = header;
  nlohmann::json driver = sarif_driver(embedded_catalog(), tool_version());
  std::string text = "{\"$schema\":\"" + std::string(sarif_schema_uri) +
                     "\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":";
  text += dump_json(driver);
  text += "},\"results\":[";
  sink_(text);
}

std::string SarifWriter::uri_base_id(std::string_view root) {
  std::size_t index = 0;
  while (index < roots_.size() && roots_[index] != root) ++index;
  if (index == roots_.size()) roots_.emplace_back(root);
  return "ROOT" + std::to_string(index);
}

void SarifWriter::add_artifact(const FileReport& report, const ReportPlace& place,
                               SarifLocation& location) {
  const std::size_t index = artifact_count_++;
  location.artifact_index = index;
  nlohmann::json artifact;
  if (!report.member_of) {
    chain_.clear();
  } else {
    // A nested artifact's uri is its path inside its parent, with no base. Members come right
    // after their archive (depth-first), so the parent is on the chain; the path inside it is the
    // display path after the parent's and a '!' (compared whole, never split at a '!').
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

void SarifWriter::file(const FileReport& report, std::string_view relative, std::string_view root) {
  const ReportPlace place = places_.place(report, relative, root);
  SarifLocation location;
  location.uri = uri_reference(place.file);
  location.uri_base_id = uri_base_id(place.root);
  location.member = place.member;
  if (profile_ == SarifProfile::binary) add_artifact(report, place, location);
  FingerprintCounter fingerprints;
  for (const Finding& finding : report.findings) {
    const auto justification = suppression_justification(finding);
    const std::string fingerprint = fingerprints.fingerprint({place.file, place.member}, finding);
    if (justification && profile_ == SarifProfile::github) continue;
    const nlohmann::json result =
        sarif_result(finding, location, fingerprint, profile_, justification);
    sink_((first_result_ ? "" : ",") + dump_json(result));
    first_result_ = false;
  }
}

void SarifWriter::copy_artifacts() {
  if (std::fflush(artifacts_file_.get()) != 0 || std::fseek(artifacts_file_.get(), 0, SEEK_SET))
    throw temp_error("cannot read back");
  std::string buffer(64 * 1024, '\0');
  while (const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), artifacts_file_.get()))
    sink_(std::string_view(buffer.data(), got));
  if (std::ferror(artifacts_file_.get())) throw temp_error("cannot read back");
}

void SarifWriter::summary(const ReportClosing& closing) {
  sink_("]");
  if (profile_ == SarifProfile::binary) {
    sink_(",\"artifacts\":[");
    copy_artifacts();
    sink_("]");
  }
  nlohmann::json tail;
  if (!roots_.empty()) {
    nlohmann::json bases = nlohmann::json::object();
    for (std::size_t i = 0; i < roots_.size(); ++i)
      bases["ROOT" + std::to_string(i)] = root_location(roots_[i]);
    tail["originalUriBaseIds"] = std::move(bases);
  }
  nlohmann::json invocation = {
      // gafcheck ran to the end and judged every input: exit 0 (nothing at or above --fail-on)
      // or 1 (findings); 3 (an input unreadable) and 4 (a bug) are not a successful execution.
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
  std::string text = dump_json(tail);
  text.front() = ',';  // the tail's members continue the run object
  sink_(text + "]}\n");
}

}  // namespace gafcheck
