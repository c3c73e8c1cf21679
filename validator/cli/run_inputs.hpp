#pragma once
#include <vector>

#include "validator/check/check_options.hpp"
#include "validator/cli/input_walk.hpp"
#include "validator/cli/run_reporter.hpp"

namespace gafcheck::cli {

// Checks each input in order and hands its report to the reporter.
void run_inputs(const std::vector<InputItem>& inputs, const CheckOptions& options,
                RunReporter& reporter);

}  // namespace gafcheck::cli
