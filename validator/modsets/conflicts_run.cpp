#include "validator/modsets/conflicts_run.hpp"

#include <algorithm>
#include <iostream>

#include "reports/json_documents.hpp"
#include "reports/planned_outputs.hpp"
#include "validator/core/text.hpp"
#include "validator/modsets/conflicts_document.hpp"
#include "validator/modsets/conflicts_page.hpp"
#include "validator/modsets/conflicts_sarif.hpp"
#include "validator/modsets/conflicts_text.hpp"
#include "validator/modsets/engine_profiles.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck::modsets {
std::vector<const EngineProfile*> engines_for(const std::string& engine) {
  const EngineProfiles& profiles = embedded_engine_profiles();
  if (engine != "all") return {profiles.find(engine)};
  std::vector<const EngineProfile*> engines{profiles.find(profiles.default_engine)};
  for (const EngineProfile& profile : profiles.engines)
    if (profile.name != profiles.default_engine) engines.push_back(&profile);
  return engines;
}

namespace {

bool fails(const ConflictReport& report, ConflictFailOn fail_on) {
  const auto any = [&](auto predicate) {
    return std::any_of(report.overlaps.begin(), report.overlaps.end(), predicate);
  };
  switch (fail_on) {
    case ConflictFailOn::findings: return any([](const Overlap& o) { return o.findings_differ(); });
    case ConflictFailOn::override_: return any([](const Overlap& o) { return o.overrides(); });
    case ConflictFailOn::never: return false;
  }
  return false;
}

// The engines of the report that load nothing from an archive without the copyright footer,
// comma-separated; empty when none does.
std::string engines_requiring_footer(const ConflictReport& report) {
  std::string names;
  for (const std::string& name : report.engines)
    if (const EngineProfile* profile = embedded_engine_profiles().find(name);
        profile && profile->requires_footer)
      names += (names.empty() ? "" : ", ") + name;
  return names;
}

}  // namespace

void print_read_problems(std::ostream& out, std::string_view prefix, const ModSet& set,
                         const ConflictReport& report) {
  for (const std::string& repeat : set.repeated) out << prefix << repeat << '\n';
  if (const std::string refusing = engines_requiring_footer(report); !refusing.empty())
    for (const ModArchive& archive : set.archives)
      if (archive.footer_missing)
        out << prefix << escape_bytes(archive.display)
            << ": no Cavedog copyright footer in its last bytes (hpi.footer): " << refusing
            << " refuses the archive and loads none of its copies\n";
  for (const std::string& problem : report.unreadable)
    out << prefix << "cannot read " << problem << '\n';
  std::uint64_t unlisted = 0;
  for (std::size_t o = 0; o < report.overlaps.size(); ++o)
    for (const OverlapCopy& copy : report.overlaps[o].copies) {
      if (copy.damage().empty()) continue;
      if (o < report.listed)
        out << prefix << copy_label(set, copy) << ": " << copy.damage() << '\n';
      else
        ++unlisted;
    }
  if (unlisted > 0)
    out << prefix << counted(unlisted, "more copy", "more copies")
        << " did not decode exactly (on paths not listed: over --max-findings copies listed)\n";
}

ExitCode conflicts_exit_code(const ConflictReport& report, ConflictFailOn fail_on) {
  // A copy that did not decode exactly was compared as far as it decoded: that comparison is not
  // a verdict on what was packed, so the run does not report success over it.
  const bool damaged =
      std::any_of(report.overlaps.begin(), report.overlaps.end(), [](const Overlap& o) {
        return std::any_of(o.copies.begin(), o.copies.end(),
                           [](const OverlapCopy& copy) { return !copy.damage().empty(); });
      });
  if (!report.unreadable.empty() || damaged) return ExitCode::unreadable;
  return fails(report, fail_on) ? ExitCode::findings : ExitCode::clean;
}

std::string ConflictsRun::rendered(const ModSet& set, const ConflictReport& report,
                                   const OutputRequest& output, int status) const {
  if (output.format == "text") return text_conflicts(set, report, status, output.colour);
  if (output.format == "html") return html_conflicts(set, report, status);
  if (output.format == "sarif") return sarif_conflicts(set, report, {inputs, command_line, status});
  const std::string yaml = yaml_conflicts(set, report);
  return output.format == "json" ? json_from_yaml_document(yaml) : yaml;
}

ExitCode ConflictsRun::run() const {
  SandboxPlan plan;
  plan.read_paths = inputs;
  const auto written = open_planned_outputs(outputs, plan);
  confine(plan, sandbox);

  const ModSet set = list_mod_set(inputs, check);
  const ConflictReport report = find_conflicts(set, engines_for(engine), check);
  const ExitCode code = conflicts_exit_code(report, fail_on);
  const int status = exit_status(code);
  for (std::size_t i = 0; i < outputs.size(); ++i)
    written[i]->write(rendered(set, report, outputs[i], status));
  for (const auto& output : written) output->commit();
  // The text format on standard output ends with the same line.
  if (!text_on_standard_output(outputs))
    std::cerr << "conflicts: " << conflicts_summary(report) << '\n';
  print_read_problems(std::cerr, "gafcheck conflicts: ", set, report);
  return code;
}

}  // namespace gafcheck::modsets
