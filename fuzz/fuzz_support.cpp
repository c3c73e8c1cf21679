#include "fuzz/fuzz_support.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string_view>

#include "reports/yaml_report.hpp"
#include "validator/core/checked_math.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/rule_id.hpp"

namespace gafcheck::fuzz {
namespace {

// Reads a scalar, aborting (instead of throwing) when the node is missing or of the wrong type.
template <typename T>
T scalar(const YAML::Node& node, const std::string& what) {
  require(node.IsDefined() && node.IsScalar(), "report field " + what + " is missing");
  try {
    return node.as<T>();
  } catch (const YAML::Exception& error) {
    require(false, "report field " + what + " does not parse: " + error.what());
  }
  return T{};
}

}  // namespace

CheckOptions fuzz_check_options() {
  CheckOptions options;
  BudgetLimits& limits = options.limits;
  limits[BudgetKind::file_size] = 1u << 20;
  limits[BudgetKind::entries] = 1024;
  limits[BudgetKind::frame_refs] = 4096;
  limits[BudgetKind::pixels] = 1u << 20;
  limits[BudgetKind::depth] = 16;
  limits[BudgetKind::expansion] = 65536;
  limits[BudgetKind::rle_commands] = 1u << 18;
  limits[BudgetKind::heap] = 8u << 20;
  limits[BudgetKind::findings] = 128;  // each target lowers it where reports are round-tripped
  return options;
}

void require(bool condition, const std::string& what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz invariant violated: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

void require_findings_inside(const FileReport& report, std::uint64_t input_size) {
  for (const Finding& finding : report.findings) {
    const auto end = checked_add(finding.offset, finding.length);
    require(end && *end <= input_size,
            std::string(rule_name(finding.rule)) + " at " + finding.path + " covers [" +
                std::to_string(finding.offset) + ", +" + std::to_string(finding.length) +
                ") outside the " + std::to_string(input_size) + "-byte input");
  }
}

void require_printable_report_text(std::string_view text) {
  if (printable_report_text(text)) return;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, end - start);
    require(printable_report_text(line),
            "report text holds a line break or non-printable character: " + sanitize_text(line));
    start = end + 1;
  }
}

namespace {

// Text a double-quoted YAML scalar holds as it is: printable ASCII without quotes or backslashes.
bool plain_text(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
}

// Which reports are worth emitting and parsing back: every one whose free text (input path,
// finding paths and messages) holds anything but plain text, since that is where escaping can go
// wrong, and one in round_trip_sample of the others, chosen by a hash of what the report says so
// an input is always treated alike (a reproducer replays the same check).
bool worth_round_trip(const FileReport& report) {
  constexpr std::size_t round_trip_sample = 8;
  std::size_t digest = std::hash<std::string>{}(report.path);
  bool plain = plain_text(report.path);
  for (const Finding& finding : report.findings) {
    plain = plain && plain_text(finding.path) && plain_text(finding.message);
    digest = digest * 31 + std::hash<std::string>{}(finding.message) + finding.offset;
  }
  return !plain || digest % round_trip_sample == 0;
}

YAML::Node require_text_round_trip(const FileReport& report, const std::string& text) {
  require_printable_report_text(text);
  YAML::Node document;
  try {
    document = YAML::Load(text);
  } catch (const YAML::Exception& error) {
    require(false, std::string("the report does not parse back: ") + error.what() + "\n" + text);
  }
  require(document.IsMap(), "the report is not a YAML map:\n" + text);
  require(scalar<std::string>(document["kind"], "kind") == "file", "kind is not 'file'");
  require(scalar<std::string>(document["format"], "format") == format_name(report.format),
          "format does not round-trip");
  require(scalar<std::string>(document["verdict"], "verdict") == verdict_name(report.verdict),
          "verdict does not round-trip");
  require(scalar<std::string>(document["path"], "path") == escape_bytes(report.path),
          "path does not round-trip");

  const YAML::Node findings = document["findings"];
  require(findings.IsSequence() && findings.size() == report.findings.size(),
          "the findings list does not round-trip:\n" + text);
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    const Finding& finding = report.findings[i];
    const YAML::Node node = findings[i];
    const std::string where = "findings[" + std::to_string(i) + "]";
    require(scalar<std::string>(node["rule"], where + ".rule") == rule_name(finding.rule),
            where + ".rule does not round-trip");
    require(scalar<std::uint64_t>(node["offset"], where + ".offset") == finding.offset,
            where + ".offset does not round-trip");
    require(scalar<std::uint64_t>(node["length"], where + ".length") == finding.length,
            where + ".length does not round-trip");
    require(scalar<std::string>(node["path"], where + ".path") == sanitize_text(finding.path),
            where + ".path does not round-trip: " + sanitize_text(finding.path));
    require(
        scalar<std::string>(node["message"], where + ".message") == sanitize_text(finding.message),
        where + ".message does not round-trip: " + sanitize_text(finding.message));
  }
  return document;
}

}  // namespace

YAML::Node require_report_round_trip(const FileReport& report) {
  return require_text_round_trip(report, yaml_file_document(report));
}

std::optional<YAML::Node> sampled_report_round_trip(const FileReport& report) {
  // The first findings carry every kind of text an input produces; a hundred more of the same
  // kinds only multiply yaml-cpp's cost.
  constexpr std::size_t round_trip_findings = 16;
  if (report.findings.size() > round_trip_findings) {
    FileReport head = report;
    head.findings.resize(round_trip_findings);
    return sampled_report_round_trip(head);
  }
  if (!worth_round_trip(report)) return std::nullopt;
  return require_text_round_trip(report, yaml_file_document(report));
}

std::uint64_t require_summary_counter(const YAML::Node& document, const std::string& key) {
  const YAML::Node summary = document["summary"];
  require(summary.IsMap(), "the report has no summary map");
  return scalar<std::uint64_t>(summary[key], "summary." + key);
}

}  // namespace gafcheck::fuzz
