#pragma once
#include "validator/census/run_configuration.hpp"
#include "validator/census/run_reporter.hpp"
#include "validator/core/check_options.hpp"
#include "validator/input/input_selection.hpp"
#include "validator/input/input_walk.hpp"

namespace gafcheck {

// Checks each input of the walk that the selection takes, in order, hands its reports to the
// reporter (rated by the configuration), and counts the rest (symlinks not followed, files that
// are not inputs, files found by walking a directory that the configuration ignores).
void run_inputs(InputWalk& walk, const InputSelection& selection, const CheckOptions& options,
                const RunConfiguration& configuration, RunReporter& reporter);

}  // namespace gafcheck
