#include "reports/yaml_record.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>
#include <vector>

#include "reports/counter_groups.hpp"
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

// Writes a flow mapping's keys and separators in YAML or JSON. Keys are identifiers or digits
// (check_packable): JSON quotes them, YAML writes them plain, except the empty key.
class FlowMap {
 public:
  FlowMap(std::string& line, RecordSyntax syntax)
      : line_(line), json_(syntax == RecordSyntax::json) {
    line_ += '{';
  }
  ~FlowMap() { line_ += '}'; }
  FlowMap(const FlowMap&) = delete;
  FlowMap& operator=(const FlowMap&) = delete;

  std::string& key(std::string_view name) {
    if (!first_) line_ += json_ ? "," : ", ";
    first_ = false;
    if (json_ || name.empty()) line_ += '"';
    line_ += name;
    if (json_ || name.empty()) line_ += '"';
    line_ += json_ ? ":" : ": ";
    return line_;
  }
  std::string& key(std::int64_t number) {
    std::string digits;
    append_number(digits, number);
    return key(digits);
  }

 private:
  std::string& line_;
  bool json_;
  bool first_ = true;
};

}  // namespace

void append_counters(std::string& line, const Counters& counters, RecordSyntax syntax) {
  FlowMap map(line, syntax);
  for (const CounterGroup& group : group_counters(counters)) {
    std::string& out = map.key(check_packable(group.name));
    if (!group.nested) {
      append_unsigned(out, group.counters.front().second);
      continue;
    }
    FlowMap inner(out, syntax);
    for (const auto& [key, value] : group.counters)
      append_unsigned(inner.key(check_packable(key)), value);
  }
}

void append_survey(std::string& line, const Histograms& survey, RecordSyntax syntax) {
  FlowMap map(line, syntax);
  for (const auto& [name, histogram] : survey) {
    FlowMap bins(map.key(check_packable(name)), syntax);
    for (const auto& [value, count] : histogram) append_unsigned(bins.key(value), count);
  }
}

void append_rule_counts(std::string& line, const std::array<std::uint64_t, rule_count>& counts,
                        RecordSyntax syntax) {
  FlowMap map(line, syntax);
  for (std::size_t i = 0; i < rule_count; ++i)
    if (counts[i] != 0) append_unsigned(map.key(rule_names[i]), counts[i]);
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

RuleId recorded_rule(std::string_view name) {
  const auto rule = rule_from_name(name);
  if (!rule)
    throw ReportContentError("field 'findings' names a rule this build does not know: " +
                             escape_bytes(name.substr(0, 64)));
  return *rule;
}

void unpack_rule_counts(std::string_view text, std::array<std::uint64_t, rule_count>& counts) {
  for (const auto& [name, value] : split_pairs(text))
    counts[static_cast<std::size_t>(recorded_rule(name))] = parse_number<std::uint64_t>(value);
}

// Each of the three: a mapping (schema version 2) or a packed string (version 1); the schema
// check let through only the form of the report's version.
void read_summary(const YAML::Node& node, Counters& counters) {
  if (node.IsScalar()) return unpack_counters(node.Scalar(), counters);
  read_counters(node, counters);
}

void read_survey(const YAML::Node& node, Histograms& survey) {
  if (node.IsScalar()) return unpack_survey(node.Scalar(), survey);
  for (const auto& item : node) {
    Histogram& histogram = survey[item.first.Scalar()];
    for (const auto& bin : item.second)
      histogram[parse_number<std::int64_t>(bin.first.Scalar())] +=
          parse_number<std::uint64_t>(bin.second.Scalar());
  }
}

void read_rule_counts(const YAML::Node& node, std::array<std::uint64_t, rule_count>& counts) {
  if (node.IsScalar()) return unpack_rule_counts(node.Scalar(), counts);
  for (const auto& item : node)
    counts[static_cast<std::size_t>(recorded_rule(item.first.Scalar()))] =
        parse_number<std::uint64_t>(item.second.Scalar());
}

// Text gafcheck composed (a writer's tool, versions and facts) as a double-quoted scalar, which
// YAML and JSON read alike: sanitised to printable UTF-8, the quote and the backslash escaped.
void append_quoted_text(std::string& line, std::string_view text) {
  line += '"';
  for (const char c : sanitize_text(text)) {
    if (c == '"' || c == '\\') line += '\\';
    line += c;
  }
  line += '"';
}

void append_writer(std::string& line, const WriterIdentity& writer, RecordSyntax syntax) {
  const bool json = syntax == RecordSyntax::json;
  line += json ? ",\"writer\":{\"tool\":" : ", writer: {tool: ";
  append_quoted_text(line, writer.tool);
  line += json ? ",\"versions\":" : ", versions: ";
  append_quoted_text(line, writer.versions);
  line += json ? ",\"confidence\":" : ", confidence: ";
  append_quoted_text(line, writer.confidence);
  line += json ? ",\"basis\":[" : ", basis: [";
  for (std::size_t i = 0; i < writer.basis.size(); ++i) {
    if (i > 0) line += json ? "," : ", ";
    append_quoted_text(line, writer.basis[i]);
  }
  line += "]}";
}

}  // namespace

void append_record_maps(std::string& line, const FileReport& report, RecordSyntax syntax) {
  const bool json = syntax == RecordSyntax::json;
  if (report.writer) append_writer(line, *report.writer, syntax);
  line += json ? ",\"summary\":" : ", summary: ";
  append_counters(line, report.summary, syntax);
  line += json ? ",\"survey\":" : ", survey: ";
  append_survey(line, report.survey, syntax);
  line += json ? ",\"findings\":" : ", findings: ";
  append_rule_counts(line, report.rule_counts, syntax);
  Counters hidden;  // what the display threshold left out, by severity (only those with any)
  for (std::size_t level = 0; level < report.findings_hidden.size(); ++level)
    if (report.findings_hidden[level] > 0)
      hidden.add(severity_name(static_cast<Severity>(level)), report.findings_hidden[level]);
  if (hidden.items().empty()) return;
  line += json ? ",\"hidden\":" : ", hidden: ";
  append_counters(line, hidden, syntax);
}

void read_counters(const YAML::Node& node, Counters& counters) {
  for (const auto& item : node) {
    const std::string& key = item.first.Scalar();
    if (!item.second.IsMap()) {
      counters.add(key, parse_number<std::uint64_t>(item.second.Scalar()));
      continue;
    }
    for (const auto& inner : item.second) {
      const std::string& name = inner.first.Scalar();
      counters.add(name.empty() ? key : key + "." + name,
                   parse_number<std::uint64_t>(inner.second.Scalar()));
    }
  }
}

WriterIdentity read_writer(const YAML::Node& node) {
  WriterIdentity writer;
  writer.tool = node["tool"].Scalar();
  writer.versions = node["versions"].Scalar();
  writer.confidence = node["confidence"].Scalar();
  for (const auto& fact : node["basis"]) writer.basis.push_back(fact.Scalar());
  return writer;
}

// Composed directly rather than through YAML::Emitter: the keys are fixed, the values are numbers,
// names from fixed vocabularies and packed strings of identifiers and digits, and the only free
// text (paths) is escaped by escape_bytes and quoted above. Going through the emitter cost more
// than checking a typical file; the record tests parse hostile paths back with yaml-cpp.
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
  append_record_maps(line, report, RecordSyntax::yaml);
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
  if (const YAML::Node writer = node["writer"]) report.writer = read_writer(writer);
  for (const char* field : {"summary", "survey", "findings"})
    if (!node[field]) throw ReportContentError(std::string("record without '") + field + "'");
  read_summary(node["summary"], report.summary);
  read_survey(node["survey"], report.survey);
  read_rule_counts(node["findings"], report.rule_counts);
  if (const YAML::Node hidden_node = node["hidden"]) {
    Counters hidden;
    read_counters(hidden_node, hidden);
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
