#include "validator/modsets/conflicts_run.hpp"

#include <algorithm>
#include <iostream>

#include "reports/json_documents.hpp"
#include "reports/planned_outputs.hpp"
#include "validator/modsets/conflicts_document.hpp"
#include "validator/modsets/engine_profiles.hpp"
#include "validator/platform/sandbox.hpp"

namespace gafcheck::modsets {
namespace {

// The engines to consider, the primary first: one profile, or every one with the default first.
std::vector<const EngineProfile*> engines_for(const std::string& engine) {
  const EngineProfiles& profiles = embedded_engine_profiles();
  if (engine != "all") return {profiles.find(engine)};
  std::vector<const EngineProfile*> engines{profiles.find(profiles.default_engine)};
  for (const EngineProfile& profile : profiles.engines)
    if (profile.name != profiles.default_engine) engines.push_back(&profile);
  return engines;
}

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

}  // namespace

ExitCode ConflictsRun::run() const {
  SandboxPlan plan;
  plan.read_paths = inputs;
  const auto written = open_planned_outputs(outputs, plan);
  confine(plan, sandbox);

  const ModSet set = list_mod_set(inputs, check);
  const ConflictReport report = find_conflicts(set, engines_for(engine), check);
  const std::string yaml = yaml_conflicts(set, report);
  for (std::size_t i = 0; i < outputs.size(); ++i)
    written[i]->write(outputs[i].format == "json" ? json_from_yaml_document(yaml) : yaml);
  for (const auto& output : written) output->commit();
  std::cerr << conflicts_summary(report);
  for (const std::string& problem : report.unreadable)
    std::cerr << "gafcheck conflicts: cannot read " << problem << '\n';
  // A copy that did not decode exactly was compared as far as it decoded: that comparison is not
  // a verdict on what was packed, so the run does not report success over it.
  bool damaged = false;
  for (const Overlap& overlap : report.overlaps)
    for (const OverlapCopy& copy : overlap.copies)
      if (!copy.print.damage.empty()) {
        damaged = true;
        std::cerr << "gafcheck conflicts: " << copy_argument(set, set.suppliers[copy.supplier])
                  << ": " << copy.print.damage << '\n';
      }
  if (!report.unreadable.empty() || damaged) return ExitCode::unreadable;
  return fails(report, fail_on) ? ExitCode::findings : ExitCode::clean;
}

}  // namespace gafcheck::modsets
