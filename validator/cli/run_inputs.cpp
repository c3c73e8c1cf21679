#include "validator/cli/run_inputs.hpp"

#include "validator/check/check_input.hpp"

namespace gafcheck::cli {

void run_inputs(const std::vector<InputItem>& inputs, const CheckOptions& options,
                RunReporter& reporter) {
  for (const InputItem& input : inputs) {
    if (input.error) {
      reporter.add(unreadable_report(input.path, *input.error));
      continue;
    }
    check_input(input.path, options,
                [&reporter](FileReport&& report) { reporter.add(std::move(report)); });
  }
}

}  // namespace gafcheck::cli
