#include "validator/modsets/conflicts_census.hpp"

#include <yaml-cpp/yaml.h>

#include <iostream>
#include <memory>

#include "validator/modsets/conflicts_document.hpp"
#include "validator/modsets/conflicts_page.hpp"
#include "validator/modsets/conflicts_run.hpp"
#include "validator/modsets/conflicts_text.hpp"

namespace gafcheck::modsets {

ClosingWork census_conflicts(const std::vector<std::string>& roots, const std::string& engine,
                             const CheckOptions& check) {
  const auto set = std::make_shared<const ModSet>(list_mod_set(roots, check));
  const auto report =
      std::make_shared<const ConflictReport>(find_conflicts(*set, engines_for(engine), check));
  std::cerr << "census: conflicts: " << conflicts_summary(*report) << '\n';
  print_read_problems(std::cerr, "census: conflicts: ", *set, *report);
  SummarySection section;
  section.key = "conflicts";
  section.yaml = [set, report](YAML::Emitter& out) { emit_conflicts(out, *set, *report); };
  section.html = std::string(conflicts_section_style) + conflicts_section(*set, *report);
  section.text = [set, report](bool colour) {
    return text_overlaps(*set, *report, colour) + "conflicts: " + conflicts_summary(*report) + '\n';
  };
  ClosingWork work;
  work.sections.push_back(std::move(section));
  work.code = conflicts_exit_code(*report, ConflictFailOn::findings);
  return work;
}

}  // namespace gafcheck::modsets
