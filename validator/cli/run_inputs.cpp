#include "validator/cli/run_inputs.hpp"

#include "validator/check/check_input.hpp"

namespace gafcheck::cli {

void run_inputs(const std::vector<InputItem>& inputs, const CheckOptions& options, RunReporter& reporter) {
  for (const InputItem& input : inputs)
    reporter.add(input.error ? unreadable_report(input.path, *input.error)
                             : check_file(input.path, options));
}

}  // namespace gafcheck::cli
