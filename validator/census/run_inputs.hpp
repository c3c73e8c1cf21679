#pragma once
#include "validator/census/run_configuration.hpp"
#include "validator/census/run_reporter.hpp"
#include "validator/core/check_options.hpp"
#include "validator/input/input_selection.hpp"
#include "validator/input/input_walk.hpp"

namespace gafcheck {

// Checks each input of the walk that the selection takes, on `jobs` threads, hands its reports to
// the reporter (rated by the configuration) in walk order, so the reports and verdict lines are
// the same for any number of jobs, and counts the rest (symlinks not followed, files that are not
// inputs, files found by walking a directory that the configuration ignores).
void run_inputs(InputWalk& walk, const InputSelection& selection, const CheckOptions& options,
                const RunConfiguration& configuration, RunReporter& reporter, unsigned jobs);

}  // namespace gafcheck
