#pragma once
// The built-in profiles a configuration `extends` (rules/profiles.yaml, embedded): the base a
// finding's severity starts from before the configuration's own rule levels.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "validator/rules/finding.hpp"

namespace gafcheck::config {

struct Profile {
  std::string name;
  std::string description;
  std::string fail_on = "error";         // error | warning | info | never
  std::vector<Retail> raise_retail;      // findings with one of these impacts become errors
  std::optional<Severity> floor;         // every finding at least this severity
  std::optional<Severity> min_severity;  // the --min-severity it implies (display only)

  // The severity of a finding the check gave `built` and `retail`, under this profile alone.
  Severity severity_for(Severity built, Retail retail) const;
};

// Parsed once from the embedded rules/profiles.yaml; throws InternalError on a broken one
// (a build error the profile test catches).
const std::vector<Profile>& builtin_profiles();
const Profile* find_profile(std::string_view name);
// "retail, upload, census, strict" for messages.
std::string profile_names();
// The same names, for did_you_mean.
std::vector<std::string_view> profile_name_list();
const Profile& default_profile();

}  // namespace gafcheck::config
