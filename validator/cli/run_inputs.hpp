#pragma once
#include "validator/check/check_options.hpp"
#include "validator/cli/census/input_selection.hpp"
#include "validator/cli/input_walk.hpp"
#include "validator/cli/run_reporter.hpp"

namespace gafcheck::cli {

// Checks each input of the walk that the selection takes, in order, hands its reports to the
// reporter, and counts the rest (symlinks not followed, files that are not inputs).
void run_inputs(InputWalk& walk, const InputSelection& selection, const CheckOptions& options,
                RunReporter& reporter);

}  // namespace gafcheck::cli
