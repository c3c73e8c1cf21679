#pragma once
// gafcheck check's run: the inputs (files, and directories walked) checked one by one under the
// sandbox, each reported in every format asked for, with a verdict line on standard error.
#include <memory>
#include <string>
#include <vector>

#include "validator/base/exit_code.hpp"
#include "validator/census/run_configuration.hpp"
#include "validator/census/run_options.hpp"

namespace gafcheck {

struct CheckRun {
  std::vector<std::string> paths;                         // files and directories, at least one
  RunOptions options;                                     // outputs resolved, configuration settled
  std::shared_ptr<const RunConfiguration> configuration;  // read before confinement
  std::string command_line;
  unsigned jobs = 1;  // worker threads, at least one

  // Throws UsageError when an output would be an input of the walk.
  ExitCode run() const;
};

}  // namespace gafcheck
