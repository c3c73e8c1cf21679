// fuzz_config: a .gafcheck.yaml from arbitrary bytes (a configuration inside an uploaded mod tree
// is as untrusted as the mod's files). Parsing either gives a configuration or a ConfigError
// naming "FILE:LINE:COLUMN" (or "FILE:"); a configuration that parses is applied to a report with
// findings of every severity and listed and counted-only ones, and its globs are matched against
// a few paths, which must leave the report's counts consistent.
#include <string>
#include <string_view>

#include "fuzz/fuzz_support.hpp"
#include "validator/check/check_input.hpp"
#include "validator/config/configuration.hpp"

namespace {

gafcheck::FileReport sample_report() {
  using namespace gafcheck;
  FileReport report;
  report.path = "anims/x.gaf";
  report.sha256 = std::string(64, 'a');
  const auto add = [&report](RuleId rule, Severity severity, Retail retail) {
    Finding finding;
    finding.rule = rule;
    finding.severity = severity;
    finding.retail = retail;
    finding.message = "m";
    report.findings.push_back(finding);
    ++report.rule_counts[static_cast<std::size_t>(rule)];
  };
  add(RuleId::entry_alias, Severity::error, Retail::crash);
  add(RuleId::extent_slack, Severity::info, Retail::none);
  add(RuleId::entry_name_duplicate, Severity::warning, Retail::dropped);
  report.rule_counts[static_cast<std::size_t>(RuleId::rle_overrun)] = 7;  // counted only
  report.findings_suppressed = 7;
  finalize_verdict(report);
  return report;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gafcheck;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::shared_ptr<const config::ConfigFile> file;
  try {
    file = std::make_shared<const config::ConfigFile>(
        config::parse_config(text, "fuzz.yaml", "/repo"));
  } catch (const config::ConfigError& error) {
    const std::string message = error.what();
    fuzz::require(message.rfind("fuzz.yaml:", 0) == 0,
                  [&] { return "a configuration error that names no file: " + message; });
    return 0;
  }
  const config::Configuration configuration({}, file);
  for (const char* path : {"anims/x.gaf", "a.ufo!anims/x.gaf", "textures/deep/er/y.taf", "z"}) {
    configuration.ignores(path);
    configuration.needs_hash(path);
    FileReport report = sample_report();
    const std::size_t listed = report.findings.size();
    configuration.apply(report, path);
    fuzz::require(report.findings.size() <= listed, "configuration added findings");
    std::uint64_t total = 0;
    for (const std::uint64_t count : report.rule_counts) total += count;
    fuzz::require(report.findings_off <= total, "more findings off than there were");
    for (const Finding& finding : report.findings)
      fuzz::require(finding.suppressed == !finding.justification.empty(),
                    "a suppressed finding without its justification, or the reverse");
  }
  return 0;
}
