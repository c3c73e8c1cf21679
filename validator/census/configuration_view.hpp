#pragma once
// gafcheck config's run: the configuration that applies to a path, as check and census would use
// it (where it comes from, the profile, the run-wide settings and every rule level, ignore,
// per-file level and suppression it holds), printed as YAML.
#include <string>

#include "validator/base/exit_code.hpp"
#include "validator/census/run_configuration.hpp"

namespace gafcheck {

struct ConfigurationView {
  std::string path = ".";
  ConfigOptions options;

  // Throws UsageError for a configuration that cannot be read.
  ExitCode run() const;
};

}  // namespace gafcheck
