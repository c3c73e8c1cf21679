#include "fuzz/fuzz_support.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "reports/yaml_report.hpp"
#include "validator/core/checked_math.hpp"
#include "validator/core/text.hpp"
#include "validator/rules/rule_id.hpp"

namespace gafcheck::fuzz {
namespace {

// Reads a scalar, aborting (instead of throwing) when the node is missing or of the wrong type.
// what() names the field; it is composed only for the abort message.
template <typename T, typename Describe>
T scalar(const YAML::Node& node, const Describe& what) {
  require(node.IsDefined() && node.IsScalar(),
          [&] { return "report field " + what() + " is missing"; });
  try {
    return node.as<T>();
  } catch (const YAML::Exception& error) {
    require(false, "report field " + what() + " does not parse: " + error.what());
  }
  return T{};
}

// A describe function for a field with a fixed name.
auto named(const char* name) {
  return [name] { return std::string(name); };
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

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz invariant violated: %s\n", what);
  std::fflush(stderr);
  std::abort();
}

void require(bool condition, const std::string& what) {
  require(condition, what.c_str());
}

void require_findings_inside(const FileReport& report, std::uint64_t input_size) {
  for (const Finding& finding : report.findings) {
    const auto end = checked_add(finding.offset, finding.length);
    require(end && *end <= input_size, [&] {
      return std::string(rule_name(finding.rule)) + " at " + finding.path + " covers [" +
             std::to_string(finding.offset) + ", +" + std::to_string(finding.length) +
             ") outside the " + std::to_string(input_size) + "-byte input";
    });
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

YAML::Node require_report_text_round_trip(const FileReport& report, const std::string& text) {
  require_printable_report_text(text);
  YAML::Node document;
  try {
    document = YAML::Load(text);
  } catch (const YAML::Exception& error) {
    require(false, std::string("the report does not parse back: ") + error.what() + "\n" + text);
  }
  require_document_says(report, document, text);
  return document;
}

void require_document_says(const FileReport& report, const YAML::Node& document,
                           const std::string& text) {
  require(document.IsMap(), [&] { return "the report is not a YAML map:\n" + text; });
  require(scalar<std::string>(document["kind"], named("kind")) == "file", "kind is not 'file'");
  require(scalar<std::string>(document["format"], named("format")) == format_name(report.format),
          "format does not round-trip");
  require(
      scalar<std::string>(document["verdict"], named("verdict")) == verdict_name(report.verdict),
      "verdict does not round-trip");
  require(scalar<std::string>(document["path"], named("path")) == escape_bytes(report.path),
          "path does not round-trip");

  const YAML::Node findings = document["findings"];
  require(findings.IsSequence() && findings.size() == report.findings.size(),
          [&] { return "the findings list does not round-trip:\n" + text; });
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    const Finding& finding = report.findings[i];
    const YAML::Node node = findings[i];
    const auto field = [i](const char* name) {
      return [i, name] { return "findings[" + std::to_string(i) + "]." + name; };
    };
    require(scalar<std::string>(node["rule"], field("rule")) == rule_name(finding.rule),
            [&] { return field("rule")() + " does not round-trip"; });
    require(scalar<std::uint64_t>(node["offset"], field("offset")) == finding.offset,
            [&] { return field("offset")() + " does not round-trip"; });
    require(scalar<std::uint64_t>(node["length"], field("length")) == finding.length,
            [&] { return field("length")() + " does not round-trip"; });
    require(scalar<std::string>(node["path"], field("path")) == sanitize_text(finding.path), [&] {
      return field("path")() + " does not round-trip: " + sanitize_text(finding.path);
    });
    require(
        scalar<std::string>(node["message"], field("message")) == sanitize_text(finding.message),
        [&] {
          return field("message")() + " does not round-trip: " + sanitize_text(finding.message);
        });
    require(
        bool(node["suppressed"]) == finding.suppressed &&
            (!finding.suppressed ||
             scalar<std::string>(node["justification"], field("justification")) ==
                 escape_bytes(finding.justification)),
        [&] { return field("suppressed")() + " or .justification does not round-trip:\n" + text; });
  }
  for (const auto& counter : report.summary.items())
    require(require_summary_counter(document, counter.first) == counter.second,
            [&] { return "summary." + counter.first + " does not round-trip"; });
}

YAML::Node require_report_round_trip(const FileReport& report) {
  return require_report_text_round_trip(report, yaml_file_document(report));
}

namespace {

// The counter at key inside the map group, a dotted key naming a nested map's; key_path is the
// whole key, for the abort message. Recursive, since a yaml-cpp Node cannot be re-pointed at a
// node that is missing.
std::uint64_t counter_in(const YAML::Node& group, std::string_view key,
                         const std::string& key_path) {
  const auto where = [&] { return "summary." + key_path; };
  const std::size_t dot = key.find('.');
  if (dot == std::string_view::npos) return scalar<std::uint64_t>(group[std::string(key)], where);
  const YAML::Node inner = group[std::string(key.substr(0, dot))];
  require(inner.IsDefined() && inner.IsMap(), [&] { return where() + " is missing"; });
  return counter_in(inner, key.substr(dot + 1), key_path);
}

}  // namespace

std::uint64_t require_summary_counter(const YAML::Node& document, const std::string& key) {
  const YAML::Node summary = document["summary"];
  require(summary.IsDefined() && summary.IsMap(), "the report has no summary map");
  // Dotted keys ("coverage.slack") are nested maps in a report.
  return counter_in(summary, key, key);
}

}  // namespace gafcheck::fuzz
