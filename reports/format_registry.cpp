#include "reports/format_registry.hpp"

#include <array>
#include <vector>

#include "reports/codeclimate_writer.hpp"
#include "reports/gnu_writer.hpp"
#include "reports/html_writer.hpp"
#include "reports/json_writer.hpp"
#include "reports/junit_writer.hpp"
#include "reports/sarif_writer.hpp"
#include "reports/text_writer.hpp"
#include "reports/yaml_writer.hpp"
#include "validator/core/near_names.hpp"

namespace gafcheck {
namespace {

// One line per format: its name, --help text, factory and whether it streams.
constexpr std::array<FormatSpec, 9> specs = {{
    {"yaml",
     "the YAML report (the default for files and pipes): header, file "
     "documents, records, summary",
     make_yaml_writer, true},
    {"text",
     "for people (check and census on a terminal, by default): each file's "
     "verdict and why, "
     "its findings, a summary line; colour on a terminal",
     make_text_writer, true},
    {"json",
     "JSON Lines: the YAML report's documents, one JSON object per line",
     make_json_writer, true},
    {"sarif", "SARIF 2.1.0 for GitHub code scanning", make_sarif_writer, true},
    {"sarif-binary",
     "SARIF 2.1.0 with byte regions and archive members as nested artifacts",
     make_sarif_binary_writer, true},
    {"junit", "JUnit XML: one testcase per file, failed at --fail-on",
     make_junit_writer, false},
    {"gnu",
     "one line per finding: PATH: offset 0xHEX: SEVERITY: MESSAGE [RULE]",
     make_gnu_writer, true},
    {"codeclimate", "GitLab Code Quality: a JSON array of issues",
     make_codeclimate_writer, true},
    {"html",
     "one self-contained HTML page: findings, hex excerpts, thumbnails, survey "
     "charts",
     make_html_writer, false},
}};

} // namespace

std::span<const FormatSpec> format_specs() { return specs; }

const FormatSpec &format_spec(std::string_view name) {
  for (const FormatSpec &spec : specs) {
    if (spec.name != name)
      continue;
    if (!spec.factory)
      throw FormatUnavailable("format " + std::string(name) +
                              " is not built yet");
    return spec;
  }
  std::vector<std::string_view> names;
  for (const FormatSpec &spec : specs)
    names.push_back(spec.name);
  throw FormatUnavailable("--format takes " + format_name_list() + ", not '" +
                          std::string(name) + "'" + did_you_mean(name, names));
}

std::unique_ptr<FormatWriter>
make_format_writer(std::string_view name, std::unique_ptr<ReportOutput> output,
                   const FormatContext &context) {
  return format_spec(name).factory(std::move(output), context);
}

std::string format_name_list() {
  std::string list;
  for (const FormatSpec &spec : specs) {
    if (!list.empty())
      list += ", ";
    list += spec.name;
  }
  return list;
}

} // namespace gafcheck
