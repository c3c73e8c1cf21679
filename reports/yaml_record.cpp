#include "reports/yaml_record.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>
#include <vector>

#include "reports/report_reader.hpp"
#include "validator/base/errors.hpp"
#include "validator/core/text.hpp"

namespace gafcheck {
namespace {

template <typename T>
T required(const YAML::Node& node, const char* key) {
  const YAML::Node value = node[key];
  if (!value) throw ReportContentError(std::string("record without '") + key + "'");
  try {
    return value.as<T>();
  } catch (const YAML::Exception&) {
    throw ReportContentError(std::string("record with a malformed '") + key + "'");
  }
}

template <typename T, typename Parse>
T parse_name(const YAML::Node& node, const char* key, Parse parse) {
  const auto parsed = parse(required<std::string>(node, key));
  if (!parsed) throw ReportContentError(std::string("record with an unknown '") + key + "'");
  return *parsed;
}

std::optional<BudgetKind> budget_from_name(const std::string& name) {
  for (const BudgetSpec& spec : budget_specs)
    if (spec.name == name) return spec.kind;
  return std::nullopt;
}

void append_number(std::string& text, std::int64_t value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  text.append(digits, end);
}

void append_unsigned(std::string& text, std::uint64_t value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  text.append(digits, end);
}

// Names packed into a double-quoted record field come from the code (counter, histogram and rule
// names); anything that would need quoting is a bug, not input.
const std::string& check_packable(const std::string& name) {
  for (const char c : name) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '_' || c == '.' || c == '-';
    if (!plain) throw InternalError("record field name '" + name + "' is not an identifier");
  }
  return name;
}

// escape_bytes leaves only characters YAML 1.1 and 1.2 read as printable, non-break text, and
// \\ / \xNN escapes, so in a YAML double-quoted scalar only the quote and the backslash still
// need escaping (yaml-cpp's emitter writes the same; U+00A0 it writes as \xa0, equally valid).
std::string quoted_path(const std::string& path) {
  const std::string text = escape_bytes(path);
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

}  // namespace

std::string pack_counters(const Counters& counters) {
  std::string text;
  for (const auto& [key, value] : counters.items()) {
    if (!text.empty()) text += ' ';
    text += check_packable(key);
    text += '=';
    append_unsigned(text, value);
  }
  return text;
}

std::string pack_survey(const Histograms& survey) {
  std::string text;
  for (const auto& [name, histogram] : survey) {
    if (!text.empty()) text += ' ';
    text += check_packable(name);
    text += '=';
    bool first = true;
    for (const auto& [value, count] : histogram) {
      if (!first) text += ',';
      first = false;
      append_number(text, value);
      text += ':';
      append_unsigned(text, count);
    }
  }
  return text;
}

std::string pack_rule_counts(const std::array<std::uint64_t, rule_count>& counts) {
  std::string text;
  for (std::size_t i = 0; i < rule_count; ++i) {
    if (counts[i] == 0) continue;
    if (!text.empty()) text += ' ';
    text += rule_names[i];
    text += '=';
    append_unsigned(text, counts[i]);
  }
  return text;
}

namespace {

// Splits "a=1 b=2" into (name, value text) pairs.
std::vector<std::pair<std::string_view, std::string_view>> split_pairs(std::string_view text) {
  std::vector<std::pair<std::string_view, std::string_view>> pairs;
  while (!text.empty()) {
    const auto space = std::min(text.find(' '), text.size());
    const std::string_view item = text.substr(0, space);
    const auto equals = item.find('=');
    if (equals == std::string_view::npos || equals == 0)
      throw ReportContentError("record with a malformed packed field");
    pairs.emplace_back(item.substr(0, equals), item.substr(equals + 1));
    text.remove_prefix(std::min(space + 1, text.size()));
  }
  return pairs;
}

template <typename T>
T parse_number(std::string_view text) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size())
    throw ReportContentError("record with a malformed number in a packed field");
  return value;
}

void unpack_counters(std::string_view text, Counters& counters) {
  for (const auto& [key, value] : split_pairs(text))
    counters.add(key, parse_number<std::uint64_t>(value));
}

void unpack_survey(std::string_view text, Histograms& survey) {
  for (const auto& [name, bins] : split_pairs(text)) {
    Histogram& histogram = survey[std::string(name)];
    std::string_view rest = bins;
    while (!rest.empty()) {
      const auto comma = std::min(rest.find(','), rest.size());
      const std::string_view bin = rest.substr(0, comma);
      const auto colon = bin.find(':');
      if (colon == std::string_view::npos)
        throw ReportContentError("record with a malformed histogram");
      histogram[parse_number<std::int64_t>(bin.substr(0, colon))] +=
          parse_number<std::uint64_t>(bin.substr(colon + 1));
      rest.remove_prefix(std::min(comma + 1, rest.size()));
    }
  }
}

void unpack_rule_counts(std::string_view text, std::array<std::uint64_t, rule_count>& counts) {
  for (const auto& [name, value] : split_pairs(text)) {
    const auto rule = rule_from_name(name);
    if (!rule)
      throw ReportContentError("field 'findings' names a rule this build does not know: " +
                               escape_bytes(name.substr(0, 64)));
    counts[static_cast<std::size_t>(*rule)] = parse_number<std::uint64_t>(value);
  }
}

}  // namespace

// Composed directly rather than through YAML::Emitter: the keys are fixed, the values are numbers,
// names from fixed vocabularies and packed strings of identifiers and digits, and the only free
// text (paths) is escaped by escape_bytes and quoted above. Going through the emitter cost more
// than checking a typical file; the record tests parse hostile paths back with yaml-cpp.
std::string pack_hidden(const FileReport& report) {
  Counters hidden;
  for (std::size_t level = 0; level < report.findings_hidden.size(); ++level)
    if (report.findings_hidden[level] > 0)
      hidden.add(severity_name(static_cast<Severity>(level)), report.findings_hidden[level]);
  return pack_counters(hidden);
}

std::string yaml_record_document(const FileReport& report, const RecordFacts& facts) {
  std::string line = "---\n{kind: record, path: ";
  line += quoted_path(report.path);
  if (report.member_of) {
    line += ", member_of: ";
    line += quoted_path(*report.member_of);
  }
  line += ", size: ";
  append_unsigned(line, report.size);
  line += ", mtime_ns: ";
  append_number(line, facts.mtime_ns);
  if (facts.identity) {
    line += ", ctime_ns: ";
    append_number(line, facts.identity->ctime_ns);
    line += ", device: ";
    append_unsigned(line, facts.identity->device);
    line += ", inode: ";
    append_unsigned(line, facts.identity->inode);
  }
  line += ", sha256: \"";
  line += check_packable(report.sha256);
  line += "\", format: ";
  line += format_name(report.format);
  line += ", verdict: ";
  line += verdict_name(report.verdict);
  line += ", retail: ";
  line += retail_name(report.retail);
  if (facts.worst) {
    line += ", worst: ";
    line += severity_name(*facts.worst);
  }
  line += ", summary: \"" + pack_counters(report.summary);
  line += "\", survey: \"" + pack_survey(report.survey);
  line += "\", findings: \"" + pack_rule_counts(report.rule_counts) + "\"";
  if (const std::string hidden = pack_hidden(report); !hidden.empty())
    line += ", hidden: \"" + hidden + "\"";
  if (report.budget_hit) {
    line += ", budget_hit: {budget: ";
    line += budget_spec(report.budget_hit->kind).name;
    line += ", limit: ";
    append_unsigned(line, report.budget_hit->limit);
    line += ", value: ";
    append_unsigned(line, report.budget_hit->value);
    line += "}";
  }
  line += "}\n";
  return line;
}

ParsedRecord parse_record(const YAML::Node& node) {
  if (!node.IsMap() || required<std::string>(node, "kind") != "record")
    throw ReportContentError("not a record document");
  ParsedRecord parsed;
  FileReport& report = parsed.report;
  report.path = unescape_bytes(required<std::string>(node, "path"));
  if (node["member_of"])
    report.member_of = unescape_bytes(required<std::string>(node, "member_of"));
  report.size = required<std::uint64_t>(node, "size");
  parsed.facts.mtime_ns = required<std::int64_t>(node, "mtime_ns");
  if (node["ctime_ns"] || node["device"] || node["inode"])
    parsed.facts.identity = FileIdentity{required<std::int64_t>(node, "ctime_ns"),
                                         required<std::uint64_t>(node, "device"),
                                         required<std::uint64_t>(node, "inode")};
  report.sha256 = required<std::string>(node, "sha256");
  report.format = parse_name<Format>(node, "format", format_from_name);
  report.verdict = parse_name<Verdict>(node, "verdict", verdict_from_name);
  report.retail = parse_name<Retail>(node, "retail", retail_from_name);
  if (node["worst"]) parsed.facts.worst = parse_name<Severity>(node, "worst", severity_from_name);
  unpack_counters(required<std::string>(node, "summary"), report.summary);
  unpack_survey(required<std::string>(node, "survey"), report.survey);
  unpack_rule_counts(required<std::string>(node, "findings"), report.rule_counts);
  if (node["hidden"]) {
    Counters hidden;
    unpack_counters(required<std::string>(node, "hidden"), hidden);
    for (std::size_t level = 0; level < report.findings_hidden.size(); ++level)
      report.findings_hidden[level] = hidden.get(severity_name(static_cast<Severity>(level)));
  }
  if (const YAML::Node hit = node["budget_hit"]) {
    const auto kind = budget_from_name(required<std::string>(hit, "budget"));
    if (!kind) throw ReportContentError("record names an unknown budget");
    report.budget_hit = BudgetHit{*kind, required<std::uint64_t>(hit, "limit"),
                                  required<std::uint64_t>(hit, "value")};
  }
  return parsed;
}

}  // namespace gafcheck
